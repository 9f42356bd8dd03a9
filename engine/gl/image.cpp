#include "engine/gl/image.hpp"

#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <string>

#include <stb_image_write.h>

namespace boids::gl {

Image readFramebuffer(GLuint framebuffer, int width, int height) {
  Image image{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 4)};
  GLint previous = 0;
  glGetIntegerv(GL_READ_FRAMEBUFFER_BINDING, &previous);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
  glReadBuffer(framebuffer == 0 ? GL_BACK : GL_COLOR_ATTACHMENT0);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
  glBindFramebuffer(GL_READ_FRAMEBUFFER, static_cast<GLuint>(previous));
  // GL's first row is the bottom one; images start at the top.
  const std::size_t row = static_cast<std::size_t>(width) * 4;
  std::vector<std::uint8_t> tmp(row);
  for (int y = 0; y < height / 2; ++y) {
    std::uint8_t* a = image.rgba.data() + static_cast<std::size_t>(y) * row;
    std::uint8_t* b = image.rgba.data() + static_cast<std::size_t>(height - 1 - y) * row;
    std::memcpy(tmp.data(), a, row);
    std::memcpy(a, b, row);
    std::memcpy(b, tmp.data(), row);
  }
  return image;
}

void writePng(const std::filesystem::path& path, const Image& image) {
  if (image.width <= 0 || image.height <= 0) {
    throw std::runtime_error("cannot write '" + path.string() + "': the image is empty");
  }
  if (path.has_parent_path()) {
    std::error_code ec;
    std::filesystem::create_directories(path.parent_path(), ec);
    if (ec) throw std::runtime_error("cannot create folder '" + path.parent_path().string() + "': " + ec.message());
  }
  errno = 0;
  if (!stbi_write_png(path.c_str(), image.width, image.height, 4, image.rgba.data(), image.width * 4)) {
    throw std::runtime_error("cannot write PNG '" + path.string() + "'" +
                             (errno ? std::string(": ") + std::strerror(errno) : std::string()));
  }
}

}  // namespace boids::gl
