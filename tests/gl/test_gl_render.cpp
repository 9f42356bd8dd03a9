// Rendering offscreen: boids appear where they are; the frame script runs every pass.
#include "engine/frame.hpp"
#include "engine/random.hpp"
#include "engine/render/ground.hpp"
#include "engine/render/offscreen_target.hpp"
#include "engine/sim/params.hpp"
#include "gl_fixture.hpp"
#include "shaders/render/shadow.h"

using namespace boids;
using test::GlTest;

namespace {

int channelsApart(glm::ivec4 a, glm::ivec4 b) {
  const glm::ivec4 d = glm::abs(a - b);
  return std::max(std::max(d.r, d.g), std::max(d.b, d.a));
}

glm::u8vec4 pixel(const gl::Image& image, int x, int y) {
  const std::size_t i = (static_cast<std::size_t>(y) * image.width + x) * 4;
  return {image.rgba[i], image.rgba[i + 1], image.rgba[i + 2], image.rgba[i + 3]};
}

gl::Image renderOneBoid(glm::vec3 where) {
  sim::SimSettings s;
  s.count = 1;
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  simulation.flock().upload({{glm::vec4(where, 1)}, {glm::vec4(0.3f, 0.2f, 0.9f, 0)}});
  render::BoidRenderer renderer(test::shaders(), test::caps());
  render::OffscreenTarget target({256, 256}, 4);
  render::RenderSettings rs;
  rs.boidScale = 20.0f;  // large enough to cover the centre pixel from the default distance
  rs.showWorldBox = false;
  rs.showMarkers = false;
  simulation.reduce();
  renderer.placeCamera(render::OrbitCamera::framing(s.worldSize), target.size(), rs, simulation.stats(), simulation.settings());
  renderer.cull(simulation.flock(), rs);  // culling on, as by default: the boid drawn through the near list
  renderer.draw(target.target(), simulation.flock(), s, simulation.stats(), target.size(), rs);
  return target.resolveAndRead();
}

}  // namespace

TEST_F(GlTest, ABoidAtTheCentreCoversTheCentrePixelAndIsGoneWhenMovedAway) {
  const gl::Image with = renderOneBoid({0, 0, 0});
  const gl::Image without = renderOneBoid({0, 1000, 0});  // far outside the view
  ASSERT_EQ(with.width, 256);
  const glm::u8vec4 hit = pixel(with, 128, 128), sky = pixel(without, 128, 128);
  EXPECT_GT(std::abs(int(hit.r) - int(sky.r)) + std::abs(int(hit.g) - int(sky.g)) + std::abs(int(hit.b) - int(sky.b)), 40);
  // Without a boid nothing but the sky is drawn: the boid far away on the other side gives the
  // same image, pixel for pixel.
  const gl::Image elsewhere = renderOneBoid({0, -1000, 0});
  for (int y = 0; y < without.height; y += 7) {
    for (int x = 0; x < without.width; x += 5) ASSERT_EQ(pixel(without, x, y), pixel(elsewhere, x, y)) << x << "," << y;
  }
  // The corners are sky in both.
  EXPECT_EQ(pixel(with, 2, 2), pixel(without, 2, 2));
}

