// The spherical-harmonics reference (engine/verify/sh.cpp): the basis against its definition, the
// double projection against environments whose coefficients are known exactly, within bounds
// derived beside each check, and the irradiance formula.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include <glm/geometric.hpp>

#include "engine/verify/sh.hpp"

using namespace boids;
namespace sh = verify::sh;

namespace {

constexpr double kPi = std::numbers::pi;

// Gauss-Legendre nodes and weights on [-1, 1], 4 points: exact for polynomials of degree 7.
constexpr double kNodes[4] = {-0.8611363115940526, -0.3399810435848563, 0.3399810435848563, 0.8611363115940526};
constexpr double kWeights[4] = {0.3478548451374538, 0.6521451548625461, 0.6521451548625461, 0.3478548451374538};

}  // namespace

TEST(SphericalHarmonics, TheNineFunctionsAreOrthonormal) {
  // A product of two of them is a polynomial of degree 4 in (x, y, z): 4 Gauss-Legendre nodes in
  // cos theta and 16 equally spaced azimuths integrate it exactly (azimuthal frequency at most 4),
  // so only rounding separates the sums from 1 and 0 (64 terms of at most 0.3 each: 1e-13).
  std::array<std::array<double, sh::kFunctions>, sh::kFunctions> gram{};
  for (int a = 0; a < 4; ++a) {
    const double mu = kNodes[a], s = std::sqrt(1.0 - mu * mu);
    for (int b = 0; b < 16; ++b) {
      const double phi = 2.0 * kPi * b / 16.0;
      const auto y = sh::basis({s * std::cos(phi), mu, s * std::sin(phi)});
      for (int k = 0; k < sh::kFunctions; ++k) {
        for (int l = 0; l < sh::kFunctions; ++l) gram[k][l] += y[k] * y[l] * kWeights[a] * (2.0 * kPi / 16.0);
      }
    }
  }
  for (int k = 0; k < sh::kFunctions; ++k) {
    for (int l = 0; l < sh::kFunctions; ++l) EXPECT_NEAR(gram[k][l], k == l ? 1.0 : 0.0, 1e-13) << k << "," << l;
  }
}

TEST(SphericalHarmonics, EquirectTexelsCoverTheSphereOnceRowZeroAtTheZenith) {
  for (auto [w, h] : {std::pair<std::uint32_t, std::uint32_t>{8, 4}, {256, 128}, {1024, 512}, {30, 17}}) {
    double total = 0;
    for (std::uint32_t j = 0; j < h; ++j) total += w * sh::equirectSolidAngle(j, w, h);
    EXPECT_NEAR(total, 4.0 * kPi, 1e-12) << w << "x" << h;  // the rows' cosines telescope: exact but for rounding
  }
  EXPECT_GT(sh::equirectDirection(0, 0, 256, 128).y, 0.999);      // top row: up
  EXPECT_LT(sh::equirectDirection(0, 127, 256, 128).y, -0.999);   // bottom row: down
  const glm::dvec3 first = sh::equirectDirection(0, 63, 256, 128);  // just above the horizon, azimuth ~0: +x
  EXPECT_GT(first.x, 0.99);
  EXPECT_NEAR(glm::length(sh::equirectDirection(77, 31, 256, 128)), 1.0, 1e-15);
}

TEST(SphericalHarmonics, TheConstantAndHemisphereEnvironmentsProjectToTheirExactCoefficients) {
  for (auto [w, h] : {std::pair<std::uint32_t, std::uint32_t>{64, 32}, {256, 128}, {1024, 512}}) {
    const double bound = sh::discretisationBound(h, 1.0);
    const sh::Coefficients constant = sh::projectEquirect(sh::constantEnvironment(w, h), w, h);
    const sh::Coefficients hemisphere = sh::projectEquirect(sh::upperHemisphere(w, h), w, h);
    const sh::Coefficients wantConstant = sh::constantCoefficients(), wantHemisphere = sh::upperHemisphereCoefficients();
    double worst = 0;
    for (int k = 0; k < sh::kFunctions; ++k) {
      for (int c = 0; c < 3; ++c) {
        EXPECT_NEAR(constant[k][c], wantConstant[k][c], bound) << w << "x" << h << " constant L" << k;
        EXPECT_NEAR(hemisphere[k][c], wantHemisphere[k][c], bound) << w << "x" << h << " hemisphere L" << k;
        worst = std::max({worst, std::abs(constant[k][c] - wantConstant[k][c]), std::abs(hemisphere[k][c] - wantHemisphere[k][c])});
      }
    }
    // The bound is of the right size: the midpoint rule's error (in L20) is within a factor 20 of it.
    EXPECT_GT(worst, bound / 20) << w << "x" << h << ": the bound is far looser than the error it bounds";
  }
}

TEST(SphericalHarmonics, ASingleBrightTexelProjectsToItsRadianceTimesItsSolidAngleTimesTheBasis) {
  const std::uint32_t w = 256, h = 128, i = 37, j = 11;
  std::vector<glm::vec3> texels(std::size_t(w) * h, glm::vec3(0.0f));
  const glm::vec3 radiance(50.0f, 20.0f, 5.0f);
  texels[std::size_t(j) * w + i] = radiance;
  const sh::Coefficients L = sh::projectEquirect(texels, w, h);
  const auto y = sh::basis(sh::equirectDirection(i, j, w, h));
  const double omega = sh::equirectSolidAngle(j, w, h);
  for (int k = 0; k < sh::kFunctions; ++k) {
    for (int c = 0; c < 3; ++c) {
      // One non-zero term: the same double product, so equal to its last bit.
      EXPECT_EQ(L[k][c], double(radiance[c]) * y[k] * omega) << "L" << k;
    }
  }
}

