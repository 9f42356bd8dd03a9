#pragma once
// The simulation's GPU state and passes: the flock, its parameters (uniform block), the flock
// statistics written by the reduction, and the programs of the two compute passes.
#include <cstdint>
#include <optional>
#include <vector>

#include <glm/vec4.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/readback.hpp"
#include "engine/centroid/reducer.hpp"
#include "engine/sim/flock.hpp"
#include "engine/sim/params.hpp"
#include "engine/sim/stepper.hpp"

namespace boids::sim {

class Simulation {
 public:
  // Throws std::invalid_argument when validate(settings) names a problem or the reduction
  // strategy is unknown or cannot run here.
  Simulation(const gl::ShaderLibrary& library, const gl::Caps& caps, const SimSettings& settings,
             std::string_view reduceVariant = centroid::kDefaultCentroidVariant);

  const SimSettings& settings() const { return settings_; }
  // A new count or seed rebuilds the flock from its initial state; other changes apply next step.
  void apply(const SimSettings& settings);
  void reset();  // back to the seed's frame 0
  void load(const FlockState& state);  // this flock in place of the current one (same count)

  // The attractor the window holds while a key is down, from the next step on: `point` (world
  // coordinates, under the mouse) with `mode` replaces the settings' attractor until
  // setAttractor(std::nullopt) lets go (Off with a point: no attractor while held). Runtime state,
  // never saved; apply() and reset() keep it. A point that is not finite (a ray that missed its
  // plane) lets go too and returns false, rather than turn the whole flock non-finite.
  bool setAttractor(std::optional<glm::vec3> point, AttractorMode mode = AttractorMode::Attract);
  // The attractor in effect: the held one, else the settings'.
  Attractor attractor() const { return held_.value_or(settings_.attractor); }
  bool attractorHeld() const { return held_.has_value(); }
  // The SimParams the next step uploads: toGpu() of the settings with the attractor in effect.
  gpu::SimParams params() const;
  // The SimParams the last step ran with, as the reference step takes them: params(), and while
  // hunting the point the boids fled and its signed strength, read back (it stalls) from the
  // predator's pass, in place of the settings' attractor.
  gpu::SimParams stepParams() const;
  // Rebuilds every program from `library`; on a ShaderError nothing changes and it propagates.
  void reloadShaders(const gl::ShaderLibrary& library);
  // Switches the strategy that computes the centroid and bounds; throws std::invalid_argument
  // (and keeps the current one) when it is unknown or cannot run here.
  void setReduceVariant(std::string_view name);
  const centroid::CentroidVariant& reduceVariant() const { return *strategyInfo_; }
  // Why the strategy last asked for was replaced by the default (it cannot take this flock), or "".
  const std::string& fallbackReason() const { return fallbackReason_; }
  centroid::Reducer& reducer() { return *reducer_; }
  const centroid::Reducer& reducer() const { return *reducer_; }
  centroid::Input reduceInput() const { return {&flock_.positions(), flock_.count(), coordinateBound()}; }
  // Positions stay inside the cube: walls clamp them, the wrap-around world wraps them.
  float coordinateBound() const { return 0.5f * settings_.worldSize; }

  // The compute passes of a frame, in order (engine/frame.cpp runs each in a timer scope).
  void reduce();      // positions -> stats (centroid, bounds)
  bool usesGrid() const { return settings_.neighbours != Neighbours::BruteForce; }
  void hash();        // grid: positions -> (cell, boid) pairs
  void sortCells();   // grid: pairs in cell order
  void cellRanges();  // grid: where each cell's boids start in sorted order
  void reorder();     // grid, coherent only: positions and velocities in cell order
  void integrate();   // positions, velocities, stats (and the grid) -> next positions, velocities
  // All of a step at once: the grid passes when the grid is in use, then integrate().
  void step();
  // Builds the grid and returns, per boid slot, what the grid step would see: (count, sum hash,
  // xor hash) of the boids within the largest radius. The flock is unchanged. Blocking: checks.
  // `watcher` (a watch): told of each grid pass and of the audit's dispatch ("audit").
  std::vector<glm::uvec4> auditNeighbours(gl::Watcher* watcher = nullptr);

