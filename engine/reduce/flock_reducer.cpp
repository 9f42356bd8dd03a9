#include "engine/reduce/flock_reducer.hpp"

#include <algorithm>

#include "engine/gpu_types.hpp"

namespace boids::reduce {

FlockReducer::FlockReducer(const gl::ShaderLibrary& library)
    : partialBuffer_("reduce.partials", kMaxPartials * sizeof(gpu::ReducePartial)) {
  reload(library);
}

void FlockReducer::reload(const gl::ShaderLibrary& library) {
  const std::string group = std::to_string(kGroupSize);
  auto partials = gl::Program::compute(library, "reduce/reduce_flock.comp", {{"GROUP_SIZE", group}, {"FINAL_PASS", "0"}});
  auto final = gl::Program::compute(library, "reduce/reduce_flock.comp", {{"GROUP_SIZE", group}, {"FINAL_PASS", "1"}});
  partials_ = std::move(partials);  // assigned only once both built: a failed reload keeps the old pair
  final_ = std::move(final);
}

std::uint32_t FlockReducer::partialCount(std::uint32_t count) {
  return std::clamp<std::uint32_t>(gl::groupsFor(count, kGroupSize * kItemsPerInvocation), 1u, kMaxPartials);
}

void FlockReducer::reduce(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& stats) {
  const std::uint32_t groups = partialCount(count);
  positions.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  partialBuffer_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS);
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);

  partials_.use();
  glUniform1ui(LOC_REDUCE_INPUT_COUNT, count);
  glUniform1ui(LOC_REDUCE_BOID_COUNT, count);
  glDispatchCompute(groups, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // partials written -> read by the final pass

  final_.use();
  glUniform1ui(LOC_REDUCE_INPUT_COUNT, groups);
  glUniform1ui(LOC_REDUCE_BOID_COUNT, count);
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // stats written -> read by the step
}

}  // namespace boids::reduce
