#pragma once
// How many groups a 1D dispatch gets: enough groups of `groupSize` invocations for `items` work
// items (each invocation taking `itemsPerInvocation`), at most this context's
// GL_MAX_COMPUTE_WORK_GROUP_COUNT[0] and at most `most`. Kernels loop over what is left
// (grid-stride), so a clamped dispatch is slower, never wrong. Never 0 groups.
#include <cstdint>
#include <limits>
#include <string>

#include "engine/gl/caps.hpp"
#include "engine/gl/gl.hpp"

namespace boids::gl {

inline GLuint groupsFor(std::uint64_t items, std::uint32_t groupSize, const Caps& caps, std::uint32_t itemsPerInvocation = 1,
                        std::uint64_t most = std::numeric_limits<std::uint64_t>::max()) {
  const std::uint64_t perGroup = std::uint64_t(groupSize) * itemsPerInvocation;
  std::uint64_t groups = (items + perGroup - 1) / perGroup;
  const std::uint64_t limit = caps.maxComputeGroupCountX > 0 ? std::uint64_t(caps.maxComputeGroupCountX) : 65535u;
  if (groups > limit) groups = limit;
  if (groups > most) groups = most;
  return static_cast<GLuint>(groups < 1 ? 1 : groups);
}

// Why a dispatch of one group per tile (not grid-stride) cannot run `tiles` tiles here; empty: it can.
inline std::string tilesOverGroupLimit(std::uint64_t tiles, const Caps& caps) {
  if (tiles <= std::uint64_t(caps.maxComputeGroupCountX > 0 ? caps.maxComputeGroupCountX : 0)) return {};
  return std::to_string(tiles) + " tiles need as many groups, over this context's GL_MAX_COMPUTE_WORK_GROUP_COUNT of " +
         std::to_string(caps.maxComputeGroupCountX);
}

// A dispatch's storage writes -> the next dispatch's storage reads: the barrier between the
// passes of a primitive that feed each other through shader storage buffers.
inline void storageBarrier() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); }

}  // namespace boids::gl
