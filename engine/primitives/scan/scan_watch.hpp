#pragma once
// The scan's watch (engine/lab/watch.hpp): each variant's passes on a small input, beside a CPU
// model of the same passes.
#include "engine/lab/stage.hpp"

namespace boids::primitives {

lab::Watch watchScan(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::primitives
