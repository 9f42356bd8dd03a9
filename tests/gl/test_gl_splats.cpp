// The compute rasteriser (engine/render/splats): boids carrying their index as payload, splatted
// into small targets of awkward sizes and held to the double-precision reference
// (engine/verify/splat.cpp) pixel by pixel: coverage, and the nearest boid at its depth. Both paths
// (one 64-bit atomicMin a pixel where the driver has it; the two 32-bit passes everywhere), the
// whole flock and a cull's list, and the two paths to each other; coverage up to one pixel (the
// nearest bird) and summed whole (optical depth).
#include <cmath>
#include <cstdio>
#include <random>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <glm/gtc/matrix_transform.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/handles.hpp"
#include "engine/gpu_types.hpp"
#include "engine/render/offscreen_target.hpp"
#include "engine/render/splats.hpp"
#include "engine/verify/splat.hpp"
#include "gl_fixture.hpp"
#include "shaders/common/bindings.h"
#include "shaders/cull/cull_slots.h"
#include "shaders/render/splat_slots.h"

using namespace boids;
using test::GlTest;

namespace {

// The check's scene (verify::splatScene) and what the splat pass reads beside the boids.
struct Scene : verify::SplatScene {
  gpu::CameraState camera{};
  gpu::RenderParams params{};
};

Scene sceneFor(std::uint32_t n, glm::ivec2 size, unsigned farField = FAR_NEAREST) {
  Scene s;
  static_cast<verify::SplatScene&>(s) = verify::splatScene(n, 1, size);
  s.camera.viewProj = s.view.viewProj;
  s.camera.eye = glm::vec4(s.eye, 1.0f);
  s.params.boidScale = s.view.boidScale;
  s.params.pixelScale = s.view.pixelScale;
  s.params.minPointPixels = s.view.minPointPixels;
  s.params.farField = glm::vec4(float(farField), 1.0f, 0.0f, 0.0f);
  return s;
}

struct Gpu {
  gl::Buffer positions, velocities, camera, params;
  explicit Gpu(const Scene& s)
      : positions(gl::Buffer::fromSpan(std::string_view("test.splat.positions"), std::span<const glm::vec4>(s.positions))),
        velocities(gl::Buffer::fromSpan(std::string_view("test.splat.velocities"), std::span<const glm::vec4>(s.velocities))),
        camera("test.splat.camera", sizeof(gpu::CameraState), &s.camera),
        params("test.splat.params", sizeof(gpu::RenderParams), &s.params) {
    positions.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
    velocities.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
    camera.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CAMERA);
    params.bindBase(GL_UNIFORM_BUFFER, UBO_RENDER_PARAMS);
  }
};

struct Result {
  std::vector<glm::uvec2> visibility;
  std::vector<std::uint32_t> coverage;
};

// 0, 1, ..., n - 1: every boid drawn.
std::vector<std::uint32_t> everyBoid(std::uint32_t n) {
  std::vector<std::uint32_t> ids(n);
  for (std::uint32_t i = 0; i < n; ++i) ids[i] = i;
  return ids;
}

Result splat(render::Splats& splats, const Scene& s, const render::Splats::Source& source) {
  splats.begin(s.view.size);
  splats.splat(source, s.view.lod);
  splats.finish();
  return {splats.readVisibility(), splats.readCoverage()};
}

// Every boid of `s` splatted as optical depth on both paths (the 64-bit one where the driver has
// it), each held to the double reference, which may leave open at most 1/`openPart` of the sum
// (and a sixteenth of a pixel): each result with its judgement.
std::vector<std::pair<Result, verify::SplatJudgement>> judgedAsOpticalDepth(render::Splats& splats, const Scene& s,
                                                                            std::int64_t openPart) {
  const auto n = std::uint32_t(s.positions.size());
  const std::vector<std::uint32_t> every = everyBoid(n);
  std::vector<std::pair<Result, verify::SplatJudgement>> judged;
  for (bool narrow : {false, true}) {
    if (!narrow && !splats.wide()) continue;
    splats.forceNarrow(narrow);
    const Result r = splat(splats, s, {nullptr, nullptr, nullptr, 0, n, 2});
    const verify::SplatJudgement j =
        verify::judgeSplats(s.positions, s.velocities, every, s.view, r.visibility, r.coverage, verify::CoverageSum::Summed);
    EXPECT_TRUE(j.pass()) << (narrow ? "32-bit passes: " : "64-bit atomics: ") << j.failures << " of " << j.pixels
                          << " pixels wrong; first: " << j.firstFailure;
    EXPECT_LE(j.open, j.summed / openPart + SPLAT_DEPTH_ONE / 16) << "the reference leaves too much open";
    judged.emplace_back(r, j);
  }
  return judged;
}

}  // namespace

