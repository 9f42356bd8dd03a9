// The spherical-harmonics projection on the GPU (engine/lighting/sh_projection): every variant the
// lab offers, both layouts, awkward map sizes, turned and not, against the CPU double projection
// of the same texels (engine/verify/sh) and, for the analytic environments, against their exact
// coefficients.
//
// Tolerances. The target is the GPU within 1e-5 x |L00| of the double projection. The
// worst case the float arithmetic can reach is looser: a term is rounded about ten times on its
// way (the cube's: its solid angle, the direction's products and normalisation, the basis, the
// radiance's weight; the map's fewer: its row's and column's factors, each rounded once from
// double, the radiance times the column's, the item's four-texel sum, times the row's), an
// absolute error of at most ~11 u x r omega (u = 2^-24, |Y| <= 1.1), which over the sphere is
// ~40 u |L00|; the sums add up to ~150 roundings along the deepest path (the subgroup variant's
// two passes: a compensated run, up to 31 sequential lanes twice, a tree of 8; the tree's fold
// of a wide payload into 64 slots adds 3), each up to u of the partial sum. Those roundings are not all of one sign and size, so the
// error seen is far below that bound (1e-7 |L00| and less is typical), and the target sits
// between: a sum whose rounding drifts one way — a serial float sum over a 1024 x 512 map, as the
// last test shows, or a run without its compensation — exceeds it, and so does any wrong texel,
// weight or direction. It is the binding check here.
//
// Against the exact coefficients: the target plus the discretisation's own derived bound
// (verify::sh::discretisationBound, for the constant and hemisphere environments whose radiance is
// constant along each row; a map of even height, so the horizon lies between rows).
#include <cmath>
#include <fstream>
#include <numbers>
#include <string>
#include <tuple>
#include <vector>

#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using lighting::ShLayout;
using test::GlTest;
namespace sh = verify::sh;

namespace {

constexpr double kTarget = 1e-5;  // of |L00|: the issue's

std::string describe(const sh::Coefficients& L) {
  std::string s;
  for (const glm::dvec3& c : L) {
    s += '(';
    s += std::to_string(c.x) + ' ' + std::to_string(c.y) + ' ' + std::to_string(c.z);
    s += ") ";
  }
  return s;
}


// Skips (returning false) only where the projector says why the variant cannot run, and the reason
// is a driver's: an extension it lacks or its loop limit.
bool canRun(lighting::ShProjector& projector, const std::string& variant, ShLayout layout) {
  const std::string why = projector.unavailable(variant, layout);
  if (why.empty()) return true;
  EXPECT_TRUE(why.find("GL_") != std::string::npos || why.find("limit") != std::string::npos) << variant << ": " << why;
  return false;
}

}  // namespace

class EveryShVariant : public test::GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EveryShVariant, EquirectMatchesTheDoubleProjectionAndTheExactCoefficients) {
  const auto [variant, height] = GetParam();
  const std::uint32_t width = 2 * height;
  lighting::ShProjector projector(test::shaders(), test::caps(), 64);
  for (const std::string& name : lighting::builtInEnvironments()) {
    const lighting::Environment env = lighting::builtInEnvironment(name, width, height);
    projector.setEnvironment(env);
    if (!canRun(projector, variant, ShLayout::Equirect)) return;
    for (const double yaw : {0.0, 0.7}) {
      projector.setYaw(float(yaw));
      projector.project(variant, ShLayout::Equirect);
      const lighting::ShResult gpu = projector.read();
      // The tables hold the yaw as a float: the reference turns by the same float.
      const sh::Coefficients cpu = sh::projectEquirect(env.texels, width, height, double(float(yaw)));
      const std::string where = name + " " + std::to_string(width) + "x" + std::to_string(height) + " yaw " + std::to_string(yaw);
      EXPECT_LE(sh::relativeError(gpu.L, cpu), kTarget) << where << "\n gpu " << describe(gpu.L) << "\n cpu " << describe(cpu);
      // Every texel's solid angle counted once: 4 pi, to the float sum's rounding (as above).
      EXPECT_NEAR(gpu.solidAngle, 4.0 * std::numbers::pi, 4.0 * std::numbers::pi * kTarget) << where;
      const std::optional<sh::Coefficients> exact = lighting::exactCoefficients(env, double(float(yaw)));
      if (exact && (height % 2 == 0 || env.kind == lighting::EnvironmentKind::SingleTexel)) {
        const double tolerance = lighting::discretisationTolerance(env) + kTarget * sh::l00Magnitude(*exact);
        EXPECT_LE(sh::largestDifference(gpu.L, *exact), tolerance) << where << "\n gpu " << describe(gpu.L) << "\n exact " << describe(*exact);
      }
    }
  }
}