TEST_F(GlTest, FrameScriptRunsReduceStepAndRenderInsideTimerScopes) {
  sim::SimSettings s;
  s.count = 257;
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  render::BoidRenderer renderer(test::shaders(), test::caps());
  render::OffscreenTarget target({64, 64}, 1);
  gl::FrameTimer timer(32);
  lighting::Lighting light(test::shaders(), test::caps());
  light.setEnvironment(lighting::builtInEnvironment("sky", 64, 32));
  FrameView view;
  view.lighting = &light;
  view.target = target.target();
  view.viewport = target.size();
  view.camera = render::OrbitCamera::framing(s.worldSize);
  for (int f = 0; f < 6; ++f) {
    view.simulate = f != 5;  // the last frame is paused: draws, does not step
    runFrame(simulation, renderer, timer, view);
  }
  timer.flush();
  EXPECT_EQ(simulation.steps(), 5u);
  EXPECT_EQ(light.projections(), 1u) << "the light pass projects once: nothing changed after the first frame";
  // The frame's passes, then the render pass's parts (the default draw splats all but the near level).
  std::vector<std::string> passes, parts;
  for (const std::string& name : timer.passes()) (render::isDrawPart(name) ? parts : passes).push_back(name);
  ASSERT_EQ(passes, (std::vector<std::string>{"reduce", "camera", "hash", "sort", "ranges", "reorder", "step", "cull", "light", "render"}));
  std::vector<std::string> table;
  for (const PassInfo& p : kPasses) table.emplace_back(p.name);
  EXPECT_EQ(passes, table) << "the timer's passes are the frame table's, in its order";
  EXPECT_EQ(parts, (std::vector<std::string>{"render/shadow", "render/sky and ground", "render/near", "render/middle",
                                             "render/far", "render/splat resolve"}));
  // Each pass is a named debug group that GL debug output reported (what a capture shows).
  for (const PassInfo& p : kPasses) EXPECT_EQ(gl::debugStats().groups.count(p.name), 1u) << p.name;
  auto stats = timer.stats();
  EXPECT_EQ(stats[0].samples, 6u);  // the reduction runs while paused too
  for (std::size_t pass = 2; pass <= 6; ++pass) EXPECT_EQ(stats[pass].samples, 5u) << stats[pass].name;
  EXPECT_EQ(stats[7].samples, 6u);  // the cull and the draw run while paused too: the camera may move
  EXPECT_EQ(stats[8].samples, 6u);
}

TEST_F(GlTest, TheShadowCountsEachBoidOverItsTexelOnce) {
  // The shadow pass counts runs of consecutive boids and adds a texel's count when a run leaves it.
  // Boids in runs over one texel (as the coherent grid orders them), runs broken off at random,
  // boids beyond the floor and non-finite ones: every texel's count must be the CPU's exactly, at
  // counts around a run (32), the groups (256 invocations) and the groups' cap (1024).
  render::Ground ground(test::shaders(), test::caps());
  const float side = 40.0f, half = 0.5f * side, perUnit = float(SHADOW_SIZE) / side;  // as castShadow
  SplitMix64 rng(3);
  for (std::uint32_t n : {1u, 31u, 33u, 63u, 65u, 4097u, 262145u, 8388609u, 1000003u}) {
    std::vector<glm::vec4> p(n);
    glm::vec2 texel(0.0f);
    for (std::uint32_t i = 0; i < n; ++i) {
      if (rng.uniform() < 0.05) texel = glm::vec2(std::floor(rng.uniform() * SHADOW_SIZE), std::floor(rng.uniform() * SHADOW_SIZE));
      // Within 0.3 of the texel's centre: no boid near a texel's edge, where a rounding could move it.
      const glm::vec2 t = texel + 0.5f + glm::vec2(rng.uniform() - 0.5, rng.uniform() - 0.5) * 0.6f;
      p[i] = glm::vec4(t.x / perUnit - half, 10.0f, t.y / perUnit - half, 1.0f);
      const double odd = rng.uniform();
      if (odd < 0.01) p[i].x = side;  // beyond the floor
      if (odd > 0.995) p[i].z = std::numeric_limits<float>::quiet_NaN();
    }
    std::vector<std::uint32_t> cpu(std::size_t(SHADOW_SIZE) * SHADOW_SIZE, 0);
    for (const glm::vec4& q : p) {
      const float tx = (q.x + half) * perUnit, tz = (q.z + half) * perUnit;
      if (tx >= 0.0f && tz >= 0.0f && tx < float(SHADOW_SIZE) && tz < float(SHADOW_SIZE)) {
        ++cpu[std::size_t(tz) * SHADOW_SIZE + std::size_t(tx)];
      }
    }
    const gl::Buffer positions("test.shadowPositions", std::size_t(n) * sizeof(glm::vec4), p.data());
    ground.castShadow(positions, n, side);
    const auto gpu = ground.shadowCounts().read<std::uint32_t>(cpu.size());
    std::size_t wrong = 0;
    for (std::size_t t = 0; t < cpu.size(); ++t) wrong += gpu[t] != cpu[t];
    EXPECT_EQ(wrong, 0u) << "n=" << n << ": texels whose count differs from the CPU's";
  }
}

