#include "engine/verify/cover.hpp"

#include <algorithm>
#include <array>
#include <cstdio>
#include <map>

namespace boids::verify {
namespace {

// Rec. 709 luminance of 8-bit sRGB-encoded values, on the encoded values (as the eye compares
// neighbouring shades on a screen), in 0..1.
double luminance(const std::uint8_t* p) { return (0.2126 * p[0] + 0.7152 * p[1] + 0.0722 * p[2]) / 255.0; }

}  // namespace

Cover measureCover(std::span<const std::uint8_t> rgba, int width, int height) {
  const std::size_t pixels = std::size_t(std::max(width, 0)) * std::size_t(std::max(height, 0));
  Cover c;
  if (pixels == 0 || rgba.size() < pixels * 4) return c;
  std::map<std::array<std::uint8_t, 3>, std::uint64_t> counts;  // the background: the most common colour
  for (std::size_t i = 0; i < pixels; ++i) ++counts[{rgba[4 * i], rgba[4 * i + 1], rgba[4 * i + 2]}];
  const auto background = std::max_element(counts.begin(), counts.end(), [](auto& a, auto& b) { return a.second < b.second; })->first;
  const double ground = luminance(background.data());
  const double step = 1.5 / 255.0;  // darker than this: more than the rounding of 8-bit colour
  for (std::size_t i = 0; i < pixels; ++i) c.darkest = std::max(c.darkest, ground - luminance(&rgba[4 * i]));
  for (std::size_t i = 0; i < pixels; ++i) {
    const double dark = ground - luminance(&rgba[4 * i]);
    if (dark <= step) continue;
    ++c.flockPixels;
    c.partly += dark >= 0.1 * c.darkest && dark <= 0.9 * c.darkest;
  }
  return c;
}

std::string describe(const Cover& cover) {
  char text[160];
  std::snprintf(text, sizeof text, "%llu pixels darker than the background, %.1f%% of them partly covered (darkest %.3f)",
                static_cast<unsigned long long>(cover.flockPixels), 100.0 * cover.partlyShare(), cover.darkest);
  return text;
}

}  // namespace boids::verify