TEST_P(EveryShVariant, CubeMatchesTheDoubleProjectionOfTheResampledCube) {
  const auto [variant, height] = GetParam();
  if (height < 16) return;  // the cube's size is its own: one run per variant is enough (at 64 and 65 rows' maps)
  lighting::ShProjector projector(test::shaders(), test::caps(), 64);
  for (const std::string& name : {std::string("constant"), std::string("sky"), std::string("single-texel")}) {
    const lighting::Environment env = lighting::builtInEnvironment(name, 2 * height, height);
    projector.setEnvironment(env);
    projector.setYaw(0.3f);
    if (!canRun(projector, variant, ShLayout::Cube)) return;
    projector.project(variant, ShLayout::Cube);
    const lighting::ShResult gpu = projector.read();
    const std::vector<glm::vec3> cube = projector.readCube();
    const sh::Coefficients cpu = sh::projectCube(cube, projector.cubeSize());
    EXPECT_LE(sh::relativeError(gpu.L, cpu), kTarget) << name << "\n gpu " << describe(gpu.L) << "\n cpu " << describe(cpu);
    EXPECT_NEAR(gpu.solidAngle, 4.0 * std::numbers::pi, 4.0 * std::numbers::pi * kTarget) << name;
    if (env.kind == lighting::EnvironmentKind::Constant) {
      // A constant resamples to itself, and the exact solid angles sum to 4 pi: only rounding is left.
      EXPECT_LE(sh::largestDifference(gpu.L, sh::constantCoefficients()), kTarget * 2.0 * std::sqrt(std::numbers::pi));
    }
    for (const double faceSum : projector.faceSolidAngles(variant)) {
      EXPECT_NEAR(faceSum, 4.0 * std::numbers::pi / 6.0, 4.0 * std::numbers::pi / 6.0 * kTarget) << name;
    }
  }
}

// RGBE's largest value, 255 x 2^(255 - 136) (about 1.7e38, finite in float), in a map of radiance 1
// and in a map of nothing else: read from a file as any map is, the projection stays finite and,
// scaled back by the power of two the map is held at, within the target of the double projection
// of the unscaled texels (where float sums of them overflow: 4 pi x 1.7e38 > FLT_MAX).
TEST_F(GlTest, RgbesLargestRadianceProjectsWithoutOverflowByEveryVariant) {
  constexpr std::uint32_t width = 128, height = 64;
  const float largest = std::ldexp(255.0f, 255 - 136);
  for (const bool everywhere : {false, true}) {
    const std::string file = ::testing::TempDir() + (everywhere ? "/largest-all.hdr" : "/largest-one.hdr");
    std::vector<glm::vec3> texels(std::size_t(width) * height, glm::vec3(everywhere ? largest : 1.0f));
    texels[3 * width + 5] = glm::vec3(largest);
    {
      std::ofstream out(file, std::ios::binary);
      out << "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y " << height << " +X " << width << "\n";
      for (const glm::vec3& t : texels) {
        const unsigned char one[4] = {128, 128, 128, 129}, top[4] = {255, 255, 255, 255};
        out.write(reinterpret_cast<const char*>(t.r == largest ? top : one), 4);
      }
    }
    const lighting::Environment env = lighting::loadEnvironment(file);
    EXPECT_GT(env.exponent, 0) << file;
    lighting::ShProjector projector(test::shaders(), test::caps(), 64);
    projector.setEnvironment(env);
    const sh::Coefficients cpu = sh::projectEquirect(texels, width, height, 0.0);
    for (const char* variant : lighting::kShVariants) {
      if (!canRun(projector, variant, ShLayout::Equirect)) continue;
      projector.project(variant, ShLayout::Equirect);
      sh::Coefficients gpu = projector.read().L;
      for (glm::dvec3& c : gpu) c = glm::dvec3(std::ldexp(c.x, env.exponent), std::ldexp(c.y, env.exponent), std::ldexp(c.z, env.exponent));
      EXPECT_LE(sh::relativeError(gpu, cpu), kTarget) << file << " " << variant << "\n gpu " << describe(gpu) << "\n cpu " << describe(cpu);
    }
  }
}

// The projection reads the map from one storage buffer: a map whose texels the driver could not bind
// whole is refused with a message naming it, and the projector keeps the map it had. (A copy of
// this driver's limits with a 1 MiB storage block, so that the test runs the same everywhere.)
TEST_F(GlTest, AMapOverTheStorageBlockLimitIsRefusedAndTheLastMapKept) {
  gl::Caps small = test::caps();
  small.maxShaderStorageBlockSize = std::int64_t(1) << 20;
  lighting::ShProjector projector(test::shaders(), small, 64);
  const lighting::Environment kept = lighting::builtInEnvironment("sky", 256, 128);  // 512 KiB
  projector.setEnvironment(kept);
  const lighting::Environment tooLarge = lighting::builtInEnvironment("constant", 512, 256);  // 2 MiB
  try {
    projector.setEnvironment(tooLarge);
    ADD_FAILURE() << "a 2 MiB map was taken under a 1 MiB storage-block limit";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("storage-block limit"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find(tooLarge.name), std::string::npos) << e.what();
  }
  EXPECT_EQ(projector.width(), 256u);
  projector.project("tree", ShLayout::Equirect);
  EXPECT_LE(sh::relativeError(projector.read().L, sh::projectEquirect(kept.texels, 256, 128, 0.0)), kTarget);
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryShVariant,
                         ::testing::Combine(::testing::ValuesIn(std::vector<std::string>(std::begin(lighting::kShVariants),
                                                                                          std::end(lighting::kShVariants))),
                                            ::testing::Values(1u, 3u, 63u, 64u, 65u, 257u)),
                         test::VariantAndSize());