TEST_F(GlTest, AFrozenCullingCameraKeepsItsFrustumWhileTheCameraMovesAndIsDrawnAsLines) {
  sim::SimSettings s;
  s.count = 4097;
  s.worldSize = sim::worldSizeForCount(s.count);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  render::BoidRenderer renderer(test::shaders(), test::caps());
  render::OffscreenTarget target({320, 180}, 1);
  render::RenderSettings rs;
  rs.showMarkers = false;
  rs.showWorldBox = false;
  const render::OrbitCamera framing = render::OrbitCamera::framing(s.worldSize);
  render::OrbitCamera away = framing;  // far off, looking at a point far from the flock
  away.target = glm::vec3(0, 0, 20 * s.worldSize);
  away.distance = s.worldSize;
  auto cullFrom = [&](const render::OrbitCamera& camera) {
    simulation.reduce();
    renderer.placeCamera(camera, target.size(), rs, simulation.stats(), simulation.settings());
    renderer.cull(simulation.flock(), rs);
    return renderer.readCullCounts();
  };
  const render::CullCounts seen = cullFrom(framing);
  ASSERT_GT(seen.visible(), 4000u);
  EXPECT_EQ(seen.boids, 4097u);
  EXPECT_EQ(cullFrom(away).visible(), 0u) << "the away camera sees the flock: the test would not show the freeze";

  rs.freezeCull = true;
  cullFrom(framing);  // the frame the switch is turned on in: its frustum is the one kept
  const render::CullCounts frozen = cullFrom(away);
  EXPECT_EQ(frozen.levels, seen.levels);
  // Drawn from a camera that sees the frozen frustum from outside: its edges are magenta lines.
  render::OrbitCamera outside = framing;
  outside.distance *= 4;
  outside.yaw += 1.2f;
  auto magentaPixels = [&](const render::RenderSettings& settings) {
    simulation.reduce();
    renderer.placeCamera(outside, target.size(), settings, simulation.stats(), simulation.settings());
    renderer.cull(simulation.flock(), settings);
    renderer.draw(target.target(), simulation.flock(), s, simulation.stats(), target.size(), settings);
    const gl::Image image = target.resolveAndRead();
    int n = 0;
    for (int y = 0; y < image.height; ++y) {
      for (int x = 0; x < image.width; ++x) {
        const glm::u8vec4 c = pixel(image, x, y);
        n += c.r > 180 && c.b > 180 && c.g < 140;
      }
    }
    return n;
  };
  EXPECT_GT(magentaPixels(rs), 50) << "no frustum lines";
  EXPECT_EQ(renderer.readCullCounts().levels, seen.levels) << "still culling with the frozen frustum";
  rs.freezeCull = false;  // thawed: the cull follows the camera again, and the lines are gone
  EXPECT_EQ(magentaPixels(rs), 0);
  EXPECT_NE(renderer.readCullCounts().levels, seen.levels);
}

TEST_F(GlTest, ACompactionThatCannotCullTheFlockFallsBackAndSaysWhy) {
  // single-thread tests every boid in one invocation: past cull::Cull::kSingleInvocationBoids (on
  // any driver) the renderer culls with the fallback instead, and says so; the counts stay right.
  const std::uint32_t n = cull::Cull::kSingleInvocationBoids + 1;
  sim::SimSettings s;
  s.count = n;
  s.worldSize = sim::worldSizeForCount(n);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  render::BoidRenderer renderer(test::shaders(), test::caps(), "single-thread");
  render::RenderSettings rs;
  renderer.placeCamera(render::OrbitCamera::framing(s.worldSize), {320, 180}, rs, simulation.stats(), simulation.settings());
  renderer.cull(simulation.flock(), rs);
  EXPECT_STREQ(renderer.compaction().name, render::kFallbackCompaction);
  EXPECT_NE(renderer.compactionNote().find("single-thread cannot cull " + std::to_string(n) + " boids"), std::string::npos)
      << renderer.compactionNote();
  const render::CullCounts k = renderer.readCullCounts();
  EXPECT_EQ(k.boids, n);
  EXPECT_GT(k.visible(), n / 2);
  EXPECT_LE(k.visible(), n);
  // A flock it can take: the variant asked for again.
  sim::SimSettings small = s;
  small.count = 1000;
  sim::Simulation few(test::shaders(), test::caps(), small);
  renderer.cull(few.flock(), rs);
  EXPECT_STREQ(renderer.compaction().name, "single-thread");
  EXPECT_EQ(renderer.compactionNote(), "");
  EXPECT_THROW(renderer.setCompaction("no-such-variant"), std::invalid_argument);
  EXPECT_STREQ(renderer.compaction().name, "single-thread") << "a refused name keeps the current variant";
}

