#pragma once
// RGBA8 images read back from framebuffers and encoded as PNG (stb_image_write).
#include <cstdint>
#include <string>
#include <vector>

#include "engine/gl/gl.hpp"

namespace boids::gl {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // top row first
};

// Reads the colour attachment 0 of `framebuffer` (0 = the window's back buffer). Blocking: call it
// when a screenshot was asked for, never every frame.
Image readFramebuffer(GLuint framebuffer, int width, int height);

// The PNG file's bytes (written to disk by app/files, atomically). Throws std::runtime_error for
// an empty image or when the encoder fails.
std::string encodePng(const Image& image);

// `image` scaled (bilinear) to fit inside width x height with its aspect ratio kept, centred on
// black: a recording keeps one frame size when the window is resized.
Image letterbox(const Image& image, int width, int height);

}  // namespace boids::gl
