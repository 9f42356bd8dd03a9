#pragma once
// A multisampled colour + depth target for headless frames, resolved into a plain RGBA8 target
// from which screenshots are read.
#include <glm/vec2.hpp>

#include "engine/gl/handles.hpp"
#include "engine/gl/image.hpp"

namespace boids::render {

class OffscreenTarget {
 public:
  OffscreenTarget(glm::ivec2 size, int samples);

  void bind() const;             // as the draw framebuffer
  unsigned framebuffer() const { return drawFbo_.id(); }
  gl::Image resolveAndRead();    // blocking: for screenshots
  // Resolved into resolvedTexture() (RGBA8, linear filtering): for drawing the image elsewhere
  // (the window's scene at a fraction of its size, stretched by render/present.frag).
  void resolve() const;
  unsigned resolvedTexture() const { return resolved_.id(); }
  glm::ivec2 size() const { return size_; }
  int samples() const { return samples_; }

 private:
  glm::ivec2 size_;
  int samples_;
  gl::RenderbufferName color_, depth_;
  gl::TextureName resolved_;
  gl::FramebufferName drawFbo_, resolveFbo_;
};

}  // namespace boids::render
