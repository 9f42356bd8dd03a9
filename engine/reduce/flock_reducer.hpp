#pragma once
// Flock centroid and bounds on the GPU, result left in a FlockStats buffer for the step to read.
// Two dispatches of shaders/reduce/reduce_flock.comp: positions -> per-group partials -> stats.
// (The reduction lab adds the other strategies behind the same call.)
#include <cstdint>

#include "engine/gl/buffer.hpp"
#include "engine/gl/program.hpp"

namespace boids::reduce {

class FlockReducer {
 public:
  static constexpr std::uint32_t kGroupSize = 256;
  static constexpr std::uint32_t kItemsPerInvocation = 4;  // before the shared-memory tree
  static constexpr std::uint32_t kMaxPartials = 1024;      // the final pass's input, 4 per invocation

  explicit FlockReducer(const gl::ShaderLibrary& library);
  void reload(const gl::ShaderLibrary& library);

  // Reads `positions` (count vec4), writes `stats` (one FlockStats). Ends with the barrier that
  // makes `stats` visible to shader storage reads.
  void reduce(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& stats);

  static std::uint32_t partialCount(std::uint32_t count);

 private:
  gl::Program partials_, final_;
  gl::Buffer partialBuffer_;
};

}  // namespace boids::reduce
