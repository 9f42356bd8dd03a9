#include "engine/verify/sh.hpp"

#include <algorithm>
#include <cmath>
#include <vector>
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

// R&H's constants in full (their paper prints six digits: 0.282095, 0.488603, 1.092548, 0.315392,
// 0.546274).
const double kY00 = 0.5 / std::sqrt(kPi), kY1 = std::sqrt(3.0 / (4.0 * kPi)), kY2 = std::sqrt(15.0 / (4.0 * kPi)),
             kY20 = std::sqrt(5.0 / (16.0 * kPi)), kY22 = std::sqrt(15.0 / (16.0 * kPi));

std::array<double, kFunctions> basis(const glm::dvec3& d) {
  const double x = d.x, y = -d.z, z = d.y;  // R&H's frame: z up (the header says why)
  return {kY00,                       // L00
          kY1 * y,                    // L1-1
          kY1 * z,                    // L10
          kY1 * x,                    // L11
          kY2 * x * y,                // L2-2
          kY2 * y * z,                // L2-1
          kY20 * (3.0 * z * z - 1.0),  // L20
          kY2 * x * z,                // L21
          kY22 * (x * x - y * y)};    // L22
}

glm::dvec3 equirectDirection(std::uint32_t i, std::uint32_t j, std::uint32_t width, std::uint32_t height, double yaw) {
  const double theta = (j + 0.5) * kPi / height, phi = (i + 0.5) * 2.0 * kPi / width + yaw;
  return {std::sin(theta) * std::cos(phi), std::cos(theta), std::sin(theta) * std::sin(phi)};
}

double equirectSolidAngle(std::uint32_t j, std::uint32_t width, std::uint32_t height) {
  const double theta0 = j * kPi / height, theta1 = (j + 1.0) * kPi / height;
  return 2.0 * kPi / width * (std::cos(theta0) - std::cos(theta1));
}

namespace {

// The 27 compensated sums of a projection, and the sums of their terms' magnitudes.
struct Projection {
  std::array<std::array<CompensatedSum, 3>, kFunctions> sums{};
  Coefficients magnitudes{};
  void add(const glm::dvec3& radiance, const glm::dvec3& direction, double omega) {
    const std::array<double, kFunctions> y = basis(direction);
    for (int k = 0; k < kFunctions; ++k) {
      for (int c = 0; c < 3; ++c) {
        const double term = radiance[c] * y[k] * omega;
        sums[k][c].add(term);
        magnitudes[k][c] += std::abs(term);
      }
    }
  }
  Coefficients result(Coefficients* magnitudesOut) const {
    Coefficients L{};
    for (int k = 0; k < kFunctions; ++k) L[k] = {sums[k][0].value(), sums[k][1].value(), sums[k][2].value()};
    if (magnitudesOut) *magnitudesOut = magnitudes;
    return L;
  }
};

// The serial float projections' own: the nine functions evaluated in float, as a float program
// would (DirectXTK's XMSHEvalDirection), from a float direction.
std::array<float, kFunctions> basisFloat(float x, float y, float z) {
  const float rx = x, ry = -z, rz = y;
  const float c00 = float(0.5 / std::sqrt(kPi)), c1 = float(std::sqrt(3.0 / (4.0 * kPi))),
              c2 = float(std::sqrt(15.0 / (4.0 * kPi))), c20 = float(std::sqrt(5.0 / (16.0 * kPi))),
              c22 = float(std::sqrt(15.0 / (16.0 * kPi)));
  return {c00, c1 * ry, c1 * rz, c1 * rx, c2 * rx * ry, c2 * ry * rz, c20 * (3.0f * rz * rz - 1.0f), c2 * rx * rz,
          c22 * (rx * rx - ry * ry)};
}

}  // namespace

Coefficients projectEquirect(std::span<const glm::vec3> texels, std::uint32_t width, std::uint32_t height, double yaw,
                             Coefficients* magnitudes) {
  Projection projection;
  for (std::uint32_t j = 0; j < height; ++j) {
    const double omega = equirectSolidAngle(j, width, height);
    for (std::uint32_t i = 0; i < width; ++i) {
      projection.add(glm::dvec3(texels[std::size_t(j) * width + i]), equirectDirection(i, j, width, height, yaw), omega);
    }
  }
  return projection.result(magnitudes);
}

