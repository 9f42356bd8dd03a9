#include "engine/reduce/baseline.hpp"

#include <algorithm>

#include "engine/reduce/strategies.hpp"
#include "shaders/common/bindings.h"

namespace boids::reduce {

Baselines::Baselines(const gl::ShaderLibrary& library)
    : empty_(gl::Program::compute(library, "reduce/baseline.comp", {{"STREAM", "0"}})),
      stream_(gl::Program::compute(library, "reduce/baseline.comp", {{"STREAM", "1"}})) {}

void Baselines::dispatchOnly(const gl::Buffer& out) {
  out.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  empty_.use();
  glUniform1ui(LOC_REDUCE_INPUT_COUNT, 0);
  glDispatchCompute(1, 1, 1);
  statsBarrier();
}

void Baselines::streamRead(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& out) {
  positions.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  out.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  stream_.use();
  glUniform1ui(LOC_REDUCE_INPUT_COUNT, count);
  glDispatchCompute(gridGroups(count, 256, 8, 1024), 1, 1);  // as tree and single-pass
  statsBarrier();
}

}  // namespace boids::reduce
