#pragma once
// The boids step. BruteForceStepper visits every pair (O(N^2), shared-memory tiles); the spatial
// grid comes in as another implementation of the same call.
#include <cstdint>

#include "engine/gl/buffer.hpp"
#include "engine/gl/program.hpp"
#include "engine/sim/flock.hpp"

namespace boids::sim {

class BruteForceStepper {
 public:
  static constexpr std::uint32_t kGroupSize = 128;

  explicit BruteForceStepper(const gl::ShaderLibrary& library);
  void reload(const gl::ShaderLibrary& library);

  // Reads the flock's current state, the SimParams block bound at UBO_SIM_PARAMS and `stats`
  // (centroid); writes the other state buffers and swaps the flock to them. Ends with the barrier
  // that makes the new state visible to shader storage and vertex-pulling reads.
  void step(Flock& flock, const gl::Buffer& stats);

 private:
  gl::Program program_;
};

}  // namespace boids::sim
