#include "engine/render/offscreen_target.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <string>

namespace boids::render {
namespace {
const char* statusName(GLenum status) {
  switch (status) {
    case GL_FRAMEBUFFER_UNDEFINED: return "GL_FRAMEBUFFER_UNDEFINED";
    case GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT";
    case GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT: return "GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT";
    case GL_FRAMEBUFFER_UNSUPPORTED: return "GL_FRAMEBUFFER_UNSUPPORTED";
    case GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE: return "GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE";
    case 0: return "no status: glCheckFramebufferStatus failed";
    default: return "status";
  }
}
}  // namespace

OffscreenTarget::OffscreenTarget(glm::ivec2 size, int samples)
    : size_(size),
      color_(gl::genTexture()),
      depth_(gl::genRenderbuffer()),
      resolved_(gl::genTexture()),
      drawFbo_(gl::genFramebuffer()),
      resolveFbo_(gl::genFramebuffer()) {
  GLint maxSamples = 1, maxTextureSamples = 1;
  glGetIntegerv(GL_MAX_SAMPLES, &maxSamples);
  glGetIntegerv(GL_MAX_COLOR_TEXTURE_SAMPLES, &maxTextureSamples);
  samples_ = std::clamp(samples, 1, std::max(1, static_cast<int>(std::min(maxSamples, maxTextureSamples))));

  const GLenum colourKind = samples_ > 1 ? GL_TEXTURE_2D_MULTISAMPLE : GL_TEXTURE_2D;
  glBindTexture(colourKind, color_.id());
  if (samples_ > 1) {
    glTexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, samples_, GL_RGBA8, size.x, size.y, GL_TRUE);
  } else {
    glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, size.x, size.y);
  }
  glBindTexture(colourKind, 0);
  glBindRenderbuffer(GL_RENDERBUFFER, depth_.id());
  glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples_ > 1 ? samples_ : 0, GL_DEPTH_COMPONENT24, size.x, size.y);
  glBindRenderbuffer(GL_RENDERBUFFER, 0);
  glBindTexture(GL_TEXTURE_2D, resolved_.id());
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, size.x, size.y);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  glBindTexture(GL_TEXTURE_2D, 0);

  glBindFramebuffer(GL_FRAMEBUFFER, drawFbo_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, colourKind, color_.id(), 0);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth_.id());
  GLenum drawStatus = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, resolveFbo_.id());
  glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, resolved_.id(), 0);
  GLenum resolveStatus = glCheckFramebufferStatus(GL_FRAMEBUFFER);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  if (drawStatus != GL_FRAMEBUFFER_COMPLETE || resolveStatus != GL_FRAMEBUFFER_COMPLETE) {
    const GLenum status = drawStatus != GL_FRAMEBUFFER_COMPLETE ? drawStatus : resolveStatus;
    char hex[16];
    std::snprintf(hex, sizeof hex, "0x%04X", static_cast<unsigned>(status));
    throw std::runtime_error("the offscreen image " + std::to_string(size.x) + "x" + std::to_string(size.y) + " with " +
                             std::to_string(samples_) + "x MSAA cannot be made: framebuffer incomplete (" +
                             statusName(status) + ", " + hex + "); the driver may be out of memory for it: a smaller "
                             "--width and --height");
  }
  gl::label(GL_FRAMEBUFFER, drawFbo_.id(), "offscreen.draw");
  gl::label(GL_FRAMEBUFFER, resolveFbo_.id(), "offscreen.resolve");
}

void OffscreenTarget::bind() const { glBindFramebuffer(GL_DRAW_FRAMEBUFFER, drawFbo_.id()); }

gl::Image OffscreenTarget::resolveAndRead() {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, drawFbo_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolveFbo_.id());
  glBlitFramebuffer(0, 0, size_.x, size_.y, 0, 0, size_.x, size_.y, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  return gl::readFramebuffer(resolveFbo_.id(), size_.x, size_.y);
}

void OffscreenTarget::resolve() const {
  glBindFramebuffer(GL_READ_FRAMEBUFFER, drawFbo_.id());
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, resolveFbo_.id());
  glBlitFramebuffer(0, 0, size_.x, size_.y, 0, 0, size_.x, size_.y, GL_COLOR_BUFFER_BIT, GL_NEAREST);
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
}

}  // namespace boids::render
