#include "app/diagram_png.hpp"

#include <algorithm>
#include <cmath>

#include <imgui.h>

namespace boids::app {
namespace {

// The built-in font's atlas, made once (no ImGui context needed).
struct Font {
  ImFontAtlas atlas;
  ImFont* font = nullptr;
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  Font() {
    font = atlas.AddFontDefault();
    atlas.GetTexDataAsAlpha8(&pixels, &width, &height);
  }
};

const Font& builtInFont() {
  static const Font font;
  return font;
}

void blend(gl::Image& image, int x, int y, lab::Colour c, int alpha) {
  if (x < 0 || y < 0 || x >= image.width || y >= image.height || alpha <= 0) return;
  std::uint8_t* p = &image.rgba[(std::size_t(y) * image.width + x) * 4];
  p[0] = std::uint8_t((c.r * alpha + p[0] * (255 - alpha)) / 255);
  p[1] = std::uint8_t((c.g * alpha + p[1] * (255 - alpha)) / 255);
  p[2] = std::uint8_t((c.b * alpha + p[2] * (255 - alpha)) / 255);
  p[3] = 255;
}

void fill(gl::Image& image, int x0, int y0, int x1, int y1, lab::Colour c) {
  for (int y = std::max(y0, 0); y < std::min(y1, image.height); ++y) {
    for (int x = std::max(x0, 0); x < std::min(x1, image.width); ++x) blend(image, x, y, c, 255);
  }
}

void drawBox(gl::Image& image, const lab::Box& b) {
  const int x0 = int(std::lround(b.x)), y0 = int(std::lround(b.y));
  const int x1 = int(std::lround(b.x + b.w)), y1 = int(std::lround(b.y + b.h));
  fill(image, x0, y0, x1, y1, b.fill);
  fill(image, x0, y0, x1, y0 + 1, b.edge);
  fill(image, x0, y1 - 1, x1, y1, b.edge);
  fill(image, x0, y0, x0 + 1, y1, b.edge);
  fill(image, x1 - 1, y0, x1, y1, b.edge);
}

void drawText(gl::Image& image, const lab::Text& t) {
  const Font& f = builtInFont();
  float x = std::round(t.x);
  const float y = std::round(t.y);
  for (unsigned char c : t.text) {
    const ImFontGlyph* g = f.font->FindGlyph(c);
    if (!g) continue;
    const int u0 = int(std::lround(g->U0 * float(f.width))), v0 = int(std::lround(g->V0 * float(f.height)));
    const int w = int(std::lround(g->X1 - g->X0)), h = int(std::lround(g->Y1 - g->Y0));
    for (int gy = 0; gy < h; ++gy) {
      for (int gx = 0; gx < w; ++gx) {
        const int alpha = f.pixels[std::size_t(v0 + gy) * f.width + (u0 + gx)];
        blend(image, int(x + g->X0) + gx, int(y + g->Y0) + gy, t.ink, alpha);
      }
    }
    x += g->AdvanceX;
  }
}

}  // namespace

gl::Image drawDiagram(const lab::Diagram& diagram) {
  gl::Image image{diagram.width, diagram.height, {}};
  image.rgba.resize(std::size_t(diagram.width) * diagram.height * 4);
  fill(image, 0, 0, diagram.width, diagram.height, diagram.background);
  for (const lab::Box& b : diagram.boxes) drawBox(image, b);
  for (const lab::Text& t : diagram.texts) drawText(image, t);
  return image;
}

}  // namespace boids::app
