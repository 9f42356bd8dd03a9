#pragma once
// The k-nearest search's watch (engine/lab/watch.hpp): each variant's one dispatch on a small flock
// at integer coordinates (so float and double distances agree exactly), the lists beside the CPU
// reference's. k is the request's (boids watch: --nearest).
#include "engine/lab/stage.hpp"

namespace boids::primitives {

lab::Watch watchKnn(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::primitives