  // Uploads the settings as SimParams and binds them at UBO_SIM_PARAMS (every pass that reads them).
  void bindParams();

  // The coherent grid keeps the flock in cell order: after its step, the boid in slot s is the one
  // that was in slot order()[s] before. Identity for the other searches. Blocking: tests and checks.
  std::vector<std::uint32_t> lastOrder() const;

  // Throws std::invalid_argument (keeping the current one) for an unknown sorter.
  void setSorter(std::string_view name) { grid_.setSorter(name); }
  const grid::SpatialGrid& grid() const { return grid_; }
  void watchGridWith(gl::Watcher* watcher) { grid_.watchWith(watcher); }  // the grid's passes, for a watch

  const Flock& flock() const { return flock_; }
  Flock& flock() { return flock_; }
  const gl::Buffer& stats() const { return stats_; }
  // The topological rule's cell width now: about the flock's mean distance to its k-th nearest,
  // measured by the step on a sample of the boids and read back without stalling (until the first
  // sample is back, estimated from the flock's density on the CPU; 0 when that cannot be told:
  // gridGeometry() then sizes them from the separation radius).
  float nearestCell() const { return cell_; }
  // The hunting predator (shaders/sim/predator.comp): vec4[3], its position (w attacks so far),
  // velocity (w time into this attack) and the point the flock flees (w its signed strength, 0
  // between dives). Read it without stalling through gl::AsyncReadback.
  const gl::Buffer& predator() const { return predator_; }
  std::uint64_t steps() const { return steps_; }

  // One uint: boids the steps found non-finite (NaN or infinite) and put back into the world,
  // since this simulation was made (shaders/sim/repair.glsl). Read it without stalling through
  // gl::AsyncReadback, or with nonFiniteRepaired() where a stall does not matter.
  const gl::Buffer& health() const { return health_; }
  std::uint32_t nonFiniteRepaired() const;
  // A test aid: makes `count` boids, spread over the flock, non-finite (NaN positions), to show
  // the repair working (--inject-nonfinite).
  void injectNonFinite(std::uint32_t count);

 private:
  std::unique_ptr<centroid::Reducer> createReducer(const gl::ShaderLibrary& library, std::string_view name) const;

  gl::Caps caps_;
  SimSettings settings_;
  Flock flock_;
  gl::Buffer params_;
  gl::Buffer stats_;
  gl::Buffer health_;
  const centroid::CentroidVariant* strategyInfo_ = nullptr;
  std::unique_ptr<centroid::Reducer> reducer_;
  std::string fallbackReason_;
  BruteForceStepper stepper_;
  GridStepper gridStepper_;
  grid::SpatialGrid grid_;
  gl::ShaderLibrary library_;  // what the strategies are built from when switched
  std::uint64_t steps_ = 0;
  std::uint32_t phase_ = 0;  // the last step's place in the reaction cycle (SimParams::sampling.z)
  std::optional<Attractor> held_;  // setAttractor()'s
  gl::Buffer predator_;
  gl::Program predatorProgram_;
  void resetPredator();
  gl::Buffer reach_;                // the topological step's sampled k-th distances (SSBO_REACH)
  gl::AsyncReadback reachReadback_;
  float cell_ = 0;
  std::uint64_t reachAskedAt_ = 0;  // the step whose sample is in flight
  void sampleReach();               // takes the sample due now, clears the buffer for the next
  void sizeCellsFor(const FlockState& state);
  Simulation(const gl::ShaderLibrary& library, const gl::Caps& caps, const SimSettings& settings, const FlockState& start,
             std::string_view reduceVariant);
};

}  // namespace boids::sim
