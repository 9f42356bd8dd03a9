#include "engine/render/background.hpp"

#include <string>

#include "shaders/common/bindings.h"

namespace boids::render {
namespace {

constexpr GLuint kTile = 8;  // background.comp's work group: kTile x kTile pixels (its TILE)

}  // namespace

Background::Programs Background::build(const gl::ShaderLibrary& library) {
  return {gl::Program::build(library, {{GL_VERTEX_SHADER, "render/ground.vert"}, {GL_FRAGMENT_SHADER, "render/ground.frag"}}),
          gl::Program::build(library, {{GL_VERTEX_SHADER, "render/sky.vert"}, {GL_FRAGMENT_SHADER, "render/sky.frag"}})};
}

Background::Background(const gl::ShaderLibrary& library, const gl::Caps& caps)
    : library_(library), caps_(caps), programs_(build(library)) {}

void Background::reload(const gl::ShaderLibrary& library) {
  library_ = library;
  programs_ = build(library);
  computed_.clear();
}

const gl::Program& Background::computeProgram(int samples) {
  auto it = computed_.find(samples);
  if (it == computed_.end()) {
    const std::string defined = std::to_string(samples > 1 ? samples : 0);
    it = computed_.emplace(samples, gl::Program::compute(library_, "render/background.comp", {{"SAMPLES", defined}, {"TILE", std::to_string(kTile)}})).first;
  }
  return it->second;
}

bool Background::computes(const FrameTarget& target) const {
  const bool storable = target.colour != 0 && (target.samples <= 1 || target.samples <= caps_.maxImageSamples);
  if (path_ == BackgroundPath::Auto) return storable && !caps_.softwareRenderer();
  return path_ == BackgroundPath::Computed && storable;
}

void Background::draw(const FrameTarget& target, glm::ivec2 viewport, const Ground* ground) {
  if (ground) {
    glActiveTexture(GL_TEXTURE0 + UNIT_SHADOW);
    glBindTexture(GL_TEXTURE_2D, ground->shadow());
    glActiveTexture(GL_TEXTURE0);
  }
  glDepthMask(GL_TRUE);
  glClearDepth(1.0);
  glClear(GL_DEPTH_BUFFER_BIT);
  glEnable(GL_DEPTH_TEST);
  if (computes(target)) {
    computeProgram(target.samples).use();
    glUniform1ui(LOC_BACKGROUND, ground ? 1u : 0u);
    glBindImageTexture(0, target.colour, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glDispatchCompute((GLuint(viewport.x) + kTile - 1) / kTile, (GLuint(viewport.y) + kTile - 1) / kTile, 1);
    glMemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);  // the draws after blend over what it stored
    return;
  }
  // The ground, then the sky at the far plane wherever the ground left the frame; then the
  // ground's depth cleared, as the computed path leaves none.
  if (ground) {
    glDepthFunc(GL_LESS);
    programs_.ground.use();
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
  }
  glDepthFunc(GL_LEQUAL);
  glDepthMask(GL_FALSE);
  programs_.sky.use();
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glDepthMask(GL_TRUE);
  glDepthFunc(GL_LESS);
  if (ground) glClear(GL_DEPTH_BUFFER_BIT);
}

}  // namespace boids::render
