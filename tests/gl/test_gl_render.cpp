// Rendering offscreen: boids appear where they are; the frame script runs every pass.
#include "engine/frame.hpp"
#include "engine/render/offscreen_target.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

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
  renderer.placeCamera(render::OrbitCamera::framing(s.worldSize), target.size(), rs, simulation.stats());
  renderer.draw(target.framebuffer(), simulation.flock(), s, simulation.stats(), target.size(), rs);
  return target.resolveAndRead();
}

}  // namespace

TEST_F(GlTest, ABoidAtTheCentreCoversTheCentrePixelAndIsGoneWhenMovedAway) {
  const gl::Image with = renderOneBoid({0, 0, 0});
  const gl::Image without = renderOneBoid({0, 1000, 0});  // far outside the view
  ASSERT_EQ(with.width, 256);
  const glm::u8vec4 hit = pixel(with, 128, 128), sky = pixel(without, 128, 128);
  EXPECT_GT(std::abs(int(hit.r) - int(sky.r)) + std::abs(int(hit.g) - int(sky.g)) + std::abs(int(hit.b) - int(sky.b)), 40);
  // Without a boid every row is the sky's single colour: the gradient varies only vertically.
  for (int y = 0; y < without.height; y += 17) {
    for (int x = 0; x < without.width; x += 13) EXPECT_EQ(pixel(without, x, y), pixel(without, 0, y));
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
  FrameView view;
  view.framebuffer = target.framebuffer();
  view.viewport = target.size();
  view.camera = render::OrbitCamera::framing(s.worldSize);
  for (int f = 0; f < 6; ++f) {
    view.simulate = f != 5;  // the last frame is paused: draws, does not step
    runFrame(simulation, renderer, timer, view);
  }
  timer.flush();
  EXPECT_EQ(simulation.steps(), 5u);
  ASSERT_EQ(timer.passes(),
            (std::vector<std::string>{"reduce", "camera", "hash", "sort", "ranges", "reorder", "step", "cull", "render"}));
  std::vector<std::string> table;
  for (const PassInfo& p : kPasses) table.emplace_back(p.name);
  EXPECT_EQ(timer.passes(), table) << "the timer's passes are the frame table's, in its order";
  // Each pass is a named debug group that GL debug output reported (what a capture shows).
  for (const PassInfo& p : kPasses) EXPECT_EQ(gl::debugStats().groups.count(p.name), 1u) << p.name;
  auto stats = timer.stats();
  EXPECT_EQ(stats[0].samples, 6u);  // the reduction runs while paused too
  for (std::size_t pass = 2; pass <= 6; ++pass) EXPECT_EQ(stats[pass].samples, 5u) << stats[pass].name;
  EXPECT_EQ(stats[7].samples, 6u);  // the cull and the draw run while paused too: the camera may move
  EXPECT_EQ(stats[8].samples, 6u);
}
