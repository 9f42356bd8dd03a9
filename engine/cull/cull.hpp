#pragma once
// GPU-driven culling: every boid's sphere tested against a frustum and sorted by its projected size
// into levels of detail (shaders/cull/cull.glsl), each level's boids compacted into a list of their
// own by a variant of the compaction primitive (with the cull's predicate), and a
// DrawArraysIndirectCommand per level that the GPU writes from the level's count (commandFor says
// which), beside a DispatchIndirectCommand per level for a compute pass over the list (the splats).
// Nothing is read back.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/gl/watch.hpp"
#include "engine/gpu_types.hpp"
#include "engine/primitives/compact/compact.hpp"

namespace boids::cull {

inline constexpr int kLevels = 3;  // near, middle, far (CULL_NEAR, CULL_MIDDLE, CULL_FAR)
const char* levelName(int level);  // "near", "middle", "far"

struct DrawCommand {  // GL's DrawArraysIndirectCommand
  std::uint32_t count, instanceCount, first, baseInstance;
};

// How a level is drawn: a mesh of `vertices`, one instance per boid (instanced), or one instance
// of `vertices` per boid in a row (the vertex shader finds the boid as gl_VertexID / vertices),
// which suits meshes too small to fill a vertex warp with one instance: a triangle, a point.
struct LevelDraw {
  std::uint32_t vertices;
  bool instanced;
};
// The command that draws `boids` of a level so.
DrawCommand commandFor(LevelDraw draw, std::uint32_t boids);

class Cull : public gl::Watchable {
 public:
  // `draws`: how each level is drawn, which its draw command says.
  Cull(const gl::ShaderLibrary& library, const gl::Caps& caps, const primitives::CompactVariant& variant,
       std::array<LevelDraw, kLevels> draws);

  // Why this variant cannot cull `count` boids here; empty when it can. The single-thread
  // baseline culls at most kSingleInvocationBoids, on every driver.
  std::string unavailableFor(std::uint32_t count) const;
  static constexpr std::uint32_t kSingleInvocationBoids = 1u << 18;
  // Reads `count` positions (vec4) and the CullParams in `params`; writes each level's boid indices
  // to list(level), their number to count(level) and the level's draw command (commandFor) to
  // commands(), all on the GPU. Ends with the barriers that make them visible to storage reads,
  // copies and indirect draws.
  void run(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& params);

  const gl::Buffer& list(int level) const { return lists_[static_cast<std::size_t>(level)]; }
  const gl::Buffer& count(int level) const { return counts_[static_cast<std::size_t>(level)]; }  // one uint
  const gl::Buffer& commands() const { return commands_; }  // kLevels DrawCommands
  // kLevels DispatchIndirectCommands, kDispatchStride bytes apart: ceil(count / CULL_LIST_GROUP_SIZE)
  // groups, at most CULL_LIST_MAX_GROUPS (shaders/cull/cull_slots.h).
  const gl::Buffer& dispatches() const { return dispatches_; }
  static constexpr std::size_t kDispatchStride = 16;
  LevelDraw draw(int level) const { return draws_[static_cast<std::size_t>(level)]; }
  const primitives::CompactVariant& variant() const { return *variant_; }

  // Blocking: each level's count, for tests and checks.
  std::array<std::uint32_t, kLevels> readCounts() const;

 private:
  const primitives::CompactVariant* variant_;
  std::array<LevelDraw, kLevels> draws_;
  std::array<std::unique_ptr<primitives::Compact>, kLevels> compact_;
  std::array<gl::Buffer, kLevels> lists_, counts_;
  gl::Buffer commands_, dispatches_;
  gl::Program writeCommands_;
};

}  // namespace boids::cull
