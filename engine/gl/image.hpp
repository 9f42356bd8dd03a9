#pragma once
// RGBA8 images read back from framebuffers and written as PNG (stb_image_write).
#include <cstdint>
#include <filesystem>
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

// Throws std::runtime_error naming the path and the reason when the file cannot be written.
void writePng(const std::filesystem::path& path, const Image& image);

}  // namespace boids::gl
