#pragma once
// The simulation's GPU state and passes: the flock, its parameters (uniform block), the flock
// statistics written by the reduction, and the programs of the two compute passes.
#include <cstdint>

#include "engine/gl/buffer.hpp"
#include "engine/reduce/flock_reducer.hpp"
#include "engine/sim/flock.hpp"
#include "engine/sim/params.hpp"
#include "engine/sim/stepper.hpp"

namespace boids::sim {

class Simulation {
 public:
  // Throws std::invalid_argument when validate(settings) names a problem.
  Simulation(const gl::ShaderLibrary& library, const SimSettings& settings);

  const SimSettings& settings() const { return settings_; }
  // A new count or seed rebuilds the flock from its initial state; other changes apply next step.
  void apply(const SimSettings& settings);
  void reset();  // back to the seed's frame 0
  // Rebuilds every program from `library`; on a ShaderError nothing changes and it propagates.
  void reloadShaders(const gl::ShaderLibrary& library);

  // The two compute passes of a frame, in order (engine/frame.cpp runs them in timer scopes).
  void reduce();  // positions -> stats (centroid, bounds)
  void step();    // positions, velocities, stats -> next positions, velocities

  const Flock& flock() const { return flock_; }
  Flock& flock() { return flock_; }
  const gl::Buffer& stats() const { return stats_; }
  std::uint64_t steps() const { return steps_; }

 private:
  SimSettings settings_;
  Flock flock_;
  gl::Buffer params_;
  gl::Buffer stats_;
  reduce::FlockReducer reducer_;
  BruteForceStepper stepper_;
  std::uint64_t steps_ = 0;
};

}  // namespace boids::sim
