#pragma once
// The sort as a stage of the lab (engine/lab/stage.hpp): every sorter on the grid's own (cell,
// boid) pairs of the case's flock and (check, on the initial flock) on each input pattern of
// verify::kSortPatterns (keys sorted, reversed, all equal, over the full 32-bit range), each
// judged against std::sort; every run starts from the unsorted pairs (copied back outside the
// timestamps).
#include "engine/lab/stage.hpp"

namespace boids::primitives {
extern const lab::StageInfo kSortStage;
}
