#include "engine/render/ground.hpp"

#include <algorithm>

#include "engine/gl/dispatch.hpp"
#include "shaders/common/bindings.h"
#include "shaders/render/shadow.h"

namespace boids::render {
namespace {

constexpr std::size_t kTexels = std::size_t(SHADOW_SIZE) * SHADOW_SIZE;
constexpr std::uint32_t kShadowRun = 32;  // boids a run (shadow_splat.comp), fewer in a small flock, more past 1024 groups

}  // namespace

Ground::Programs Ground::build(const gl::ShaderLibrary& library) {
  return {gl::Program::compute(library, "render/shadow_splat.comp"), gl::Program::compute(library, "render/shadow_blur.comp")};
}

Ground::Ground(const gl::ShaderLibrary& library, const gl::Caps& caps)
    : programs_(build(library)), caps_(caps), counts_("render.shadowCounts", kTexels * sizeof(std::uint32_t)),
      opacity_(gl::genTexture()) {
  glBindTexture(GL_TEXTURE_2D, opacity_.id());
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_R16F, GLsizei(SHADOW_SIZE), GLsizei(SHADOW_SIZE));
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);
  gl::label(GL_TEXTURE, opacity_.id(), "render.shadowOpacity");
}

void Ground::reload(const gl::ShaderLibrary& library) { programs_ = build(library); }

void Ground::castShadow(const gl::Buffer& positions, std::uint32_t count, float worldSize) {
  counts_.zero(kTexels * sizeof(std::uint32_t));
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  positions.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  counts_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SHADOW);
  programs_.splat.use();
  glUniform2f(LOC_SHADOW, 0.5f * worldSize, float(SHADOW_SIZE) / std::max(worldSize, 1e-6f));
  glUniform1ui(LOC_SHADOW_COUNT, count);
  glDispatchCompute(gl::groupsFor(count, 256, caps_, kShadowRun, 1024), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  // Dark under a column of twice as many boids as an even spread would put over a texel: an even
  // flock greys the floor by a third, a school's core darkens it to almost the full strength.
  const float even = float(count) / float(kTexels);
  programs_.blur.use();
  glUniform1f(LOC_SHADOW, std::max(2.0f * even, 1.0f));
  glBindImageTexture(0, opacity_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R16F);
  glDispatchCompute(SHADOW_SIZE / SHADOW_TILE, SHADOW_SIZE / SHADOW_TILE, 1);
  glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
}

}  // namespace boids::render
