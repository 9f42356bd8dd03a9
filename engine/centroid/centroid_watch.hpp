#pragma once
// The reduce stage's watch (engine/lab/watch.hpp) over every centroid variant: the reduce
// primitive's variants through its own watch (uints summed in groups of 8), and the centroid's own
// strategies on a small flock, each pass beside a CPU model: atomic's fixed-point accumulators,
// additive-blend's three blended texels, mipmap's bounds, texels and every level of its chain.
#include <string>
#include <vector>

#include "engine/lab/stage.hpp"

namespace boids::centroid {

// The flock of a watch: boid i at (v[i], v[i + 1], v[i + 2]) of the input's elements (each below
// 10, taken cyclically), so that x is the input itself.
lab::Watch watchCentroid(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::centroid