TEST_F(GlTest, TheComputedBackgroundIsTheDrawnOne) {
  // The sky and the ground computed into the frame's colour image (every sample) against the same
  // frame drawn by the rasteriser: a flock over the floor casting its shadow, the floor's lines,
  // its fog and its edge faded into the sky, at a size no 8x8 group divides, one and four samples.
  // Both evaluate the same functions at each pixel's centre, to 8 bits: a pixel may differ by a
  // step of rounding (1) on each channel, and where the floor's lines are (the drawn path measures
  // their width by the 2x2 quad's derivatives, the computed one by the next pixels': a line's edge
  // moves by a fraction of a pixel) by more, on a few pixels; a wrong sample, a missing shadow or
  // fog would move most of them.
  sim::SimSettings s;
  s.count = 2049;
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  render::BoidRenderer renderer(test::shaders(), test::caps());
  render::RenderSettings rs;
  rs.showMarkers = false;
  render::OrbitCamera camera = render::OrbitCamera::framing(s.worldSize);
  camera.pitch = 0.5f;  // looking down on the floor, the horizon in the frame
  for (int samples : {1, 4}) {
    render::OffscreenTarget target({203, 131}, samples);
    auto frame = [&](render::BackgroundPath path, bool ground) {
      renderer.background().setPath(path);
      rs.ground = ground;
      simulation.reduce();
      renderer.placeCamera(camera, target.size(), rs, simulation.stats(), simulation.settings());
      renderer.cull(simulation.flock(), rs);
      renderer.draw(target.target(), simulation.flock(), s, simulation.stats(), target.size(), rs);
      return target.resolveAndRead();
    };
    const bool storable = samples <= std::max(test::caps().maxImageSamples, 1);
    renderer.background().setPath(render::BackgroundPath::Auto);
    EXPECT_EQ(renderer.background().computes(target.target()), storable && !test::caps().softwareRenderer());
    if (!storable) {  // this driver stores into no image of that many samples: the drawn path it is
      renderer.background().setPath(render::BackgroundPath::Computed);
      EXPECT_FALSE(renderer.background().computes(target.target())) << samples;
      continue;
    }
    renderer.background().setPath(render::BackgroundPath::Computed);
    ASSERT_TRUE(renderer.background().computes(target.target())) << samples;
    const gl::Image drawn = frame(render::BackgroundPath::Drawn, true), computed = frame(render::BackgroundPath::Computed, true);
    const gl::Image sky = frame(render::BackgroundPath::Drawn, false);
    std::size_t apart = 0, ground = 0;
    int most = 0;
    for (int y = 0; y < drawn.height; ++y) {
      for (int x = 0; x < drawn.width; ++x) {
        const glm::ivec4 a(pixel(drawn, x, y)), b(pixel(computed, x, y)), c(pixel(sky, x, y));
        const int d = channelsApart(a, b);
        most = std::max(most, d);
        apart += d > 1;
        ground += channelsApart(a, c) > 8;
      }
    }
    const std::size_t pixels = std::size_t(drawn.width) * drawn.height;
    EXPECT_GT(ground, pixels / 5) << "the floor covers too little of the frame to test it";
    EXPECT_LT(apart, pixels / 50) << samples << " samples: " << apart << " of " << pixels << " pixels apart, most " << most;
  }
}
