#pragma once
// The CPU reference and judge of the k-nearest-neighbour primitive (engine/primitives/knn), and
// the flocks it is judged on.
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <glm/vec4.hpp>

#include "engine/verify/primitives.hpp"

namespace boids::verify {

// Boid i's min(k, n - 1) nearest others in double precision, nearest first, equal distances by
// the lower index: every other boid looked at (a heap of k), so it shares nothing with the grid.
std::vector<std::uint32_t> referenceKnn(std::span<const glm::vec4> positions, std::uint32_t i, std::uint32_t k);

// The boids a judge compares: all of a small flock, an even sample of a large one (each costs an
// O(n) search).
std::vector<std::uint32_t> knnSample(std::uint32_t n);

// The GPU's lists (k a boid, by boid index, kNoNeighbour where a boid has fewer than k others)
// against the reference at each boid of `sample`. A list passes when it holds min(k, n - 1)
// distinct other boids, nearest first, and is the reference's set, or differs from it only among
// boids whose distances are within float rounding of the k-th (counted as ties in the detail).
Judgement judgeKnn(std::span<const glm::vec4> positions, std::span<const std::uint32_t> gpu, std::uint32_t k,
                   std::span<const std::uint32_t> sample);

// The flocks the primitive is judged and timed on, from a seed: "uniform" through a cube at the
// CIS 565 density; "dense": nine in ten boids in a cube a twentieth of the flock's side across
// (thousands of times denser than a cell of a grid sized for the whole flock), the rest spread
// through it.
std::vector<glm::vec4> knnFlock(const std::string& pattern, std::uint32_t n, std::uint64_t seed);

}  // namespace boids::verify
