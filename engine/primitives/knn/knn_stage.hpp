#pragma once
// The k nearest neighbours as a stage of the lab (engine/lab/stage.hpp): every variant on the
// case's flock, a uniform one and a dense one (denser than a cell of its grid can hold), for k of
// 1, 7 and 16, each list judged against the double-precision reference (engine/verify/knn.hpp);
// the bench times k = 7 on the uniform and the dense flock, whose cost should not differ much.
#include "engine/lab/stage.hpp"

namespace boids::primitives {
extern const lab::StageInfo kKnnStage;
}
