#pragma once
// The reduction as a stage of the lab (engine/lab/stage.hpp): every centroid variant (the reduce
// primitive's with the centroid payload, and the centroid's own) on the case's flock, judged
// against the double-precision centroid and bounds within its variant's error bound. The bench
// rotates the positions among copies covering 512 MiB, so runs read memory, not the last run's
// lines in L2, and reads each beside the fixed cost of a dispatch and a plain streaming read.
#include "engine/lab/stage.hpp"

namespace boids::centroid {
extern const lab::StageInfo kReduceStage;
}
