// Non-finite boids are repaired and counted; and a long run with parameters swept at random
// within the panel's ranges (culling and the compaction behind it included) keeps the flock
// finite, its size, its memory and its GL objects.
#include <algorithm>
#include <cmath>
#include <fstream>
#include <random>
#include <unistd.h>

#include "engine/frame.hpp"
#include "engine/gl/handles.hpp"
#include "engine/gl/readback.hpp"
#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/centroid/reducer.hpp"
#include "engine/render/offscreen_target.hpp"
#include "engine/sim/simulation.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

bool finite(const glm::vec4& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

std::size_t residentBytes() {  // this process's resident set, from /proc/self/statm
  std::ifstream statm("/proc/self/statm");
  std::size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

sim::SimSettings moderateFlock(std::uint32_t count) {
  sim::SimSettings s;
  s.count = count;
  s.worldSize = sim::worldSizeForCount(count);
  s.wallMargin = std::round(s.worldSize) / 10.0f;
  return s;
}

}  // namespace

TEST_F(GlTest, NonFiniteBoidsAreRepairedInTheWorldAtRestAndCounted) {
  for (sim::Neighbours search : {sim::Neighbours::GridCoherent, sim::Neighbours::GridScattered, sim::Neighbours::BruteForce}) {
    sim::SimSettings s = moderateFlock(1000);
    s.neighbours = search;
    sim::Simulation simulation(test::shaders(), test::caps(), s);
    EXPECT_EQ(simulation.nonFiniteRepaired(), 0u);
    simulation.injectNonFinite(3);
    simulation.reduce();  // a NaN centroid: the pull must skip it, not spread it to every boid
    simulation.step();
    const sim::FlockState after = simulation.flock().read();
    ASSERT_EQ(after.positions.size(), 1000u);
    int atRest = 0;
    for (std::size_t i = 0; i < after.positions.size(); ++i) {
      ASSERT_TRUE(finite(after.positions[i]) && finite(after.velocities[i])) << sim::neighboursName(search) << " boid " << i;
      EXPECT_LE(std::fabs(after.positions[i].x), 0.5f * s.worldSize);
      atRest += glm::vec3(after.velocities[i]) == glm::vec3(0.0f);  // w holds the local density
    }
    const std::uint32_t repaired = simulation.nonFiniteRepaired();
    // The three, and no cascade: a NaN neighbour fails every radius test (NaN < r is false).
    EXPECT_GE(repaired, 3u) << sim::neighboursName(search);
    EXPECT_LE(repaired, 3u + 60u) << sim::neighboursName(search) << ": the repair spread through the flock";
    EXPECT_GE(atRest, 3) << sim::neighboursName(search);
    simulation.step();
    EXPECT_EQ(simulation.nonFiniteRepaired(), repaired) << "a repaired flock stays finite";
  }
}

TEST_F(GlTest, SoakThousandsOfFramesWithParametersSweptWithinTheirRanges) {
  // Moderate on a CPU rasteriser; a GPU runs the same frames in a blink.
  constexpr int kFrames = 3000, kSweepEvery = 40, kCheckEvery = 500;  // 37 sweeps in the second half
  const std::uint32_t count = 2000;
  sim::SimSettings s = moderateFlock(count);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  render::BoidRenderer renderer(test::shaders(), test::caps());
  centroid::Inspector inspector(test::shaders(), test::caps());
  render::OffscreenTarget target({96, 64}, 1);
  gl::FrameTimer timer(64);
  gl::AsyncReadback health;
  std::mt19937 rng(20261121);
  auto uniform = [&](float lo, float hi) { return std::uniform_real_distribution<float>(lo, hi)(rng); };

  std::vector<std::string> strategies, compactions;
  for (const centroid::CentroidVariant& info : centroid::centroidVariants()) {
    if (info.unavailableOn(test::caps()).empty()) strategies.emplace_back(info.name);
  }
  for (const primitives::CompactVariant& v : primitives::compactions()) compactions.emplace_back(v.name);
  render::RenderSettings culling;  // culling on or off, any compaction (unavailable ones fall back), thresholds, freeze
  std::int64_t objectsAfterWarmUp = 0;
  std::size_t bytesAfterWarmUp = 0;
  std::uint32_t injected = 0;
  // Different strategies and sorters own different objects: compare like with like, each time
  // back on the defaults (and every cache warm by the first time: the second half adds nothing).
  auto settleOnTheDefaults = [&] {
    sim::SimSettings d = moderateFlock(count);
    simulation.apply(d);
    simulation.setAttractor(std::nullopt);
    simulation.setSorter(primitives::kDefaultSorter);
    simulation.setReduceVariant(centroid::kDefaultCentroidVariant);
    renderer.setCompaction(render::kDefaultCompaction);
    culling = render::RenderSettings{};
    for (int k = 0; k < 3; ++k) simulation.step();
    renderer.cull(simulation.flock(), culling);  // a cull made anew owns its lists once it has run
    while (inspector.busy()) inspector.poll();
    gl::finish();
    health.poll();
  };

  for (int f = 0; f < kFrames; ++f) {
    if (f > 0 && f % kSweepEvery == 0) {
      // A new random setting of every rule parameter, as a user dragging sliders would: each within
      // its slider's range, the world fixed (the panel's keep-density ties it to the count).
      sim::SimSettings next = simulation.settings();
      for (const sim::FloatParam& p : sim::floatParams()) {
        if (std::string(p.key) == "world-size" || std::string(p.key) == "wall-margin") continue;
        sim::SimSettings candidate = next;
        candidate.*p.member = p.logarithmic ? std::exp(uniform(std::log(p.min), std::log(p.max))) : uniform(p.min, p.max);
        if (sim::validate(candidate).empty()) next = candidate;  // the panel refuses the rest too
      }
      next.world = rng() % 2 ? sim::WorldMode::Wrap : sim::WorldMode::Walls;
      const sim::Neighbours searches[] = {sim::Neighbours::GridCoherent, sim::Neighbours::GridScattered, sim::Neighbours::BruteForce};
      next.neighbours = searches[rng() % 3];
      next.cells = rng() % 2 ? sim::CellSearch::Cells8 : sim::CellSearch::Cells27;
      // The attractor off, or on (as the settings' or as the window's held one) at a point that
      // may lie outside the cube, as a mouse's ray can.
      const sim::AttractorMode modes[] = {sim::AttractorMode::Off, sim::AttractorMode::Attract, sim::AttractorMode::Flee};
      const glm::vec3 point = glm::vec3(uniform(-0.7f, 0.7f), uniform(-0.7f, 0.7f), uniform(-0.7f, 0.7f)) * next.worldSize;
      next.attractor = {modes[rng() % 3], point};
      if (rng() % 2) {
        simulation.setAttractor(point, modes[rng() % 3]);
      } else {
        simulation.setAttractor(std::nullopt);
      }
      simulation.apply(next);
      simulation.setSorter(primitives::sorters()[rng() % primitives::sorters().size()].name);
      simulation.setReduceVariant(strategies[rng() % strategies.size()]);
      renderer.setCompaction(compactions[rng() % compactions.size()]);
      culling.cull = rng() % 4 != 0;
      culling.lodPixels = {uniform(0.0f, 30.0f), uniform(0.0f, 30.0f)};
      culling.freezeCull = rng() % 4 == 0;
      culling.lodTint = rng() % 2 == 0;
      if (f % (5 * kSweepEvery) == 0) {
        simulation.injectNonFinite(2);
        injected += 2;
      }
    }
    FrameView view;
    view.target = target.target();
    view.viewport = target.size();
    view.camera = render::OrbitCamera::framing(simulation.settings().worldSize);
    view.camera.yaw += 0.01f * float(f);  // moving, so that a frozen frustum is left behind
    view.render = culling;
    view.render.showCells = f % 3 == 0;
    view.render.follow = f % 2 == 0;
    view.inspector = &inspector;
    view.snapshot = f % 30 == 0;
    // The timer keeps per frame slot (6 in flight) as many queries as that slot's busiest frame
    // used: a bounded pool. Compare-all frames, the busiest, all land in slot 0 (96 = 16 x 6), so
    // the pool is full after the first and any later growth is a leak.
    view.compareAll = f % 96 == 0;
    runFrame(simulation, renderer, timer, view);
    inspector.poll();
    if (!health.busy()) health.request({{&simulation.health(), sizeof(std::uint32_t)}});
    health.poll();

    if (f == kFrames / 2) {
      settleOnTheDefaults();
      objectsAfterWarmUp = gl::liveObjects();
      bytesAfterWarmUp = residentBytes();
    }
    if ((f + 1) % kCheckEvery == 0) {
      const sim::FlockState state = simulation.flock().read();
      ASSERT_EQ(state.positions.size(), count) << "frame " << f;
      for (std::size_t i = 0; i < state.positions.size(); ++i) {
        ASSERT_TRUE(finite(state.positions[i]) && finite(state.velocities[i])) << "frame " << f << " boid " << i;
      }
    }
  }
  settleOnTheDefaults();
  EXPECT_GE(simulation.nonFiniteRepaired(), injected) << "every injected boid was caught";
  EXPECT_EQ(gl::liveObjects(), objectsAfterWarmUp) << "GL objects leaked over the run";
  const std::size_t grown = residentBytes() - std::min(residentBytes(), bytesAfterWarmUp);
  EXPECT_LT(grown, std::size_t(48) << 20) << "resident memory grew by " << (grown >> 20) << " MiB";
}
