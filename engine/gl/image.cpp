#include "engine/gl/image.hpp"

#include <algorithm>
#include <cmath>
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

std::string encodePng(const Image& image) {
  if (image.width <= 0 || image.height <= 0) throw std::runtime_error("cannot encode an empty image as PNG");
  std::string bytes;
  auto append = [](void* context, void* data, int size) {
    static_cast<std::string*>(context)->append(static_cast<const char*>(data), static_cast<std::size_t>(size));
  };
  if (!stbi_write_png_to_func(append, &bytes, image.width, image.height, 4, image.rgba.data(), image.width * 4)) {
    throw std::runtime_error("the PNG encoder failed on a " + std::to_string(image.width) + "x" +
                             std::to_string(image.height) + " image");
  }
  return bytes;
}

Image letterbox(const Image& image, int width, int height) {
  if (image.width == width && image.height == height) return image;
  Image out{width, height, std::vector<std::uint8_t>(static_cast<std::size_t>(width) * height * 4, 0)};
  for (std::size_t i = 3; i < out.rgba.size(); i += 4) out.rgba[i] = 255;
  if (image.width <= 0 || image.height <= 0) return out;
  const double scale = std::min(double(width) / image.width, double(height) / image.height);
  const int w = std::clamp(static_cast<int>(std::lround(image.width * scale)), 1, width);
  const int h = std::clamp(static_cast<int>(std::lround(image.height * scale)), 1, height);
  const int x0 = (width - w) / 2, y0 = (height - h) / 2;
  auto texel = [&](int x, int y, int c) {
    x = std::clamp(x, 0, image.width - 1);
    y = std::clamp(y, 0, image.height - 1);
    return double(image.rgba[(static_cast<std::size_t>(y) * image.width + x) * 4 + c]);
  };
  for (int y = 0; y < h; ++y) {
    const double sy = (y + 0.5) / scale - 0.5;
    const int iy = static_cast<int>(std::floor(sy));
    const double fy = sy - iy;
    for (int x = 0; x < w; ++x) {
      const double sx = (x + 0.5) / scale - 0.5;
      const int ix = static_cast<int>(std::floor(sx));
      const double fx = sx - ix;
      std::uint8_t* dst = &out.rgba[(static_cast<std::size_t>(y0 + y) * width + x0 + x) * 4];
      for (int c = 0; c < 4; ++c) {
        const double top = texel(ix, iy, c) * (1 - fx) + texel(ix + 1, iy, c) * fx;
        const double bottom = texel(ix, iy + 1, c) * (1 - fx) + texel(ix + 1, iy + 1, c) * fx;
        dst[c] = static_cast<std::uint8_t>(std::lround(top * (1 - fy) + bottom * fy));
      }
    }
  }
  return out;
}

}  // namespace boids::gl
