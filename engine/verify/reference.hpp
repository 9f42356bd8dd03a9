#pragma once
// Double-precision CPU references for the GPU's flock statistics and simulation step, each with a
// per-result error bound derived from the float arithmetic the GPU does (see reference.cpp).
#include <cstdint>
#include <span>
#include <vector>

#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "engine/gpu_types.hpp"
#include "engine/verify/error_model.hpp"
#include "shaders/primitives/knn/knn_slots.h"

namespace boids::verify {

struct ReferenceStats {
  glm::dvec3 centroid{0}, boundsMin{0}, boundsMax{0};
  glm::dvec3 sumAbs{0};  // sum of |position| per axis: the scale of the summation's rounding error
};

// Centroid (Neumaier-compensated sum in double: error far below float's) and exact bounds.
ReferenceStats referenceStats(const std::vector<glm::vec4>& positions);

// Bound on |GPU centroid - exact centroid| per axis for a reduction with this error model (see
// reference.cpp for the derivation).
// The flock's extent, the scale errors and bounds are compared with: its box's largest side; for a
// flock at one point (one boid), its largest coordinate's magnitude; 1 at the origin.
double flockExtent(const ReferenceStats& stats);
glm::dvec3 centroidTolerance(const ReferenceStats& stats, std::size_t count, const ErrorModel& model);
// The same with the additions' error as it is expected rather than at worst (probabilisticGamma):
// what a correct reduction stays within but for a vanishing chance.
glm::dvec3 centroidStatisticalBound(const ReferenceStats& stats, std::size_t count, const ErrorModel& model);

struct ReferenceStep {
  std::vector<glm::dvec3> positions, velocities;
  std::vector<double> positionTolerance, velocityTolerance;  // Euclidean, per boid
  // What the step writes to position.w: banked flight's bank (1 in clamped flight), within its tolerance.
  std::vector<double> banks, bankTolerance;
  // The topological rule's velocity.w: its k over the volume of the ball that holds them, within a
  // relative tolerance (the metric rule's is `neighbours`, exact).
  std::vector<double> density, densityTolerance;
  // The boid's neighbours within the largest radius (params.radiiSq.w), counted at the position it
  // read: what the step writes to velocity.w (the local density), exactly.
  std::vector<std::uint32_t> neighbours;
  // A neighbour's squared distance lies within float rounding of a radius (a rule's or the largest):
  // the GPU may count it on the other side, so the boid's result is not comparable. Such boids are
  // counted, not hidden.
  std::vector<std::uint8_t> ambiguous;
  // Whether the boid searched its k nearest (1) or took the neighbours it kept (0), and the list
  // it steered by and keeps: k boid indices a boid (of the state the step read), nearest first,
  // kNoNeighbour past the last (topological rule only).
  std::vector<std::uint8_t> reacted;
  std::vector<std::uint32_t> nearest;
};

inline constexpr std::uint32_t kNoNeighbour = KNN_NONE;

// The topological step's reaction time (reactsNow() in shaders/sim/sim_step_grid.comp): whether
// the boid in sorted slot `slot` searches its neighbours in the step `params` describe, rather
// than take those it kept.
bool reactsAt(std::uint32_t slot, const gpu::SimParams& params);

// What a step with a reaction time (params.sampling.y > 1) starts from besides the state: the
// neighbours each boid kept (params.nearest indices a boid into the state, kNoNeighbour past the
// last: sim::Flock::readKept()) and its slot in the step's sorted order.
struct Kept {
  std::span<const std::uint32_t> lists;
  std::span<const std::uint32_t> slots;
};

// One step of the model in shaders/sim/boid_rules.glsl (and, for the topological rule,
// shaders/sim/topological.glsl), brute force over all pairs, in double, from the very float inputs
// and parameters the GPU used (`centroid` as the GPU read it). A topological boid is ambiguous when
// its k-th and (k+1)-th nearest (or the closest it separates from and the next) are within float
// rounding of each other, or one of them of the range: the GPU may pick the other.
// `only`: compute just these boids (the others stay zero), for samples of large flocks.
// `kept`: the neighbours each boid kept between reactions; null: every boid searches (a new flock).
ReferenceStep referenceStep(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                            const gpu::SimParams& params, glm::dvec3 centroid, const std::vector<std::uint32_t>* only = nullptr,
                            const Kept* kept = nullptr);

// The GPU's flock after a step against the reference step, boid by boid: position and velocity
// within their Euclidean bounds (the position's in the world's metric), the bank (position.w)
// and the density (topological) or neighbour count (metric, exact) in velocity.w within theirs.
struct StepJudgement {
  std::size_t compared = 0, ambiguous = 0;  // ambiguous boids are counted and, unless asked, not judged
  std::size_t failures = 0;                 // position or velocity out of bounds (NaN too)
  std::size_t densityMismatches = 0, bankMismatches = 0;
  double worstRatio = 0;     // the largest error over its bound, of a position or velocity
  std::size_t worstBoid = 0;
  bool pass() const { return failures + densityMismatches + bankMismatches == 0; }
};
// Slot s of `positions` and `velocities` holds boid order[s]. `only`: the boids the reference
// computed (all when null). `ambiguousToo`: judge the ambiguous boids as well (a flock whose
// offsets float holds exactly, where a tie is a tie and its order is the rule's).
StepJudgement judgeStep(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                        std::span<const std::uint32_t> order, const ReferenceStep& ref, const gpu::SimParams& params,
                        const std::vector<std::uint32_t>* only = nullptr, bool ambiguousToo = false);
// The lists the step kept (slot s holds boid order[s]'s, each entry an index into the slots)
// against the reference's, entry by entry, over the unambiguous boids: the boids whose list differs.
std::size_t keptMismatches(std::span<const std::uint32_t> lists, std::span<const std::uint32_t> order,
                           const ReferenceStep& ref, std::uint32_t k);

// The neighbour set of boid i as the audit kernel reports it: count and the two hashes of the
// indices within the largest radius (params.radiiSq.w). `ambiguous` when some boid lies within
// float rounding of that radius (the GPU may count it either way): such boids are not compared.
struct NeighbourSet {
  std::uint32_t count = 0, sum = 0, xorHash = 0;
  bool ambiguous = false;
};
NeighbourSet referenceNeighbours(const std::vector<glm::vec4>& positions, std::size_t i, const gpu::SimParams& params);

// What the grid looks like for these positions (the GPU's cell formula, in float): occupied cells,
// the most and the mean boids per occupied cell, and the mean number of boids within the largest
// radius (over an even sample of up to `sample` boids).
struct GridStats {
  std::uint64_t cells = 0, occupied = 0;
  std::uint32_t maxPerCell = 0;
  double meanPerOccupied = 0, meanNeighbours = 0;
};
GridStats gridStats(const std::vector<glm::vec4>& positions, const gpu::SimParams& params, std::size_t sample = 4096);

// Distance between two positions in the world (periodic in the wrap-around world).
double worldDistance(glm::dvec3 a, glm::dvec3 b, const gpu::SimParams& params);

}  // namespace boids::verify