Coefficients projectEquirectSerialFloat(std::span<const glm::vec3> texels, std::uint32_t width, std::uint32_t height,
                                        double yaw, float* solidAngle) {
  // The sines and cosines of each row and column once, in float, as a careful loop would.
  std::vector<float> cosPhi(width), sinPhi(width);
  for (std::uint32_t i = 0; i < width; ++i) {
    const float phi = float((i + 0.5) * 2.0 * kPi / width + yaw);
    cosPhi[i] = std::cos(phi);
    sinPhi[i] = std::sin(phi);
  }
  std::array<glm::vec3, kFunctions> sums{};
  float weights = 0.0f;
  for (std::uint32_t j = 0; j < height; ++j) {
    const float theta = float((j + 0.5) * kPi / height);
    const float cosTheta = std::cos(theta), sinTheta = std::sin(theta);
    const float omega = float(2.0 * kPi / width) * (std::cos(float(j * kPi / height)) - std::cos(float((j + 1.0) * kPi / height)));
    for (std::uint32_t i = 0; i < width; ++i) {
      const std::array<float, kFunctions> y = basisFloat(sinTheta * cosPhi[i], cosTheta, sinTheta * sinPhi[i]);
      const glm::vec3 radiance = texels[std::size_t(j) * width + i] * omega;
      weights += omega;
      for (int k = 0; k < kFunctions; ++k) sums[k] += radiance * y[k];
    }
  }
  if (solidAngle) *solidAngle = weights;
  const float scale = 4.0f * float(kPi) / weights;
  Coefficients L{};
  for (int k = 0; k < kFunctions; ++k) L[k] = glm::dvec3(sums[k] * scale);
  return L;
}

namespace {

// GL's table 8.19 read backwards: the (unnormalised) direction whose major axis is the face's and
// whose face coordinates are (sc, tc). In double for the reference, in float for the serial loop.
template <class T>
glm::vec<3, T> faceDirection(int face, T sc, T tc) {
  switch (face) {
    case 0: return {T(1), -tc, -sc};
    case 1: return {T(-1), -tc, sc};
    case 2: return {sc, T(1), tc};
    case 3: return {sc, T(-1), -tc};
    case 4: return {sc, -tc, T(1)};
    default: return {-sc, -tc, T(-1)};
  }
}

}  // namespace

glm::dvec3 cubeDirection(int face, std::uint32_t i, std::uint32_t j, std::uint32_t size) {
  const glm::dvec3 d = faceDirection(face, 2.0 * (i + 0.5) / size - 1.0, 2.0 * (j + 0.5) / size - 1.0);
  return d / std::sqrt(d.x * d.x + d.y * d.y + d.z * d.z);
}

double cubeSolidAngle(std::uint32_t i, std::uint32_t j, std::uint32_t size) {
  auto F = [](double x, double y) { return std::atan2(x * y, std::sqrt(x * x + y * y + 1.0)); };
  const double x0 = 2.0 * i / size - 1.0, x1 = 2.0 * (i + 1.0) / size - 1.0;
  const double y0 = 2.0 * j / size - 1.0, y1 = 2.0 * (j + 1.0) / size - 1.0;
  return F(x0, y0) - F(x0, y1) - F(x1, y0) + F(x1, y1);
}

Coefficients projectCube(std::span<const glm::vec3> texels, std::uint32_t size, Coefficients* magnitudes) {
  Projection projection;
  for (int face = 0; face < 6; ++face) {
    for (std::uint32_t j = 0; j < size; ++j) {
      for (std::uint32_t i = 0; i < size; ++i) {
        projection.add(glm::dvec3(texels[(std::size_t(face) * size + j) * size + i]), cubeDirection(face, i, j, size),
                       cubeSolidAngle(i, j, size));
      }
    }
  }
  return projection.result(magnitudes);
}

