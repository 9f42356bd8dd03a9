#pragma once
// The flock's spacing estimated on the CPU, from a state the CPU holds (the initial state, a
// loaded flock): what the topological rule's first cells are sized from, before the step's own
// sample of the k-th distances is back (engine/sim/simulation.cpp).
#include <cstdint>
#include <span>

#include <glm/vec4.hpp>

namespace boids::sim {

// About the mean distance from a boid to its k-th nearest: the distance at which a Poisson flock
// of the density the mean boid sees holds k others. That density is read from a histogram of up
// to 2^20 of the positions (every n-th beyond that): the boid-weighted mean of each bin's count of
// other boids over its volume, the bins resized from each pass's density until their size settles
// (about 8 sampled boids a bin), so that a flock of separate schools is judged by their density,
// not by the box around them. 0 when it cannot be told (k or fewer finite positions, or all of
// them on one point).
float meanNearestEstimate(std::span<const glm::vec4> positions, std::uint32_t k);

}  // namespace boids::sim
