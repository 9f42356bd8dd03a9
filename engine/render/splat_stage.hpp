#pragma once
// The compute rasteriser as a stage of the lab (engine/lab/stage.hpp): verify::splatScene's n
// boids (seeded) on a 200x120 target, splatted with their index as payload by each path (one
// 64-bit atomic a pixel, where the driver has it; two 32-bit passes), every pixel judged against
// the double-precision reference.
#include "engine/lab/stage.hpp"

namespace boids::render {
extern const lab::StageInfo kSplatStage;
}
