// The cover measure (engine/verify/cover.hpp) on pictures drawn here: a flat background with a
// disc of birds at a known darkness profile, so that what it must say is known without the app.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <vector>

#include "engine/verify/cover.hpp"

namespace {

// A 200 x 100 picture of grey 140 with a disc of radius 40 darkened by `darkness(r)` (0..1 of the
// way to black) at distance r (0..1 of the radius) from its centre.
template <typename Profile>
std::vector<std::uint8_t> disc(Profile darkness) {
  const int w = 200, h = 100;
  std::vector<std::uint8_t> rgba(std::size_t(w) * h * 4, 255);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      const double r = std::hypot(x - 100.0, y - 50.0) / 40.0;
      const double v = 140.0 * (1.0 - (r < 1.0 ? darkness(r) : 0.0));
      for (int c = 0; c < 3; ++c) rgba[(std::size_t(y) * w + x) * 4 + c] = std::uint8_t(std::lround(v));
    }
  }
  return rgba;
}

}  // namespace

TEST(Cover, AnOpaqueDiscIsNotPartlyCovered) {
  const auto rgba = disc([](double) { return 0.8; });
  const boids::verify::Cover c = boids::verify::measureCover(rgba, 200, 100);
  EXPECT_NEAR(double(c.flockPixels), 3.14159 * 40 * 40, 200.0);  // the disc's area, to its rounded edge
  EXPECT_EQ(c.partly, 0u);
  EXPECT_NEAR(c.darkest, 0.8 * 140.0 / 255.0, 1e-3);
}

TEST(Cover, ACloudThinningToItsEdgeIsMostlyPartlyCovered) {
  // Darkness 1 - r^2: the share with darkness in [0.1, 0.9] of the darkest is the annulus r^2 in
  // [0.1, 0.9] (80% of the disc's area), less the darkest's rounding.
  const auto rgba = disc([](double r) { return 1.0 - r * r; });
  const boids::verify::Cover c = boids::verify::measureCover(rgba, 200, 100);
  EXPECT_NEAR(c.partlyShare(), 0.8, 0.03);
}

TEST(Cover, AnEmptyPictureHasNoFlock) {
  const auto rgba = disc([](double) { return 0.0; });
  const boids::verify::Cover c = boids::verify::measureCover(rgba, 200, 100);
  EXPECT_EQ(c.flockPixels, 0u);
  EXPECT_EQ(c.partlyShare(), 0.0);
}