class SplatSizes : public GlTest, public ::testing::WithParamInterface<std::tuple<std::uint32_t, int, int>> {};

TEST_P(SplatSizes, EveryPixelAsTheDoubleReferenceHasIt) {
  const auto [n, width, height] = GetParam();
  const Scene s = sceneFor(n, {width, height});
  Gpu gpu(s);
  render::Splats splats(test::shaders(), test::caps(), render::Splats::Payload::BoidIndex);
  const bool wide = splats.wide();
  const std::vector<std::uint32_t> every = everyBoid(n);

  std::vector<Result> results;
  for (bool narrow : {false, true}) {
    if (!narrow && !wide) {
      EXPECT_NE(splats.wideAtomicsMissing().find("GL_"), std::string::npos) << splats.wideAtomicsMissing();
      continue;
    }
    splats.forceNarrow(narrow);
    const Result r = splat(splats, s, {nullptr, nullptr, nullptr, 0, n, 2});
    const verify::SplatJudgement j = verify::judgeSplats(s.positions, s.velocities, every, s.view, r.visibility, r.coverage);
    EXPECT_TRUE(j.pass()) << (narrow ? "32-bit passes: " : "64-bit atomics: ") << j.failures << " of " << j.pixels
                          << " pixels wrong; first: " << j.firstFailure;
    // Rounding leaves a pixel's coverage open only where a sample or share lies that near a
    // decision: a few pixels in a hundred at most, or the comparison would mean little.
    EXPECT_LE(j.uncertain, j.pixels / 50 + 2) << "the reference leaves too much open";
    if (n >= 63) {
      EXPECT_GT(j.covered, j.pixels / 20) << "too few pixels covered for the comparison to mean much";
    }
    results.push_back(r);
  }
  if (results.size() == 2) {  // the two paths: the same nearest boid everywhere, the same clamped coverage
    for (std::size_t i = 0; i < results[0].coverage.size(); ++i) {
      ASSERT_EQ(results[0].visibility[i], results[1].visibility[i]) << "pixel " << i;
      ASSERT_EQ(std::min(results[0].coverage[i], SPLAT_COVER_ONE), std::min(results[1].coverage[i], SPLAT_COVER_ONE)) << "pixel " << i;
    }
  }

  // A cull's list (every third boid, backwards), dispatched from a command as the renderer does.
  std::vector<std::uint32_t> list;
  for (std::uint32_t i = n; i-- > 0;) {
    if (i % 3 == 0) list.push_back(i);
  }
  const auto count = std::uint32_t(list.size());
  auto listBuffer = gl::Buffer::fromSpan(std::string_view("test.splat.list"), std::span<const std::uint32_t>(list));
  gl::Buffer countBuffer("test.splat.count", 4, &count);
  const std::uint32_t command[4] = {std::min((count + CULL_LIST_GROUP_SIZE - 1) / CULL_LIST_GROUP_SIZE, CULL_LIST_MAX_GROUPS), 1, 1, 0};
  gl::Buffer dispatches("test.splat.dispatch", 32, nullptr);
  dispatches.upload(16, sizeof command, command);  // at an offset, as a level's command is
  for (bool narrow : {false, true}) {
    if (!narrow && !wide) continue;
    splats.forceNarrow(narrow);
    const Result r = splat(splats, s, {&listBuffer, &countBuffer, &dispatches, 16, 0, 1});
    const verify::SplatJudgement j = verify::judgeSplats(s.positions, s.velocities, list, s.view, r.visibility, r.coverage);
    EXPECT_TRUE(j.pass()) << "list, " << (narrow ? "32-bit passes: " : "64-bit atomics: ") << j.failures << " of "
                          << j.pixels << " pixels wrong; first: " << j.firstFailure;
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, SplatSizes,
                         ::testing::Values(std::make_tuple(1u, 97, 61), std::make_tuple(63u, 64, 64),
                                           std::make_tuple(65u, 97, 61), std::make_tuple(257u, 160, 90),
                                           std::make_tuple(4099u, 97, 61), std::make_tuple(65u, 1, 1)),
                         [](const auto& param) {
                           char name[48];
                           std::snprintf(name, sizeof name, "n%u_%dx%d", std::get<0>(param.param), std::get<1>(param.param),
                                         std::get<2>(param.param));
                           return std::string(name);
                         });

class OpticalDepthSizes : public GlTest, public ::testing::WithParamInterface<std::tuple<std::uint32_t, int, int>> {};

// Optical depth: every bird's share of every pixel summed, exactly as the reference sums the
// ranges of its shares, on both paths (which must then agree to the unit); the nearest bird as
// before.
TEST_P(OpticalDepthSizes, EveryPixelSumsWhatTheDoubleReferenceSums) {
  const auto [n, width, height] = GetParam();
  const Scene s = sceneFor(n, {width, height}, FAR_OPTICAL_DEPTH);
  Gpu gpu(s);
  render::Splats splats(test::shaders(), test::caps(), render::Splats::Payload::BoidIndex);
  // A pixel many birds deep is open if any one share is; what must stay small is how much is open.
  std::vector<Result> results;
  std::uint32_t deepest = 0;  // the most a pixel sums
  for (const auto& [r, j] : judgedAsOpticalDepth(splats, s, 100)) {
    for (std::uint32_t c : r.coverage) deepest = std::max(deepest, c);
    results.push_back(r);
  }
  if (results.size() == 2) {
    EXPECT_EQ(results[0].coverage, results[1].coverage) << "the two paths sum differently";
  }
  if (n >= 4099) {  // a sum that clamping would have cut: the comparison tells the rules apart
    EXPECT_GT(deepest, 2 * SPLAT_DEPTH_ONE);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, OpticalDepthSizes,
                         ::testing::Values(std::make_tuple(1u, 97, 61), std::make_tuple(65u, 97, 61),
                                           std::make_tuple(257u, 160, 90), std::make_tuple(4099u, 97, 61),
                                           std::make_tuple(65537u, 64, 64)),
                         [](const auto& param) {
                           char name[48];
                           std::snprintf(name, sizeof name, "n%u_%dx%d", std::get<0>(param.param), std::get<1>(param.param),
                                         std::get<2>(param.param));
                           return std::string(name);
                         });

// A far flock as the renderer lists it: `n` birds in grid order (four to a cell of a jittered
// lattice, cells in rows) so that consecutive birds share pixels, all in the far level (birds 1
// long, their squares 0.8 px) on about a hundred pixels, points of `minPoint` px. A group of the
// shader sums its birds' shares per pixel in shared memory before its atomics; the sums must be
// the reference's all the same. `scattered`: the flock six times as wide (the target's height)
// and its birds in random order, so that a group's shares fall on more pixels than its
// table holds and many take the direct path.
Scene farFlock(std::uint32_t n, glm::ivec2 size, float minPoint, bool scattered) {
  Scene s = sceneFor(1, size, FAR_OPTICAL_DEPTH);
  s.positions.clear();
  s.velocities.clear();
  std::mt19937 rng(n);
  std::uniform_real_distribution<float> jitter(-0.5f, 0.5f);
  const auto side = std::uint32_t(std::ceil(std::cbrt(double(n) / 4.0)));
  const float width = scattered ? 36.0f : 6.0f, cell = width / float(side);  // 40 units away
  for (std::uint32_t i = 0; i < n; ++i) {
    const std::uint32_t c = i / 4, x = c % side, y = c / side % side, z = c / side / side;
    const glm::vec3 p = (glm::vec3(x, y, z) + 0.5f + glm::vec3(jitter(rng), jitter(rng), jitter(rng))) * cell - 0.5f * width;
    s.positions.emplace_back(p.x, p.y, p.z * (6.0f / width) - 40.0f, 1.0f);  // 6 units deep: all far
    s.velocities.emplace_back(jitter(rng), jitter(rng), jitter(rng), 0.0f);
  }
  if (scattered) {
    for (std::uint32_t i = n; i-- > 1;) {  // Fisher-Yates, positions and velocities together
      const std::uint32_t j = std::uniform_int_distribution<std::uint32_t>(0, i)(rng);
      std::swap(s.positions[i], s.positions[j]);
      std::swap(s.velocities[i], s.velocities[j]);
    }
  }
  s.view.lod.x *= 1.0f / s.view.boidScale;  // the dart's sphere scales with the bird
  s.view.boidScale = s.params.boidScale = 1.0f;
  s.view.minPointPixels = s.params.minPointPixels = minPoint;
  return s;
}

class OpticalDepthFarFlock : public GlTest, public ::testing::WithParamInterface<std::tuple<std::uint32_t, float, bool>> {};

TEST_P(OpticalDepthFarFlock, AFarFlockSumsWhatTheDoubleReferenceSums) {
  const auto [n, minPoint, scattered] = GetParam();
  const Scene s = farFlock(n, {97, 61}, minPoint, scattered);
  Gpu gpu(s);
  render::Splats splats(test::shaders(), test::caps(), render::Splats::Payload::BoidIndex);
  // Each share is open by 2 x kShareEps of a pixel's 256ths (~60 units); these birds' shares are
  // a few thousand units each, so a few percent of the sum: a group's sum added twice, or a pixel
  // of it dropped, is far outside.
  for (const auto& [r, j] : judgedAsOpticalDepth(splats, s, 20)) EXPECT_GT(j.covered, 0u);
}

INSTANTIATE_TEST_SUITE_P(Sizes, OpticalDepthFarFlock,
                         ::testing::Combine(::testing::Values(1u, 9u, 63u, 4099u, 65537u), ::testing::Values(1.0f, 1.5f),
                                            ::testing::Bool()),
                         [](const auto& param) {
                           char name[48];
                           std::snprintf(name, sizeof name, "n%u_point%dtenths_%s", std::get<0>(param.param),
                                         int(std::lround(std::get<1>(param.param) * 10)),
                                         std::get<2>(param.param) ? "scattered" : "gridOrder");
                           return std::string(name);
                         });

TEST_F(GlTest, TheOpticalDepthJudgeCatchesAFootprintOnePixelOffAndAClampedSum) {
  // Summed coverage judged as if the camera had moved by a pixel, and the nearest rule's clamped
  // sums judged as optical depth: both must fail.
  const std::uint32_t n = 4099;
  const std::vector<std::uint32_t> every = everyBoid(n);
  render::Splats splats(test::shaders(), test::caps(), render::Splats::Payload::BoidIndex);
  const Scene optical = sceneFor(n, {97, 61}, FAR_OPTICAL_DEPTH);
  const Scene nearest = sceneFor(n, {97, 61}, FAR_NEAREST);
  Result summed, clamped;
  {
    Gpu gpu(optical);
    summed = splat(splats, optical, {nullptr, nullptr, nullptr, 0, n, 2});
  }
  {
    Gpu gpu(nearest);
    clamped = splat(splats, nearest, {nullptr, nullptr, nullptr, 0, n, 2});
  }
  const auto judge = [&](const verify::SplatView& view, const Result& r) {
    return verify::judgeSplats(optical.positions, optical.velocities, every, view, r.visibility, r.coverage,
                               verify::CoverageSum::Summed);
  };
  EXPECT_TRUE(judge(optical.view, summed).pass()) << judge(optical.view, summed).firstFailure;
  verify::SplatView moved = optical.view;
  moved.viewProj = glm::translate(glm::mat4(1.0f), glm::vec3(2.0f / 97.0f, 0.0f, 0.0f)) * optical.view.viewProj;  // one pixel right
  EXPECT_GT(judge(moved, summed).failures, 100u);
  EXPECT_GT(judge(optical.view, clamped).failures, 100u);
}

TEST_F(GlTest, TheSplatJudgeCatchesAFootprintOnePixelOff) {
  // The judge must be able to fail: the same splats judged as if the camera had moved by a pixel.
  const Scene s = sceneFor(257, {160, 90});
  Gpu gpu(s);
  render::Splats splats(test::shaders(), test::caps(), render::Splats::Payload::BoidIndex);
  const Result r = splat(splats, s, {nullptr, nullptr, nullptr, 0, 257, 2});
  const std::vector<std::uint32_t> every = everyBoid(257);
  verify::SplatView moved = s.view;
  moved.viewProj = glm::translate(glm::mat4(1.0f), glm::vec3(2.0f / 160.0f, 0.0f, 0.0f)) * s.view.viewProj;  // one pixel right
  EXPECT_TRUE(verify::judgeSplats(s.positions, s.velocities, every, s.view, r.visibility, r.coverage).pass());
  const verify::SplatJudgement j = verify::judgeSplats(s.positions, s.velocities, every, moved, r.visibility, r.coverage);
  EXPECT_GT(j.failures, 100u) << j.firstFailure;
}

TEST_F(GlTest, TheResolveWritesEveryCoveredPixelOnceIntoAMultisampledTarget) {
  // A fully covered pixel takes its nearest boid's colour, opaque, at all four samples. A resolve
  // shaded twice at a pixel (a rasteriser that clips the full-screen triangle into two: llvmpipe
  // at 1280x720) would clear it after the first fragment's samples, and the second's would keep
  // the background: white mixed in along the diagonal.
  const glm::ivec2 size{1280, 720};
  const std::uint32_t n = 65537;
  const Scene s = sceneFor(n, size);
  Gpu gpu(s);
  render::Splats splats(test::shaders(), test::caps(), render::Splats::Payload::BoidIndex);
  render::OffscreenTarget target(size, 4);
  target.bind();
  glViewport(0, 0, size.x, size.y);
  glClearColor(1.0f, 1.0f, 1.0f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
  splats.begin(size);
  splats.splat({nullptr, nullptr, nullptr, 0, n, 2}, s.view.lod);
  splats.finish();
  const std::vector<glm::uvec2> visibility = splats.readVisibility();
  const std::vector<std::uint32_t> coverage = splats.readCoverage();
  const gl::VertexArrayName empty = gl::genVertexArray();  // the resolve's triangle has no attributes
  glBindVertexArray(empty.id());
  splats.resolve();
  glBindVertexArray(0);
  const gl::Image image = target.resolveAndRead();
  std::size_t covered = 0, wrong = 0;
  std::string first;
  for (int y = 0; y < size.y; ++y) {
    for (int x = 0; x < size.x; ++x) {
      const std::size_t i = std::size_t(y) * std::size_t(size.x) + std::size_t(x);
      if (coverage[i] < SPLAT_COVER_ONE) continue;
      ++covered;
      const std::uint32_t colour = visibility[i].x;  // RGBA8, red in the low byte
      const std::uint8_t* px = &image.rgba[(std::size_t(size.y - 1 - y) * std::size_t(size.x) + std::size_t(x)) * 4];
      for (int c = 0; c < 3; ++c) {
        if (std::abs(int(px[c]) - int((colour >> (8 * c)) & 0xFFu)) > 1 && wrong++ == 0) {
          first = "pixel (" + std::to_string(x) + ", " + std::to_string(y) + ")";
        }
      }
    }
  }
  EXPECT_GT(covered, std::size_t(size.x) * std::size_t(size.y) / 10) << "too few pixels covered to mean much";
  EXPECT_EQ(wrong, 0u) << "first: " << first;
}
