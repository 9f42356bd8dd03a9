#pragma once
// The scan as a stage of the lab (engine/lab/stage.hpp): every variant on seeded small uints (as
// the counts and flags a scan sums), judged exactly against the CPU's prefix sums; the bench reads
// each beside a streaming copy of the same uints, its speed of light.
#include "engine/lab/stage.hpp"

namespace boids::primitives {
extern const lab::StageInfo kScanStage;
}
