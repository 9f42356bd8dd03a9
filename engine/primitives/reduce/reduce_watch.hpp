#pragma once
// The reduction's watch (engine/lab/watch.hpp): each kernel variant summing a small input of uints
// (a payload of one word an item), in groups of 8, beside a CPU model of the same passes.
#include "engine/lab/stage.hpp"

namespace boids::primitives {

lab::Watch watchReduce(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::primitives
