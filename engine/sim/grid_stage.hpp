#pragma once
// The grid's stages of the lab (engine/lab/stage.hpp), on the case's flock: the cell ranges
// against the sorted keys; each search's neighbour sets (dense and hashed keys) against an O(N)
// CPU search; the step (the settings' own search) against the double-precision reference. Large
// flocks are judged on an even sample of their boids.
#include "engine/lab/stage.hpp"

namespace boids::sim {
extern const lab::StageInfo kRangesStage, kNeighboursStage, kStepStage;
}
