#include "engine/cull/cull.hpp"

#include <algorithm>
#include <cstddef>

#include "shaders/cull/cull_slots.h"

namespace boids::cull {

const char* levelName(int level) {
  static const char* kNames[kLevels] = {"near", "middle", "far"};
  return level >= 0 && level < kLevels ? kNames[level] : "hidden";
}

DrawCommand commandFor(LevelDraw draw, std::uint32_t boids) {
  return draw.instanced ? DrawCommand{draw.vertices, boids, 0, 0} : DrawCommand{draw.vertices * boids, 1, 0, 0};
}

Cull::Cull(const gl::ShaderLibrary& library, const gl::Caps& caps, const primitives::CompactVariant& variant,
           std::array<LevelDraw, kLevels> draws)
    : variant_(&variant),
      draws_(draws),
      commands_("cull.commands", sizeof(DrawCommand) * kLevels),
      dispatches_("cull.dispatches", kDispatchStride * kLevels),
      writeCommands_(gl::Program::compute(library, "cull/commands.comp")) {
  for (int level = 0; level < kLevels; ++level) {
    const primitives::CompactPredicate predicate{"cull/cull_predicate.glsl", {{"CULL_LEVEL", std::to_string(level)}}};
    compact_[static_cast<std::size_t>(level)] = variant.create(library, caps, predicate);
    counts_[static_cast<std::size_t>(level)] = gl::Buffer(std::string("cull.count.") + levelName(level), 4);
  }
}

std::string Cull::unavailableFor(std::uint32_t count) const {
  // One invocation tests every boid against the frustum, so millions take seconds a level.
  // Dispatches that long are a hazard on a real GPU: a 16M one came back without its work (counts
  // wrong, time 0), and while 4M ones ran, step tests in other processes on the same GPU read stale
  // buffers and crashed (docs/PERFORMANCE.md, "Cull and drawing"). So the baseline stops where a
  // level takes about a tenth of a second.
  if (std::string_view(variant_->name) == "single-thread" && count > kSingleInvocationBoids) {
    return "one invocation would test " + std::to_string(count) + " boids, over the " +
           std::to_string(kSingleInvocationBoids) + " that keep a dispatch near a tenth of a second on a GPU";
  }
  return compact_[0]->unavailableFor(count);
}

void Cull::run(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& params) {
  for (std::size_t level = 0; level < kLevels; ++level) {
    if (lists_[level].size() < std::size_t(count) * 4) {
      lists_[level] = gl::Buffer(std::string("cull.list.") + levelName(static_cast<int>(level)), std::max<std::size_t>(count, 1) * 4);
    }
    params.bindBase(GL_SHADER_STORAGE_BUFFER, CULL_SLOT_PARAMS);
    compact_[level]->watchWith(watcher());  // a level's compaction: the cull's steps too
    compact_[level]->run(positions, count, lists_[level], counts_[level]);
    compact_[level]->watchWith(nullptr);
  }
  // The counts -> the draw commands, on the GPU (the compactions end with their barriers).
  counts_[CULL_NEAR].bindBase(GL_SHADER_STORAGE_BUFFER, CULL_SLOT_COUNT_NEAR);
  counts_[CULL_MIDDLE].bindBase(GL_SHADER_STORAGE_BUFFER, CULL_SLOT_COUNT_MIDDLE);
  counts_[CULL_FAR].bindBase(GL_SHADER_STORAGE_BUFFER, CULL_SLOT_COUNT_FAR);
  commands_.bindBase(GL_SHADER_STORAGE_BUFFER, CULL_SLOT_COMMANDS);
  dispatches_.bindBase(GL_SHADER_STORAGE_BUFFER, CULL_SLOT_DISPATCHES);
  writeCommands_.use();
  glUniform3ui(CULL_LOC_VERTICES, draws_[0].vertices, draws_[1].vertices, draws_[2].vertices);
  glUniform3ui(CULL_LOC_INSTANCED, draws_[0].instanced, draws_[1].instanced, draws_[2].instanced);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
  dispatched("commands", {{"commands", &commands_, std::size_t(kLevels) * 4}});
}

std::array<std::uint32_t, kLevels> Cull::readCounts() const {
  std::array<std::uint32_t, kLevels> counts{};
  for (std::size_t level = 0; level < kLevels; ++level) counts_[level].download(0, 4, &counts[level]);
  return counts;
}

}  // namespace boids::cull
