#pragma once
// GPU-driven culling: every boid's sphere tested against a frustum and sorted by its projected size
// into levels of detail (shaders/cull/cull.glsl), each level's boids compacted into a list of their
// own by a variant of the compaction primitive (with the cull's predicate), and a
// DrawArraysIndirectCommand per level whose instance count the GPU writes. Nothing is read back.
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include <glm/mat4x4.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/gpu_types.hpp"
#include "engine/primitives/compact/compact.hpp"

namespace boids::cull {

inline constexpr int kLevels = 3;  // near, middle, far (CULL_NEAR, CULL_MIDDLE, CULL_FAR)
const char* levelName(int level);  // "near", "middle", "far"

struct DrawCommand {  // GL's DrawArraysIndirectCommand
  std::uint32_t count, instanceCount, first, baseInstance;
};

// The parameters for a camera: `viewProj`, a boid's sphere of `radius`, the projection's y scale
// (projection[1][1]) and the viewport's height give the pixels per world unit at clip w = 1; a boid
// is near from `nearPixels` of projected radius up, far below `farPixels`.
gpu::CullParams makeParams(const glm::mat4& viewProj, float radius, float projectionYScale, float viewportHeight,
                           float nearPixels, float farPixels);

class Cull {
 public:
  // `vertices`: each level's mesh, the vertex count of its draw command.
  Cull(const gl::ShaderLibrary& library, const gl::Caps& caps, const primitives::CompactVariant& variant,
       std::array<std::uint32_t, kLevels> vertices);

  // Why this variant cannot cull `count` boids here; empty when it can.
  std::string unavailableFor(std::uint32_t count) const;
  // Reads `count` positions (vec4) and the CullParams in `params`; writes each level's boid indices
  // to list(level) and the level's count to commands()[level].instanceCount. Ends with the barriers
  // that make both visible to storage reads and indirect draws.
  void run(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& params);

  const gl::Buffer& list(int level) const { return lists_[static_cast<std::size_t>(level)]; }
  const gl::Buffer& commands() const { return commands_; }  // kLevels DrawCommands
  const primitives::CompactVariant& variant() const { return *variant_; }

 private:
  const primitives::CompactVariant* variant_;
  std::array<std::unique_ptr<primitives::Compact>, kLevels> compact_;
  std::array<gl::Buffer, kLevels> lists_, counts_;
  gl::Buffer commands_;
};

}  // namespace boids::cull