Coefficients projectCubeSerialFloat(std::span<const glm::vec3> texels, std::uint32_t size,
                                    std::array<float, 6>* faceSolidAngles) {
  // As DirectXTK (SHProjectCubeMap): face coordinates stepped in float from -1 + 1/size.
  const float first = -1.0f + 1.0f / float(size), step = 2.0f * (1.0f - 1.0f / float(size)) / (float(size) - 1.0f);
  const float area = (2.0f / float(size)) * (2.0f / float(size));
  std::array<glm::vec3, kFunctions> sums{};
  float weights = 0.0f;
  for (int face = 0; face < 6; ++face) {
    float faceSum = 0.0f;
    for (std::uint32_t j = 0; j < size; ++j) {
      const float v = float(j) * step + first;
      for (std::uint32_t i = 0; i < size; ++i) {
        const float u = float(i) * step + first;
        const float r2 = 1.0f + u * u + v * v;
        const float weight = 4.0f / (r2 * std::sqrt(r2));
        weights += weight;
        faceSum += weight * area / 4.0f;  // 4 / r^3 over [-1,1]^2 is 4 x the face's solid angle density
        // The face's direction (as cubeDirection's) in float, normalised by 1 / r.
        const glm::vec3 d = faceDirection(face, u, v) / std::sqrt(r2);
        const std::array<float, kFunctions> y = basisFloat(d.x, d.y, d.z);
        const glm::vec3 radiance = texels[(std::size_t(face) * size + j) * size + i] * weight;
        for (int k = 0; k < kFunctions; ++k) sums[k] += radiance * y[k];
      }
    }
    if (faceSolidAngles) (*faceSolidAngles)[std::size_t(face)] = faceSum;
  }
  const float scale = 4.0f * float(kPi) / weights;
  Coefficients L{};
  for (int k = 0; k < kFunctions; ++k) L[k] = glm::dvec3(sums[k] * scale);
  return L;
}

glm::dvec3 irradiance(const Coefficients& L, const glm::dvec3& n) {
  const double x = n.x, y = -n.z, z = n.y;
  // R&H's c1..c5 (0.429043, 0.511664, 0.743125, 0.886227, 0.247708), in full: the clamped
  // cosine's A0 = pi, A1 = 2 pi / 3, A2 = pi / 4 times the functions' constants.
  const double c1 = kPi / 4.0 * kY22, c2 = kPi / 3.0 * kY1, c3 = kPi / 4.0 * 3.0 * kY20, c4 = kPi * kY00,
               c5 = kPi / 4.0 * kY20;
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

std::vector<glm::vec3> singleTexel(std::uint32_t width, std::uint32_t height, std::uint32_t i, std::uint32_t j,
                                   glm::vec3 radiance) {
  std::vector<glm::vec3> texels(std::size_t(width) * height, glm::vec3(0.0f));
  texels[std::size_t(j) * width + i] = radiance;
  return texels;
}

Coefficients singleTexelCoefficients(std::uint32_t width, std::uint32_t height, std::uint32_t i, std::uint32_t j,
                                     glm::vec3 radiance, double yaw) {
  const std::array<double, kFunctions> y = basis(equirectDirection(i, j, width, height, yaw));
  const double omega = equirectSolidAngle(j, width, height);
  Coefficients L{};
  for (int k = 0; k < kFunctions; ++k) L[k] = glm::dvec3(radiance) * (y[k] * omega);
  return L;
}

double largestDifference(const Coefficients& a, const Coefficients& b) {
  double worst = 0;
  for (int k = 0; k < kFunctions; ++k) {
    for (int c = 0; c < 3; ++c) worst = std::max(worst, std::abs(a[k][c] - b[k][c]));
  }
  return worst;
}

double l00Magnitude(const Coefficients& L) { return std::max({std::abs(L[0].x), std::abs(L[0].y), std::abs(L[0].z)}); }

double relativeError(const Coefficients& value, const Coefficients& reference) {
  const double worst = largestDifference(value, reference), l00 = l00Magnitude(reference);
  return l00 > 0 ? worst / l00 : worst;
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
  // most 6 x 0.315392 = 1.892352 f. The compensated sums add a few ulps of the sum of magnitudes (under 4 pi f
  // x 0.5): 1e-12 f covers them.
  const double dtheta = kPi / height;
  const double bound = 2.0 * kPi * dtheta * dtheta * radiance * (1.892352 / 4.0 + 1.892352 / 12.0);
  return bound + 1e-12 * radiance;
}

}  // namespace boids::verify::sh
