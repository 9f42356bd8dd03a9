#include "engine/centroid/baseline.hpp"

#include "engine/centroid/reducers.hpp"
#include "engine/gl/dispatch.hpp"
#include "shaders/centroid/centroid_slots.h"

namespace boids::centroid {

Baselines::Baselines(const gl::ShaderLibrary& library, const gl::Caps& caps)
    : caps_(caps),
      empty_(gl::Program::compute(library, "centroid/baseline.comp", {{"STREAM", "0"}})),
      stream_(gl::Program::compute(library, "centroid/baseline.comp", {{"STREAM", "1"}})) {}

void Baselines::dispatchOnly(const gl::Buffer& out) {
  out.bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_STATS);
  empty_.use();
  glUniform1ui(CENTROID_LOC_ITEMS, 0);
  glDispatchCompute(1, 1, 1);
  statsBarrier();
}

void Baselines::streamRead(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& out) {
  positions.bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_POSITIONS);
  out.bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_STATS);
  stream_.use();
  glUniform1ui(CENTROID_LOC_ITEMS, count);
  glDispatchCompute(gl::groupsFor(count, 256, caps_, 8, 1024), 1, 1);  // the grid of tree and single-pass
  statsBarrier();
}

}  // namespace boids::centroid
