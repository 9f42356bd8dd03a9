#include "engine/cull/cull.hpp"

#include <algorithm>
#include <cstddef>

#include "shaders/cull/cull_slots.h"

namespace boids::cull {

const char* levelName(int level) {
  static const char* kNames[kLevels] = {"near", "middle", "far"};
  return level >= 0 && level < kLevels ? kNames[level] : "hidden";
}

gpu::CullParams makeParams(const glm::mat4& viewProj, float radius, float projectionYScale, float viewportHeight,
                           float nearPixels, float farPixels) {
  return {viewProj, glm::vec4(radius, projectionYScale * viewportHeight * 0.5f, nearPixels, farPixels)};
}

Cull::Cull(const gl::ShaderLibrary& library, const gl::Caps& caps, const primitives::CompactVariant& variant,
           std::array<std::uint32_t, kLevels> vertices)
    : variant_(&variant), commands_("cull.commands", sizeof(DrawCommand) * kLevels) {
  DrawCommand commands[kLevels];
  for (int level = 0; level < kLevels; ++level) {
    const primitives::CompactPredicate predicate{"cull/cull_predicate.glsl", {{"CULL_LEVEL", std::to_string(level)}}};
    compact_[static_cast<std::size_t>(level)] = variant.create(library, caps, predicate);
    counts_[static_cast<std::size_t>(level)] = gl::Buffer(std::string("cull.count.") + levelName(level), 4);
    commands[level] = {vertices[static_cast<std::size_t>(level)], 0, 0, 0};
  }
  commands_.upload(0, sizeof commands, commands);
}

std::string Cull::unavailableFor(std::uint32_t count) const { return compact_[0]->unavailableFor(count); }

void Cull::run(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& params) {
  for (std::size_t level = 0; level < kLevels; ++level) {
    if (lists_[level].size() < std::size_t(count) * 4) {
      lists_[level] = gl::Buffer(std::string("cull.list.") + levelName(static_cast<int>(level)), std::max<std::size_t>(count, 1) * 4);
    }
    params.bindBase(GL_SHADER_STORAGE_BUFFER, CULL_SLOT_PARAMS);
    compact_[level]->run(positions, count, lists_[level], counts_[level]);
    // The level's count into its draw command's instanceCount, on the GPU.
    commands_.copyFrom(counts_[level], 0, level * sizeof(DrawCommand) + offsetof(DrawCommand, instanceCount), 4);
  }
  glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
}

}  // namespace boids::cull
