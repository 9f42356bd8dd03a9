#pragma once
// The sky and the ground (shaders/render/ground.glsl) behind the scene, two ways to the same
// picture: computed (render/background.comp stores each pixel into the frame's colour image,
// every sample of it) or drawn (render/ground.frag, then render/sky.frag where the ground left
// the frame). Either leaves no depth: the background is behind everything drawn after it.
#include <map>

#include <glm/glm.hpp>

#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/render/ground.hpp"
#include "engine/render/offscreen_target.hpp"

namespace boids::render {

enum class BackgroundPath { Auto, Drawn, Computed };

class Background {
 public:
  Background(const gl::ShaderLibrary& library, const gl::Caps& caps);
  void reload(const gl::ShaderLibrary& library);

  // Auto: computed where `target`'s colour is an image a shader can store to and the renderer is
  // a GPU's (a software one runs its rasteriser faster than as many compute invocations); drawn
  // otherwise. Tests force one.
  void setPath(BackgroundPath path) { path_ = path; }
  bool computes(const FrameTarget& target) const;

  // The sky, and the ground with `ground`'s last shadow (null: the sky alone), over all of
  // `target` (bound, `viewport` pixels), its depth cleared to the far plane. Needs the render
  // params, camera, SH, shade constants and environment bound (BoidRenderer::bindFrame) and an
  // empty VAO; leaves the depth test on at GL_LESS.
  void draw(const FrameTarget& target, glm::ivec2 viewport, const Ground* ground);

 private:
  struct Programs {
    gl::Program ground, sky;
  };
  static Programs build(const gl::ShaderLibrary& library);
  const gl::Program& computeProgram(int samples);  // background.comp for images of `samples`, made once

  gl::ShaderLibrary library_;
  gl::Caps caps_;
  Programs programs_;
  std::map<int, gl::Program> computed_;  // by samples (1: a plain 2D image)
  BackgroundPath path_ = BackgroundPath::Auto;
};

}  // namespace boids::render
