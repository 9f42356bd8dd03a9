#pragma once
// A multisampled colour + depth target for headless frames, resolved into a plain RGBA8 target
// from which screenshots are read. Its colour is a texture, which compute passes may store to.
#include <glm/vec2.hpp>

#include "engine/gl/handles.hpp"
#include "engine/gl/image.hpp"

namespace boids::render {

// Where a frame is drawn: a framebuffer (0: the window's) and, where shaders may store into its
// colour, that texture (RGBA8; 0: none, as the window's) and its samples (1: a plain 2D texture).
struct FrameTarget {
  unsigned framebuffer = 0;
  unsigned colour = 0;
  int samples = 1;
};

class OffscreenTarget {
 public:
  OffscreenTarget(glm::ivec2 size, int samples);

  void bind() const;             // as the draw framebuffer
  FrameTarget target() const { return {drawFbo_.id(), color_.id(), samples_}; }
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
  gl::TextureName color_;
  gl::RenderbufferName depth_;
  gl::TextureName resolved_;
  gl::FramebufferName drawFbo_, resolveFbo_;
};

}  // namespace boids::render
