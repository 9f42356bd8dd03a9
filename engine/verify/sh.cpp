#include "engine/verify/sh.hpp"

#include <cmath>
#include <numbers>

namespace boids::verify::sh {
namespace {

constexpr double kPi = std::numbers::pi;

// Neumaier's compensated sum: the running sum and the rounding it has lost so far.
struct CompensatedSum {
  double sum = 0, lost = 0;
  void add(double x) {
    const double t = sum + x;
    lost += std::abs(sum) >= std::abs(x) ? (sum - t) + x : (x - t) + sum;
    sum = t;
  }
  double value() const { return sum + lost; }
};

}  // namespace

std::array<double, kFunctions> basis(const glm::dvec3& d) {
  const double x = d.x, y = -d.z, z = d.y;  // R&H's frame: z up (the header says why)
  return {0.282095,                        // L00
          0.488603 * y,                    // L1-1
          0.488603 * z,                    // L10
          0.488603 * x,                    // L11
          1.092548 * x * y,                // L2-2
          1.092548 * y * z,                // L2-1
          0.315392 * (3.0 * z * z - 1.0),  // L20
          1.092548 * x * z,                // L21
          0.546274 * (x * x - y * y)};     // L22
}

glm::dvec3 equirectDirection(std::uint32_t i, std::uint32_t j, std::uint32_t width, std::uint32_t height) {
  const double theta = (j + 0.5) * kPi / height, phi = (i + 0.5) * 2.0 * kPi / width;
  return {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
}

double equirectSolidAngle(std::uint32_t j, std::uint32_t width, std::uint32_t height) {
  const double theta0 = j * kPi / height, theta1 = (j + 1.0) * kPi / height;
  return 2.0 * kPi / width * (std::cos(theta0) - std::cos(theta1));
}

Coefficients projectEquirect(std::span<const glm::vec3> texels, std::uint32_t width, std::uint32_t height) {
  std::array<std::array<CompensatedSum, 3>, kFunctions> sums{};
  for (std::uint32_t j = 0; j < height; ++j) {
    const double omega = equirectSolidAngle(j, width, height);
    for (std::uint32_t i = 0; i < width; ++i) {
      const glm::dvec3 radiance(texels[std::size_t(j) * width + i]);
      const std::array<double, kFunctions> y = basis(equirectDirection(i, j, width, height));
      for (int k = 0; k < kFunctions; ++k) {
        for (int c = 0; c < 3; ++c) sums[k][c].add(radiance[c] * y[k] * omega);
      }
    }
  }
  Coefficients L{};
  for (int k = 0; k < kFunctions; ++k) L[k] = {sums[k][0].value(), sums[k][1].value(), sums[k][2].value()};
  return L;
}

glm::dvec3 irradiance(const Coefficients& L, const glm::dvec3& n) {
  const double x = n.x, y = -n.z, z = n.y;
  constexpr double c1 = 0.429043, c2 = 0.511664, c3 = 0.743125, c4 = 0.886227, c5 = 0.247708;
  return c1 * L[8] * (x * x - y * y) + c3 * L[6] * z * z + c4 * L[0] - c5 * L[6] +
         2.0 * c1 * (L[4] * x * y + L[7] * x * z + L[5] * y * z) + 2.0 * c2 * (L[3] * x + L[1] * y + L[2] * z);
}

std::vector<glm::vec3> constantEnvironment(std::uint32_t width, std::uint32_t height) {
  return std::vector<glm::vec3>(std::size_t(width) * height, glm::vec3(1.0f));
}

std::vector<glm::vec3> upperHemisphere(std::uint32_t width, std::uint32_t height) {
  std::vector<glm::vec3> texels(std::size_t(width) * height, glm::vec3(0.0f));
  for (std::uint32_t j = 0; j < height / 2; ++j) {  // the rows above the horizon (height even)
    for (std::uint32_t i = 0; i < width; ++i) texels[std::size_t(j) * width + i] = glm::vec3(1.0f);
  }
  return texels;
}

Coefficients constantCoefficients() {
  Coefficients L{};
  L[0] = glm::dvec3(2.0 * std::sqrt(kPi));  // 4 pi x Y00
  return L;
}

Coefficients upperHemisphereCoefficients() {
  Coefficients L{};
  L[0] = glm::dvec3(std::sqrt(kPi));             // 2 pi x Y00
  L[2] = glm::dvec3(std::sqrt(3.0 * kPi) / 2.0);  // Y10 = sqrt(3 / 4 pi) cos theta over the upper half: pi sqrt(3 / 4 pi)
  return L;                                       // L20: 2 pi c (3/3 - 1) = 0; the m != 0 ones vanish around the axis
}

double discretisationBound(std::uint32_t height, double radiance) {
  // A function with m != 0 sums a whole period of cos(m phi) or sin(m phi) at equally spaced
  // azimuths in every row: 0, up to rounding. One with m = 0 is P(mu) with mu = cos theta, and
  // the projection is 2 pi sum_rows g(mu_c) dmu, g = f P, against 2 pi (integral of g dmu), where
  // f, the radiance, is constant across a row (the hemisphere's edge lies between two rows when the
  // height is even), so g is a polynomial of degree 2 on each row. A row from theta_c - h to
  // theta_c + h (h = dtheta / 2) has mu_c = cos theta_c, not its middle m = cos theta_c cos h, and
  //   |integral g - g(mu_c) dmu| <= |g'| |mu_c - m| dmu + |g''| dmu^3 / 24,
  // with |mu_c - m| <= h^2 / 2 = dtheta^2 / 8 and dmu <= dtheta; summed over rows (sum dmu = 2):
  //   <= dtheta^2 (max|g'| / 4 + max|g''| / 12).
  // For Y00, Y10 and Y20 (0.282095, 0.488603 mu, 0.315392 (3 mu^2 - 1)) |g'| and |g''| are at
  // most 1.892352 f. The compensated sums add a few ulps of the sum of magnitudes (under 4 pi f
  // x 0.5): 1e-12 f covers them.
  const double dtheta = kPi / height;
  const double bound = 2.0 * kPi * dtheta * dtheta * radiance * (1.892352 / 4.0 + 1.892352 / 12.0);
  return bound + 1e-12 * radiance;
}

}  // namespace boids::verify::sh