TEST(SphericalHarmonics, IrradianceOfTheAnalyticEnvironmentsIsTheCosineIntegral) {
  // Constant radiance 1: pi at every normal. The upper hemisphere: pi facing up, pi / 2 sideways,
  // 0 facing down, which order 2 represents exactly at those three normals: equal but for
  // rounding (a few terms of at most 4: 1e-14).
  const sh::Coefficients constant = sh::constantCoefficients(), hemisphere = sh::upperHemisphereCoefficients();
  for (const glm::dvec3 n : {glm::dvec3(0, 1, 0), glm::dvec3(1, 0, 0), glm::dvec3(0, 0, -1), glm::normalize(glm::dvec3(1, -2, 3))}) {
    EXPECT_NEAR(sh::irradiance(constant, n).x, kPi, 1e-14);
  }
  EXPECT_NEAR(sh::irradiance(hemisphere, {0, 1, 0}).x, kPi, 1e-14);
  EXPECT_NEAR(sh::irradiance(hemisphere, {1, 0, 0}).x, kPi / 2, 1e-14);
  EXPECT_NEAR(sh::irradiance(hemisphere, {0, -1, 0}).x, 0.0, 1e-14);
}

TEST(SphericalHarmonics, CubeTexelsFollowGlsFacesAndTheirExactSolidAnglesCoverEachFace) {
  // Face centres (odd size: the middle texel) point along the faces' axes, in GL's order.
  const glm::dvec3 axes[6] = {{1, 0, 0}, {-1, 0, 0}, {0, 1, 0}, {0, -1, 0}, {0, 0, 1}, {0, 0, -1}};
  for (int face = 0; face < 6; ++face) {
    const glm::dvec3 d = sh::cubeDirection(face, 1, 1, 3);
    EXPECT_NEAR(glm::distance(d, axes[face]), 0.0, 1e-15) << face;
  }
  // GL's table 8.19: on +x, sc = -rz / |rx| and tc = -ry / |rx|; on +y, sc = rx / |ry|, tc = rz / |ry|.
  const glm::dvec3 px = sh::cubeDirection(0, 0, 0, 4), py = sh::cubeDirection(2, 0, 0, 4);
  EXPECT_NEAR(-px.z / px.x, 2.0 * 0.5 / 4 - 1.0, 1e-15);
  EXPECT_NEAR(-px.y / px.x, 2.0 * 0.5 / 4 - 1.0, 1e-15);
  EXPECT_NEAR(py.x / py.y, 2.0 * 0.5 / 4 - 1.0, 1e-15);
  EXPECT_NEAR(py.z / py.y, 2.0 * 0.5 / 4 - 1.0, 1e-15);
  for (std::uint32_t size : {1u, 2u, 7u, 64u, 512u}) {
    double face = 0;
    for (std::uint32_t j = 0; j < size; ++j) {
      for (std::uint32_t i = 0; i < size; ++i) face += sh::cubeSolidAngle(i, j, size);
    }
    // The corners' atan2 terms telescope to the face's 4 pi / 6; the rest is rounding (size^2
    // terms of about 4 pi / 6 / size^2 each, a few ulps each).
    EXPECT_NEAR(face, 4.0 * kPi / 6.0, 1e-12) << size;
  }
}

TEST(SphericalHarmonics, AConstantCubeProjectsToL00AloneAndTheSerialFloatOneToWithinItsRounding) {
  const std::uint32_t size = 64;
  const std::vector<glm::vec3> ones(std::size_t(6) * size * size, glm::vec3(1.0f));
  const sh::Coefficients L = sh::projectCube(ones, size);
  // Exact solid angles sum to 4 pi; the cube's texel centres are symmetric under the axes'
  // permutations and reflections, so every other coefficient's sum cancels (sum x^2 = sum y^2 =
  // sum z^2 = 4 pi / 3): all but L00 are 0, up to the rounding of compensated sums.
  EXPECT_NEAR(L[0].x, 2.0 * std::sqrt(kPi), 1e-12);
  for (int k = 1; k < sh::kFunctions; ++k) EXPECT_NEAR(L[k].x, 0.0, 1e-12) << "L" << k;
  // DirectXTK's way: sum_k f y w and sum_k w are two float sums of n = 6 size^2 terms of one sign
  // (for L00), each within gamma(n) of its exact value (Higham 4.2), their ratio within 2 gamma(n)
  // and a few roundings more.
  std::array<float, 6> faces{};
  const sh::Coefficients serial = sh::projectCubeSerialFloat(ones, size, &faces);
  const double n = 6.0 * size * size, gamma = n * 0x1.0p-24 / (1.0 - n * 0x1.0p-24);
  EXPECT_NEAR(serial[0].x, 2.0 * std::sqrt(kPi), (2.0 * gamma + 8 * 0x1.0p-24) * 2.0 * std::sqrt(kPi));
  // Each face's float sum of weight x area: the midpoint rule on the density 1 / (1 + u^2 + v^2)^1.5
  // over [-1, 1]^2 (|f_uu| + |f_vv| <= 6: error <= h^2 / 24 x 6 x 4 = h^2 with h = 2 / size), plus
  // gamma(size^2) of the float sum and 8 roundings a weight.
  const double h = 2.0 / size, faceGamma = size * size * 0x1.0p-24 / (1.0 - size * size * 0x1.0p-24);
  for (float f : faces) EXPECT_NEAR(f, 4.0 * kPi / 6.0, h * h + (faceGamma + 8 * 0x1.0p-24) * 4.0 * kPi / 6.0);
}
