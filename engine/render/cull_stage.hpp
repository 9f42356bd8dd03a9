#pragma once
// The cull as a stage of the lab (engine/lab/stage.hpp): the initial flock of a case from each
// camera of verify::cullCameras, through every compaction variant with the cull's predicate, each
// level's list judged against the double-precision test (boids within rounding of a decision
// counted as either, and reported), and each level's draw command against the one its count
// calls for, the levels drawn as the renderer draws them. The bench culls from the window's cameras
// instead (framing the world, and inside the flock), with the default levels of detail.
#include "engine/lab/stage.hpp"

namespace boids::render {
extern const lab::StageInfo kCullStage;
}
