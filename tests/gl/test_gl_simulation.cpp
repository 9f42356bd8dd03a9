// The GPU passes against their double-precision CPU references, over awkward sizes, on the
// initial distribution and on real flock shapes after simulated frames; and determinism.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>
#include <sstream>

#define GLM_ENABLE_EXPERIMENTAL
#include <glm/gtx/string_cast.hpp>

#include "engine/random.hpp"
#include "engine/verify/reference.hpp"
#include "engine/gl/program.hpp"
#include "engine/sim/simulation.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

// The reference step of a whole flock state.
verify::ReferenceStep referenceStepOf(const sim::FlockState& s, const gpu::SimParams& p, glm::dvec3 centroid) {
  return verify::referenceStep(s.positions, s.velocities, p, centroid);
}


gpu::FlockStats readStats(const sim::Simulation& s) { return s.stats().read<gpu::FlockStats>(1)[0]; }

sim::SimSettings settingsFor(std::uint32_t count, sim::WorldMode world, std::uint64_t seed = 1) {
  sim::SimSettings s;
  s.count = count;
  s.seed = seed;
  s.world = world;
  // The CIS 565 density (sim::kReferenceDensity), so that boids have neighbours at every size.
  s.worldSize = std::max(24.0f, sim::sideAtReferenceDensity(count));
  s.wallMargin = 0.1f * s.worldSize;
  s.centroidWeight = 0.001f;
  return s;
}

void expectStatsMatch(const sim::Simulation& simulation, const std::string& what) {
  const auto state = simulation.flock().read();
  const auto ref = verify::referenceStats(state.positions);
  const auto gpu = readStats(simulation);
  const std::uint32_t n = simulation.flock().count();
  const glm::dvec3 tol =
      verify::centroidTolerance(ref, n, simulation.reducer().errorModel(n, simulation.coordinateBound()));
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(gpu.meanPosition[a], ref.centroid[a], tol[a]) << what << " axis " << a;
    // min and max pick one of the inputs: exact.
    EXPECT_EQ(gpu.boundsMin[a], static_cast<float>(ref.boundsMin[a])) << what << " axis " << a;
    EXPECT_EQ(gpu.boundsMax[a], static_cast<float>(ref.boundsMax[a])) << what << " axis " << a;
  }
  EXPECT_EQ(gpu.meanPosition.w, static_cast<float>(n)) << what << ": boids counted";
}

// verify::judgeStep's counts, and for a failure where the worst boid was and the centroid the
// step was given.
struct StepComparison : verify::StepJudgement {
  std::string context;
};

// Runs one GPU step from `simulation`'s current state and compares every boid with the CPU.
// `mutate` lets a test perturb the reference's parameters, to show the comparison can fail.
// `ambiguousToo`: as verify::judgeStep.
StepComparison stepAndCompare(sim::Simulation& simulation, gpu::SimParams (*mutate)(gpu::SimParams) = nullptr,
                              bool ambiguousToo = false) {
  simulation.reduce();
  const sim::FlockState before = simulation.flock().read();
  const gpu::FlockStats stats = readStats(simulation);
  simulation.step();
  const sim::FlockState after = simulation.flock().read();
  const std::vector<std::uint32_t> order = simulation.lastOrder();  // slot s now holds boid order[s]

  gpu::SimParams params = simulation.stepParams();  // the attractor in effect, the predator's where it hunts
  if (mutate) params = mutate(params);
  const auto ref = referenceStepOf(before, params, glm::dvec3(stats.meanPosition));
  StepComparison c{verify::judgeStep(after.positions, after.velocities, order, ref, params, nullptr, ambiguousToo), {}};
  if (c.failures > 0) {  // what a rare failure needs to be told apart: the step's inputs, and the worst boid
    const verify::ReferenceStats cpu = verify::referenceStats(before.positions);
    const std::size_t i = c.worstBoid;
    const std::size_t worst = std::size_t(std::find(order.begin(), order.end(), i) - order.begin());
    std::ostringstream o;
    o << "; centroid given to the step " << glm::to_string(glm::vec3(stats.meanPosition)) << " (w " << stats.meanPosition.w
      << "), the CPU's of the same positions " << glm::to_string(glm::vec3(cpu.centroid)) << "; worst boid " << i
      << " (slot " << worst << "): before p " << glm::to_string(glm::vec3(before.positions[i])) << " v "
      << glm::to_string(glm::vec3(before.velocities[i])) << ", GPU after p " << glm::to_string(glm::vec3(after.positions[worst]))
      << " v " << glm::to_string(glm::vec3(after.velocities[worst])) << ", CPU after p "
      << glm::to_string(glm::vec3(ref.positions[i])) << " v " << glm::to_string(glm::vec3(ref.velocities[i]))
      << "; steps " << simulation.steps();
    c.context = o.str();
  }
  return c;
}

void expectStepMatches(sim::Simulation& simulation, const std::string& what) {
  const StepComparison c = stepAndCompare(simulation);
  EXPECT_EQ(c.failures, 0u) << what << ": worst error/tolerance " << c.worstRatio << c.context;
  EXPECT_EQ(c.densityMismatches, 0u) << what << ": boids whose velocity.w is not their neighbour count";
  EXPECT_EQ(c.bankMismatches, 0u) << what << ": boids whose position.w is not their bank";
  // Ambiguous boids (a neighbour within rounding of a radius) are rare; if they were common the
  // comparison would be hollow.
  EXPECT_LE(c.ambiguous * 100, c.compared + c.ambiguous) << what << ": " << c.ambiguous << " ambiguous boids";
}

}  // namespace

TEST_F(GlTest, EveryAvailableStrategyCanDriveTheSimulationAndUnknownOnesAreRefused) {
  sim::Simulation simulation(test::shaders(), test::caps(), settingsFor(3000, sim::WorldMode::Walls));
  for (const centroid::CentroidVariant& info : centroid::centroidVariants()) {
    if (!info.unavailableOn(test::caps()).empty()) {
      EXPECT_THROW(simulation.setReduceVariant(info.name), std::invalid_argument) << info.name;
      continue;
    }
    simulation.setReduceVariant(info.name);
    EXPECT_STREQ(simulation.reduceVariant().name, info.name);
    simulation.step();
    simulation.reduce();
    expectStatsMatch(simulation, info.name);
  }
  const std::string before = simulation.reduceVariant().name;
  EXPECT_THROW(simulation.setReduceVariant("no-such-strategy"), std::invalid_argument);
  EXPECT_EQ(simulation.reduceVariant().name, before) << "a refused switch must keep the current strategy";
}

// The neighbour searches under test: every boid, and the grid read scattered or coherent, with
// 27 cells of the radius or 8 of twice the radius, its cells keyed densely (as these worlds ask)
// or hashed (as a world far larger than the flock would have them).
struct Search {
  sim::Neighbours neighbours;
  sim::CellSearch cells;
  sim::GridKeys keys;
  const char* name;

  void applyTo(sim::SimSettings& s) const {
    s.neighbours = neighbours;
    s.cells = cells;
    s.gridKeys = keys;
  }
};
const Search kSearches[] = {{sim::Neighbours::BruteForce, sim::CellSearch::Cells27, sim::GridKeys::Auto, "brute"},
                            {sim::Neighbours::GridScattered, sim::CellSearch::Cells27, sim::GridKeys::Auto, "scattered27"},
                            {sim::Neighbours::GridCoherent, sim::CellSearch::Cells27, sim::GridKeys::Auto, "coherent27"},
                            {sim::Neighbours::GridCoherent, sim::CellSearch::Cells8, sim::GridKeys::Auto, "coherent8"},
                            {sim::Neighbours::GridScattered, sim::CellSearch::Cells8, sim::GridKeys::Auto, "scattered8"},
                            {sim::Neighbours::GridCoherent, sim::CellSearch::Cells27, sim::GridKeys::Hashed, "coherent27hashed"},
                            {sim::Neighbours::GridScattered, sim::CellSearch::Cells8, sim::GridKeys::Hashed, "scattered8hashed"}};

class StepSizes : public GlTest,
                  public ::testing::WithParamInterface<std::tuple<std::uint32_t, sim::WorldMode, Search>> {};

TEST_P(StepSizes, GpuStepMatchesTheCpuReferenceInitiallyAndAfterFlocking) {
  const auto [n, world, search] = GetParam();
  sim::SimSettings s = settingsFor(n, world);
  search.applyTo(s);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  const std::string name = "n=" + std::to_string(n) + " " + sim::worldModeName(world) + " " + search.name;
  expectStepMatches(simulation, name + " frame 0");
  for (int f = 0; f < 40; ++f) {  // let real flock shapes form: clusters, walls, wraps
    simulation.reduce();
    simulation.step();
  }
  expectStepMatches(simulation, name + " frame 41");
}

INSTANTIATE_TEST_SUITE_P(Sizes, StepSizes,
                         ::testing::Combine(::testing::Values(1u, 2u, 3u, 63u, 65u, 127u, 129u, 1025u, 3001u),
                                            ::testing::Values(sim::WorldMode::Walls, sim::WorldMode::Wrap),
                                            ::testing::ValuesIn(kSearches)),
                         [](const auto& p) {
                           return "n" + std::to_string(std::get<0>(p.param)) + "_" +
                                  sim::worldModeName(std::get<1>(p.param)) + "_" + std::get<2>(p.param).name;
                         });

TEST_F(GlTest, BoidsOnCellFacesEdgesAndCornersFindEveryNeighbour) {
  // Boids exactly on the grid's planes (faces), on two of them (edges) and three (corners), in a
  // world a few cells wide, for every search, both worlds.
  for (sim::WorldMode world : {sim::WorldMode::Walls, sim::WorldMode::Wrap}) {
    for (const Search& search : kSearches) {
      sim::SimSettings s = settingsFor(729, world);
      s.worldSize = 30;
      s.wallMargin = 3;
      search.applyTo(s);
      sim::Simulation simulation(test::shaders(), test::caps(), s);
      const grid::Geometry g = sim::gridGeometry(s);
      auto state = simulation.flock().read();
      for (std::size_t i = 0; i < state.positions.size(); ++i) {
        // 9 x 9 x 9 lattice points: cell planes, and points a third of a cell off them.
        const int a = static_cast<int>(i % 9), b = static_cast<int>(i / 9 % 9), c = static_cast<int>(i / 81);
        auto coord = [&](int k) { return -15.0f + g.edge * (static_cast<float>(k / 3) + (k % 3 == 0 ? 0.0f : 0.35f * (k % 3))); };
        state.positions[i] = glm::vec4(coord(a), coord(b), coord(c), 1.0f);
      }
      simulation.flock().upload(state);
      expectStepMatches(simulation, std::string(sim::worldModeName(world)) + " " + search.name + " on cell planes");
    }
  }
}

TEST_F(GlTest, StepComparisonFailsWhenTheModelDiffers) {
  // The tolerance must be tight enough to see a 1% change of one rule's weight.
  sim::Simulation simulation(test::shaders(), test::caps(), settingsFor(1025, sim::WorldMode::Walls));
  for (int f = 0; f < 10; ++f) simulation.step();
  const StepComparison c = stepAndCompare(simulation, [](gpu::SimParams p) {
    p.weights.x *= 1.01f;
    return p;
  });
  EXPECT_GT(c.failures, c.compared / 10) << "a 1% different separation weight went unnoticed";
}

TEST_F(GlTest, DensityComparisonFailsWhenTheCountingRadiusDiffers) {
  // The reference counting within a radius 5% larger must disagree with velocity.w somewhere.
  sim::Simulation simulation(test::shaders(), test::caps(), settingsFor(1025, sim::WorldMode::Wrap));
  for (int f = 0; f < 10; ++f) simulation.step();
  const StepComparison c = stepAndCompare(simulation, [](gpu::SimParams p) {
    p.radiiSq.w *= 1.05f * 1.05f;
    return p;
  });
  EXPECT_GT(c.densityMismatches, c.compared / 20) << "a 5% larger counting radius went unnoticed";
}

TEST_F(GlTest, TheDensityInVelocityWIsTheNeighbourSetTheGridAuditFinds) {
  // Two GPU paths to one number: the step's count (velocity.w) and the audit kernel's neighbour set
  // of the same positions; and the counts are not all zero (the flock has neighbours). Boids with a
  // neighbour within rounding of the radius are set aside, as everywhere.
  for (const Search& search : kSearches) {
    if (search.neighbours == sim::Neighbours::BruteForce) continue;
    sim::SimSettings s = settingsFor(1009, sim::WorldMode::Wrap);
    search.applyTo(s);
    sim::Simulation simulation(test::shaders(), test::caps(), s);
    for (int f = 0; f < 10; ++f) simulation.step();
    const auto positions = simulation.flock().read().positions;
    const auto audit = simulation.auditNeighbours();  // by slot, of the positions the step reads
    simulation.step();
    const std::vector<std::uint32_t> order = simulation.lastOrder();  // slot s holds what was in order[s]
    const auto velocities = simulation.flock().read().velocities;
    const gpu::SimParams params = sim::toGpu(s);
    double total = 0;
    for (std::size_t slot = 0; slot < velocities.size(); ++slot) {
      total += velocities[slot].w;
      if (verify::referenceNeighbours(positions, order[slot], params).ambiguous) continue;
      EXPECT_EQ(velocities[slot].w, static_cast<float>(audit[order[slot]].x)) << search.name << " slot " << slot;
    }
    EXPECT_GT(total / static_cast<double>(velocities.size()), 1.0) << search.name << ": no neighbours at the reference density?";
  }
}

// The attractor on, strong enough to dominate the step: a point near a face (in the wrap-around
// world, boids on the far side reach it through the face) and, for the predator, a reach of
// 0.4 of the side, so that boids both inside and outside it are compared.
sim::SimSettings withAttractor(sim::SimSettings s, sim::AttractorMode mode) {
  s.attractorStrength = 0.2f;
  s.attractorRadius = 0.4f * s.worldSize;
  s.attractor = {mode, glm::vec3(0.3f, -0.45f, 0.1f) * s.worldSize};
  return s;
}

class AttractorSteps
    : public GlTest,
      public ::testing::WithParamInterface<std::tuple<std::uint32_t, sim::WorldMode, Search, sim::AttractorMode>> {};

TEST_P(AttractorSteps, GpuStepMatchesTheCpuReferenceInitiallyAndAfterFollowingThePoint) {
  const auto [n, world, search, mode] = GetParam();
  sim::SimSettings s = withAttractor(settingsFor(n, world), mode);
  search.applyTo(s);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  const std::string name = "n=" + std::to_string(n) + " " + sim::worldModeName(world) + " " + search.name + " " +
                           sim::attractorModeName(mode);
  expectStepMatches(simulation, name + " frame 0");
  for (int f = 0; f < 20; ++f) {  // the flock on its way to the point (or away from it)
    simulation.reduce();
    simulation.step();
  }
  expectStepMatches(simulation, name + " frame 21");
}

INSTANTIATE_TEST_SUITE_P(Sizes, AttractorSteps,
                         ::testing::Combine(::testing::Values(1u, 63u, 65u, 257u, 1009u),
                                            ::testing::Values(sim::WorldMode::Walls, sim::WorldMode::Wrap),
                                            ::testing::ValuesIn(kSearches),
                                            ::testing::Values(sim::AttractorMode::Attract, sim::AttractorMode::Flee)),
                         [](const auto& p) {
                           return "n" + std::to_string(std::get<0>(p.param)) + "_" +
                                  sim::worldModeName(std::get<1>(p.param)) + "_" + std::get<2>(p.param).name + "_" +
                                  sim::attractorModeName(std::get<3>(p.param));
                         });

TEST_F(GlTest, AttractorComparisonFailsWhenTheTermDiffers) {
  // A 1% different strength, or the predator's reach 5% longer, must not pass as rounding.
  for (sim::AttractorMode mode : {sim::AttractorMode::Attract, sim::AttractorMode::Flee}) {
    sim::Simulation simulation(test::shaders(), test::caps(), withAttractor(settingsFor(1025, sim::WorldMode::Wrap), mode));
    for (int f = 0; f < 5; ++f) simulation.step();
    const StepComparison strength = stepAndCompare(simulation, [](gpu::SimParams p) {
      p.attractor.w *= 1.01f;
      return p;
    });
    EXPECT_GT(strength.failures, strength.compared / 10) << sim::attractorModeName(mode) << ": strength 1% off unnoticed";
  }
  sim::Simulation simulation(test::shaders(), test::caps(),
                             withAttractor(settingsFor(1025, sim::WorldMode::Wrap), sim::AttractorMode::Flee));
  const StepComparison reach = stepAndCompare(simulation, [](gpu::SimParams p) {
    p.attractorInvRadius /= 1.05f;
    return p;
  });
  EXPECT_GT(reach.failures, reach.compared / 10) << "a predator's reach 5% longer went unnoticed";
}

TEST_F(GlTest, TheHeldAttractorReplacesTheSettingsOneUntilLetGo) {
  sim::SimSettings s = settingsFor(1009, sim::WorldMode::Walls);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  EXPECT_EQ(simulation.params().attractor.w, 0.0f) << "off by default";
  EXPECT_TRUE(simulation.setAttractor(glm::vec3(3, -4, 5), sim::AttractorMode::Flee));
  EXPECT_TRUE(simulation.attractorHeld());
  EXPECT_EQ(simulation.params().attractor, glm::vec4(3, -4, 5, -s.attractorStrength));
  expectStepMatches(simulation, "held predator");
  s.maxSpeed = 1.5f;
  simulation.apply(s);  // new settings keep the key held
  simulation.reset();
  EXPECT_EQ(simulation.params().attractor.w, -s.attractorStrength);
  EXPECT_TRUE(simulation.setAttractor(glm::vec3(1e6f, 0, 0), sim::AttractorMode::Attract));
  EXPECT_EQ(simulation.params().attractor, glm::vec4(0.5f * s.worldSize, 0, 0, s.attractorStrength)) << "clamped into the cube";
  expectStepMatches(simulation, "held attractor at a face");
  EXPECT_FALSE(simulation.setAttractor(glm::vec3(NAN, 0, 0), sim::AttractorMode::Attract)) << "a ray that missed";
  EXPECT_FALSE(simulation.attractorHeld());
  EXPECT_EQ(simulation.params().attractor.w, 0.0f);
  s.attractor = {sim::AttractorMode::Attract, glm::vec3(1, 1, 1)};
  simulation.apply(s);
  simulation.setAttractor(glm::vec3(2, 2, 2), sim::AttractorMode::Off);  // held: none while the key is down
  EXPECT_EQ(simulation.params().attractor.w, 0.0f);
  EXPECT_TRUE(simulation.setAttractor(std::nullopt));  // let go: the settings' own again
  EXPECT_EQ(simulation.params().attractor, glm::vec4(1, 1, 1, s.attractorStrength));
}

TEST_F(GlTest, TheFlockGathersAtTheAttractorThenScattersFromAPredatorThere) {
  // The model's look, measured, with the default strength and reach: a flock spread over the whole
  // cube gathers into a swirling ball around the point (separation keeps it a ball some 15 units
  // across, not a knot), and a predator put there then empties its surroundings, below what a
  // uniform flock has there. On llvmpipe the share within half the reach goes 0.07 -> 0.18 -> 0.02.
  sim::SimSettings s = settingsFor(2000, sim::WorldMode::Walls);
  s.centroidWeight = sim::SimSettings{}.centroidWeight;
  const glm::dvec3 point(0.15 * s.worldSize, -0.1 * s.worldSize, 0.05 * s.worldSize);
  s.attractor = {sim::AttractorMode::Attract, glm::vec3(point)};
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  auto distances = [&] {
    std::vector<double> d;
    for (const glm::vec4& q : simulation.flock().read().positions) d.push_back(glm::length(glm::dvec3(q) - point));
    return d;
  };
  auto mean = [](const std::vector<double>& d) { return std::accumulate(d.begin(), d.end(), 0.0) / double(d.size()); };
  auto shareWithin = [&](const std::vector<double>& d) {
    return double(std::count_if(d.begin(), d.end(), [&](double x) { return x < 0.5 * s.attractorRadius; })) / double(d.size());
  };
  auto run = [&](int frames) {
    for (int f = 0; f < frames; ++f) {
      simulation.reduce();
      simulation.step();
    }
  };
  const std::vector<double> uniform = distances();
  run(400);
  const std::vector<double> gathered = distances();
  EXPECT_LT(mean(gathered), 0.9 * mean(uniform)) << "mean distance to the point";
  EXPECT_GT(shareWithin(gathered), 2.0 * shareWithin(uniform)) << "share within half the reach";
  s.attractor.mode = sim::AttractorMode::Flee;
  simulation.apply(s);
  run(100);
  const std::vector<double> fled = distances();
  EXPECT_LT(shareWithin(fled), 0.5 * shareWithin(uniform))
      << "share within half the predator's reach: uniform " << shareWithin(uniform) << ", gathered "
      << shareWithin(gathered) << ", fled " << shareWithin(fled);
}

TEST_F(GlTest, NeighboursAcrossTheWrapFacesAndAtTheWallsMatch) {
  // Boids packed against the faces of the cube: in wrap mode their neighbours are on the other
  // side; with walls they are pushed back and clamped.
  for (sim::WorldMode world : {sim::WorldMode::Wrap, sim::WorldMode::Walls}) {
    sim::SimSettings s = settingsFor(999, world);
    sim::Simulation simulation(test::shaders(), test::caps(), s);
    auto state = simulation.flock().read();
    const float half = 0.5f * s.worldSize;
    for (std::size_t i = 0; i < state.positions.size(); ++i) {
      const int axis = static_cast<int>(i % 3);
      const float side = (i / 3) % 2 ? 1.0f : -1.0f;
      state.positions[i][axis] = side * (half - 0.01f * static_cast<float>(i % 50));  // within 0.5 of a face
    }
    simulation.flock().upload(state);
    expectStepMatches(simulation, sim::worldModeName(world));
  }
}

TEST_F(GlTest, AllBoidsInOnePlaceStayFinite) {
  sim::Simulation simulation(test::shaders(), test::caps(), settingsFor(300, sim::WorldMode::Walls));
  auto state = simulation.flock().read();
  for (auto& p : state.positions) p = glm::vec4(1.5f, -2.0f, 0.25f, 1.0f);
  simulation.flock().upload(state);
  expectStepMatches(simulation, "coincident");
  for (const auto& v : simulation.flock().read().velocities) ASSERT_TRUE(std::isfinite(v.x + v.y + v.z));
}

TEST_F(GlTest, SameSeedSameFramesGiveBitIdenticalFlocks) {
  auto run = [](std::uint64_t seed) {
    sim::Simulation simulation(test::shaders(), test::caps(), settingsFor(2049, sim::WorldMode::Walls, seed));
    for (int f = 0; f < 30; ++f) {
      simulation.reduce();
      simulation.step();
    }
    return simulation.flock().read();
  };
  const auto a = run(5), b = run(5), c = run(6);
  const std::size_t bytes = a.positions.size() * sizeof(glm::vec4);
  EXPECT_EQ(std::memcmp(a.positions.data(), b.positions.data(), bytes), 0);
  EXPECT_EQ(std::memcmp(a.velocities.data(), b.velocities.data(), bytes), 0);
  EXPECT_NE(std::memcmp(a.positions.data(), c.positions.data(), bytes), 0);
}

TEST_F(GlTest, ResetReturnsToFrameZeroAndNewCountReallocates) {
  sim::SimSettings s = settingsFor(500, sim::WorldMode::Wrap);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  const auto initial = simulation.flock().read();
  for (int f = 0; f < 5; ++f) simulation.step();
  simulation.reset();
  EXPECT_EQ(simulation.steps(), 0u);
  EXPECT_EQ(std::memcmp(simulation.flock().read().positions.data(), initial.positions.data(), 500 * sizeof(glm::vec4)), 0);
  s.count = 777;
  simulation.apply(s);
  EXPECT_EQ(simulation.flock().count(), 777u);
  EXPECT_EQ(simulation.flock().read().positions, sim::initialState(s).positions);
  s.count = 0;
  EXPECT_THROW(simulation.apply(s), std::invalid_argument);
  EXPECT_EQ(simulation.flock().count(), 777u) << "a refused setting must leave the flock alone";
}

TEST_F(GlTest, AFailedShaderReloadKeepsThePreviousProgramsAndAGoodOneFromDiskWorks) {
  sim::Simulation simulation(test::shaders(), test::caps(), settingsFor(300, sim::WorldMode::Walls));
  gl::ShaderLibrary broken = test::shaders();
  broken.add("sim/sim_step_brute.comp", "#version 430 core\nthis does not compile;\n");
  EXPECT_THROW(simulation.reloadShaders(broken), gl::ShaderError);
  gl::resetDebugStats();  // the compile error was reported through debug output on purpose
  expectStepMatches(simulation, "after a failed reload");
  simulation.reloadShaders(gl::ShaderLibrary::fromDirectory(gl::ShaderLibrary::sourceDirectory()));
  expectStepMatches(simulation, "after reloading from disk");
}

TEST_F(GlTest, SwitchingSortersMidFlightLeavesTheTrajectoryBitIdentical) {
  // Every sorter produces one order (and the coherent step one storage order): a flock that
  // switches sorters every few frames flies exactly like one that never does.
  std::vector<const char*> names;
  for (const primitives::SortVariant& info : primitives::sorters()) {
    ASSERT_TRUE(info.orderDefined) << info.name << ": the bit-for-bit promise needs std::sort's order";
    names.push_back(info.name);
  }
  ASSERT_GE(names.size(), 4u);
  auto run = [&](bool switching) {
    sim::SimSettings s = settingsFor(3000, sim::WorldMode::Wrap);
    sim::Simulation simulation(test::shaders(), test::caps(), s);
    for (int f = 0; f < 24; ++f) {
      if (switching) simulation.setSorter(names[(f / 4) % names.size()]);
      simulation.reduce();
      simulation.step();
    }
    return simulation.flock().read();
  };
  const auto steady = run(false), switched = run(true);
  EXPECT_EQ(std::memcmp(steady.positions.data(), switched.positions.data(), steady.positions.size() * 16), 0);
  EXPECT_EQ(std::memcmp(steady.velocities.data(), switched.velocities.data(), steady.velocities.size() * 16), 0);
}

TEST_F(GlTest, EverySorterGivesTheSameFlockBitForBitOnEveryRun) {
  // docs/GUIDE.md's promise (same seed, count and frames: the same flock) for each sorter alone:
  // two runs of a dense flock, whose cells hold many boids (where arrival order would show),
  // compared bit for bit. Both grid searches: the scattered step also reads in sorted order.
  for (const primitives::SortVariant& info : primitives::sorters()) {
    for (sim::Neighbours search : {sim::Neighbours::GridCoherent, sim::Neighbours::GridScattered}) {
      auto run = [&] {
        sim::SimSettings s = settingsFor(4000, sim::WorldMode::Wrap);
        s.neighbours = search;
        s.worldSize = 30.0f;  // 6^3 cells of the default radii: ~20 boids in each
        sim::Simulation simulation(test::shaders(), test::caps(), s);
        simulation.setSorter(info.name);
        for (int f = 0; f < 12; ++f) {
          simulation.reduce();
          simulation.step();
        }
        return simulation.flock().read();
      };
      const auto first = run(), second = run();
      EXPECT_EQ(std::memcmp(first.positions.data(), second.positions.data(), first.positions.size() * 16), 0)
          << info.name << " " << sim::neighboursName(search);
      EXPECT_EQ(std::memcmp(first.velocities.data(), second.velocities.data(), first.velocities.size() * 16), 0)
          << info.name << " " << sim::neighboursName(search);
    }
  }
}

TEST_F(GlTest, TheCountingSortDrivesTheStepWithinTheReferenceTolerance) {
  sim::SimSettings s = settingsFor(3001, sim::WorldMode::Walls);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  simulation.setSorter("counting");
  for (int f = 0; f < 10; ++f) simulation.step();
  expectStepMatches(simulation, "counting sort");
}

TEST_F(GlTest, EveryGridSearchFindsExactlyTheNeighboursOfABruteForceSearch) {
  // The neighbour set (count and two index hashes) of every boid within the largest radius, as the
  // grid step sees it, against an O(N) CPU search per boid; clustered flocks and cell planes too.
  for (const Search& search : kSearches) {
    if (search.neighbours == sim::Neighbours::BruteForce) continue;
    for (sim::WorldMode world : {sim::WorldMode::Walls, sim::WorldMode::Wrap}) {
      for (std::uint32_t n : {1u, 2u, 3u, 65u, 1025u, 3001u}) {
        sim::SimSettings s = settingsFor(n, world);
        search.applyTo(s);
        sim::Simulation simulation(test::shaders(), test::caps(), s);
        for (int f = 0; f < 15; ++f) simulation.step();  // clusters and cell-crossings
        const auto positions = simulation.flock().read().positions;
        const auto gpu = simulation.auditNeighbours();
        const gpu::SimParams params = sim::toGpu(simulation.settings());
        std::size_t compared = 0, ambiguous = 0;
        for (std::size_t i = 0; i < n; ++i) {
          const verify::NeighbourSet ref = verify::referenceNeighbours(positions, i, params);
          if (ref.ambiguous) {
            ++ambiguous;
            continue;
          }
          ++compared;
          ASSERT_EQ(glm::uvec3(gpu[i]), glm::uvec3(ref.count, ref.sum, ref.xorHash))
              << search.name << " " << sim::worldModeName(world) << " n=" << n << " boid " << i;
        }
        EXPECT_LE(ambiguous * 100, compared + ambiguous) << search.name << " n=" << n;
      }
    }
  }
}

TEST_F(GlTest, AWorldFarLargerThanTheFlockHashesItsCellsAndFindsEveryNeighbour) {
  // 80^3 cells for a few thousand boids at most: the keys are hashed into about twice the flock,
  // so the grid's buffers and passes follow the flock; the step still sees exactly the neighbours
  // of an O(N) search, and moves as the reference does. The flock is a school at the CIS 565
  // density somewhere in that world (in the wrap-around one, across a face). (A larger world asks
  // more of float positions: the reference then finds more boids too close to a radius to judge.)
  for (sim::WorldMode world : {sim::WorldMode::Walls, sim::WorldMode::Wrap}) {
    for (std::uint32_t n : {1u, 65u, 3001u}) {
      const sim::SimSettings school = settingsFor(n, world);
      sim::SimSettings s = school;
      s.worldSize = 400.0f;
      s.wallMargin = 40.0f;
      const grid::Geometry g = sim::gridGeometry(s);
      ASSERT_TRUE(g.hashed()) << g.describe();
      EXPECT_LE(g.keyCount(), std::max(64u, 4 * n)) << g.describe();
      sim::Simulation simulation(test::shaders(), test::caps(), s);
      sim::FlockState state = sim::initialState(school);
      const glm::vec3 at = world == sim::WorldMode::Wrap ? glm::vec3(200.0f, -70.0f, 120.0f) : glm::vec3(90.0f, -70.0f, 120.0f);
      for (glm::vec4& p : state.positions) {
        glm::vec3 q = glm::vec3(p) + at;
        if (q.x >= 200.0f) q.x -= 400.0f;  // wrapped into the cube
        p = glm::vec4(q, 1.0f);
      }
      simulation.flock().upload(state);
      const std::string name = std::string(sim::worldModeName(world)) + " n=" + std::to_string(n);
      expectStepMatches(simulation, name + " frame 0");
      for (int f = 0; f < 10; ++f) simulation.step();
      expectStepMatches(simulation, name + " frame 11");
      const auto positions = simulation.flock().read().positions;
      const auto gpu = simulation.auditNeighbours();
      const gpu::SimParams params = sim::toGpu(simulation.settings());
      std::size_t withNeighbours = 0;
      for (std::size_t i = 0; i < n; ++i) {
        const verify::NeighbourSet ref = verify::referenceNeighbours(positions, i, params);
        if (ref.ambiguous) continue;
        withNeighbours += ref.count > 0;
        ASSERT_EQ(glm::uvec3(gpu[i]), glm::uvec3(ref.count, ref.sum, ref.xorHash)) << name << " boid " << i;
      }
      if (n > 1) {
        EXPECT_GT(withNeighbours * 2, std::size_t(n)) << name << ": most boids should have neighbours";
      }
    }
  }
}

TEST_F(GlTest, CellRangesAreExactAcrossRunsOfEmptyCellsOfEveryLength) {
  // The ranges pass writes a run of up to 64 empty keys from the boundary before it and lists a
  // longer one for a second pass, in pieces of 4096 keys (grid_ranges.comp). A school in one
  // corner of a large world leaves runs of every length: short ones inside it, runs of thousands
  // of keys around it, one of hundreds of thousands after it. Each start must be the number of
  // boids of every key before it, counted on the CPU from the sorted pairs.
  for (sim::GridKeys keys : {sim::GridKeys::Dense, sim::GridKeys::Hashed}) {
    for (std::uint32_t n : {1u, 2u, 65u, 4097u, 40009u}) {
      sim::SimSettings s = settingsFor(n, sim::WorldMode::Walls);
      s.worldSize = 400.0f;
      s.wallMargin = 40.0f;
      s.gridKeys = keys;
      sim::Simulation simulation(test::shaders(), test::caps(), s);
      sim::FlockState state = sim::initialState(settingsFor(n, sim::WorldMode::Walls));
      for (glm::vec4& p : state.positions) p = glm::vec4(glm::vec3(p) - glm::vec3(150.0f), 1.0f);
      simulation.flock().upload(state);
      simulation.hash();
      simulation.sortCells();
      simulation.cellRanges();
      const grid::SpatialGrid& g = simulation.grid();
      const std::string name = std::string(keys == sim::GridKeys::Dense ? "dense" : "hashed") + " n=" + std::to_string(n) +
                               ", " + std::to_string(g.keyCount()) + " keys";
      const auto pairs = g.pairs().read<glm::uvec2>(n);
      const auto starts = g.cellStarts().read<std::uint32_t>(std::size_t(g.keyCount()) + 1);
      std::vector<std::uint32_t> expected(std::size_t(g.keyCount()) + 1, 0);
      for (const glm::uvec2& p : pairs) ++expected[p.x + 1];
      for (std::uint32_t c = 1; c <= g.keyCount(); ++c) expected[c] += expected[c - 1];
      std::size_t wrong = 0, longest = 0, run = 0;
      for (std::uint32_t c = 0; c <= g.keyCount(); ++c) {
        wrong += starts[c] != expected[c];
        run = c > 0 && expected[c] == expected[c - 1] ? run + 1 : 0;
        longest = std::max(longest, run);
      }
      EXPECT_EQ(wrong, 0u) << name;
      if (keys == sim::GridKeys::Dense) {
        EXPECT_GT(longest, std::size_t(2 * 4096)) << name << ": no run of empty keys past two pieces";
      }
    }
  }
}

namespace {

// The murmuration's rules on a flock at the CIS 565 density: the topological rule with every term
// of the model on (the roost and the altitude band placed where the flock is, so they act).
sim::SimSettings topologicalFor(std::uint32_t count, std::uint32_t nearest, sim::Flight flight, sim::Neighbours search,
                                sim::WorldMode world = sim::WorldMode::Walls) {
  sim::SimSettings s = settingsFor(count, world);
  s.rule = sim::Rule::Topological;
  s.nearest = nearest;
  s.separateFrom = std::min<std::uint32_t>(2, nearest);
  s.neighbours = search;
  s.range = 0.2f * s.worldSize;
  s.flight = flight;
  s.roostRadius = 0.2f * s.worldSize;
  s.roostPull = 0.02f;
  s.altitudeLow = 0.4f * s.worldSize;
  s.altitudeHigh = 0.6f * s.worldSize;
  s.altitudePull = 0.02f;
  return s;
}

struct TopologicalCase {
  std::uint32_t count, nearest;
  sim::Flight flight;
  sim::Neighbours search;
};

class TopologicalSteps : public GlTest, public ::testing::WithParamInterface<TopologicalCase> {};

TEST_P(TopologicalSteps, GpuStepMatchesTheCpuReferenceInitiallyAndAfterFlocking) {
  const TopologicalCase c = GetParam();
  // k = 16 in the wrap-around world: the rings reach across its faces.
  const sim::WorldMode world = c.nearest == 16 ? sim::WorldMode::Wrap : sim::WorldMode::Walls;
  sim::Simulation simulation(test::shaders(), test::caps(), topologicalFor(c.count, c.nearest, c.flight, c.search, world));
  const std::string name = "n=" + std::to_string(c.count) + " k=" + std::to_string(c.nearest) + " " + sim::worldModeName(world);
  expectStepMatches(simulation, name + " frame 0");
  for (int f = 0; f < 40; ++f) {  // the cells resized from the flock's own k-th distances by now
    simulation.reduce();
    simulation.step();
  }
  expectStepMatches(simulation, name + " frame 41");
}

std::vector<TopologicalCase> topologicalCases() {
  std::vector<TopologicalCase> cases;
  for (std::uint32_t n : {1u, 2u, 7u, 8u, 63u, 65u, 1025u, 3001u}) {
    for (std::uint32_t k : {1u, 7u, 16u}) {
      cases.push_back({n, k, k == 7 ? sim::Flight::Banked : sim::Flight::Clamped,
                       n % 2 ? sim::Neighbours::GridCoherent : sim::Neighbours::GridScattered});
    }
  }
  return cases;
}

INSTANTIATE_TEST_SUITE_P(Sizes, TopologicalSteps, ::testing::ValuesIn(topologicalCases()), [](const auto& p) {
  return "n" + std::to_string(p.param.count) + "_k" + std::to_string(p.param.nearest) + "_" +
         std::string(nameOf(sim::kFlights, p.param.flight)) + "_" + sim::neighboursName(p.param.search);
});

TEST_F(GlTest, TopologicalStepComparisonFailsWhenTheModelDiffers) {
  // One neighbour fewer, or a 1% different roll rate, must show.
  sim::Simulation simulation(test::shaders(), test::caps(),
                             topologicalFor(1025, 7, sim::Flight::Banked, sim::Neighbours::GridCoherent));
  for (int f = 0; f < 10; ++f) simulation.step();
  StepComparison c = stepAndCompare(simulation, [](gpu::SimParams p) {
    p.nearest = 6;
    return p;
  });
  EXPECT_GT(c.failures, c.compared / 2) << "following 6 nearest instead of 7 went unnoticed";
  c = stepAndCompare(simulation, [](gpu::SimParams p) {
    p.cruise.z *= 1.01f;
    return p;
  });
  EXPECT_GT(c.bankMismatches + c.failures, c.compared / 20) << "a 1% faster roll went unnoticed";
}

TEST_F(GlTest, BetweenItsReactionsABoidSteersByTheNeighboursItKept) {
  // The murmuration's reaction time: with reaction 3 a third of the blocks of 64 sorted slots
  // search their k nearest each step, the other boids steer by the neighbours they kept, and the
  // reference, told each boid's slot and kept list, must agree on the step and on the lists kept;
  // given each list without its nearest, the same step must fail.
  for (sim::Neighbours search : {sim::Neighbours::GridCoherent, sim::Neighbours::GridScattered}) {
    sim::SimSettings settings = topologicalFor(3001, 7, sim::Flight::Banked, search);
    settings.reaction = 3;
    sim::Simulation simulation(test::shaders(), test::caps(), settings);
    for (int f = 0; f < 10; ++f) {
      simulation.reduce();
      simulation.step();
    }
    simulation.reduce();
    const sim::FlockState before = simulation.flock().read();
    const std::vector<std::uint32_t> kept = simulation.flock().readKept();
    const glm::dvec3 centroid(readStats(simulation).meanPosition);
    simulation.step();
    const sim::FlockState after = simulation.flock().read();
    const std::vector<std::uint32_t> lists = simulation.flock().readKept();
    const std::vector<std::uint32_t> order = simulation.lastOrder();  // slot s of `after` holds boid order[s]
    const auto pairs = simulation.grid().pairs().read<glm::uvec2>(settings.count);
    std::vector<std::uint32_t> slots(settings.count);  // the step's sorted slot of each boid
    for (std::uint32_t s = 0; s < settings.count; ++s) slots[pairs[s].y] = s;
    const gpu::SimParams params = simulation.stepParams();
    ASSERT_EQ(kept.size(), std::size_t(settings.count) * settings.nearest);
    const verify::Kept given{kept, slots};
    const auto ref = verify::referenceStep(before.positions, before.velocities, params, centroid, nullptr, &given);
    const std::string name = sim::neighboursName(search);

    const verify::StepJudgement j = verify::judgeStep(after.positions, after.velocities, order, ref, params);
    EXPECT_EQ(j.failures, 0u) << name << ": worst error/tolerance " << j.worstRatio;
    EXPECT_EQ(j.densityMismatches + j.bankMismatches, 0u) << name;
    EXPECT_EQ(verify::keptMismatches(lists, order, ref, settings.nearest), 0u) << name;
    const auto reacted = std::count(ref.reacted.begin(), ref.reacted.end(), 1);
    EXPECT_GE(reacted * 5, settings.count) << name << ": " << reacted << " boids searched";
    EXPECT_LE(reacted * 2, settings.count) << name << ": " << reacted << " boids searched";

    std::vector<std::uint32_t> fewer(kept.size());  // each list without its nearest
    for (std::size_t e = 0; e < kept.size(); ++e) {
      fewer[e] = (e + 1) % settings.nearest != 0 ? kept[e + 1] : verify::kNoNeighbour;
    }
    const verify::Kept wrong{fewer, slots};
    const auto misled = verify::referenceStep(before.positions, before.velocities, params, centroid, nullptr, &wrong);
    const verify::StepJudgement w = verify::judgeStep(after.positions, after.velocities, order, misled, params);
    EXPECT_GT(w.failures * 4, settings.count) << name << ": a kept list one short went unnoticed";
  }
}

TEST_F(GlTest, TopologicalStepBreaksTiesByBoidIndexOnALattice) {
  // A 12^3 lattice of unit spacing, every offset an integer float holds exactly: each boid has up
  // to 6 others at distance 1 and 12 at sqrt 2, so the 7 nearest and the 2 it separates from are
  // decided by boid index among equal distances, whatever order the cells are read in. The search
  // compares distances alone and searches again where a tie touched its list: a boid it missed would
  // follow another seventh (an offset of sqrt 2 more or less in its cohesion), far outside tolerance.
  const std::uint32_t side = 12, n = side * side * side;
  sim::SimSettings s = topologicalFor(n, 7, sim::Flight::Banked, sim::Neighbours::GridCoherent);
  s.separationRadius = 1.5f;  // the 2 it separates from push
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  sim::FlockState state = simulation.flock().read();
  for (std::uint32_t i = 0; i < n; ++i) {
    const glm::uvec3 at(i % side, i / side % side, i / (side * side));
    state.positions[i] = glm::vec4(glm::vec3(at) - 0.5f * float(side - 1), 0.0f);  // halves: exact
  }
  simulation.load(state);
  const StepComparison c = stepAndCompare(simulation, nullptr, true);
  EXPECT_EQ(c.compared, std::size_t(n));
  EXPECT_GT(c.ambiguous * 2, std::size_t(n)) << "the lattice should tie most boids' seventh";
  EXPECT_EQ(c.failures, 0u) << "worst error/tolerance " << c.worstRatio << c.context;
  EXPECT_EQ(c.densityMismatches + c.bankMismatches, 0u);
}

TEST_F(GlTest, TopologicalStepIsExactInAFlockDenserThanItsCellsCanHold) {
  // Every boid in a ball a tenth of the separation radius across: hundreds share a cell while the
  // cells are still sized from the separation radius (the first step), and the k nearest must still
  // be exact; and a lone boid far away from the rest finds them at the range's edge, or none.
  sim::SimSettings s = topologicalFor(2049, 7, sim::Flight::Banked, sim::Neighbours::GridCoherent);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  sim::FlockState state = simulation.flock().read();
  SplitMix64 rng(5);
  for (glm::vec4& p : state.positions) {
    p = glm::vec4(0.1f * s.separationRadius * glm::vec3(rng.uniform() - 0.5, rng.uniform() - 0.5, rng.uniform() - 0.5), 0.0f);
  }
  state.positions.back() = glm::vec4(0.9f * s.range, 0, 0, 0);
  simulation.flock().upload(state);
  const StepComparison c = stepAndCompare(simulation);
  EXPECT_EQ(c.failures, 0u) << "worst error/tolerance " << c.worstRatio << c.context;
  EXPECT_EQ(c.densityMismatches + c.bankMismatches, 0u);
  // Neighbours a hundredth of a unit apart in a cube 20 units wide: their distances' rounding
  // (offsetError 4 u half) sets more boids aside than in a flock (a few in a hundred), but most compare.
  EXPECT_LE(c.ambiguous * 10, c.compared + c.ambiguous) << c.ambiguous << " ambiguous boids";
}

TEST_F(GlTest, TopologicalStepIsExactWhateverDensityTheBoidsCarry) {
  // The search starts from a guess of each boid's k-th distance, read from the density it carries
  // (velocity.w); a guess too short must still give the exact k nearest (the boid is searched
  // again over the whole range), and one that cannot be read must not be used. A third of the
  // boids carry a density of 1e30 (a guess far too short: every search within it finds fewer than
  // k), a third NaN, a third their own.
  sim::Simulation simulation(test::shaders(), test::caps(), topologicalFor(3001, 7, sim::Flight::Banked, sim::Neighbours::GridCoherent));
  for (int f = 0; f < 10; ++f) {  // the cells sized from the flock's own k-th distances
    simulation.reduce();
    simulation.step();
  }
  sim::FlockState state = simulation.flock().read();
  for (std::size_t i = 0; i < state.velocities.size(); ++i) {
    if (i % 3 == 0) state.velocities[i].w = 1e30f;
    if (i % 3 == 1) state.velocities[i].w = std::numeric_limits<float>::quiet_NaN();
  }
  simulation.flock().upload(state);
  expectStepMatches(simulation, "densities of 1e30, NaN and their own");
}

TEST_F(GlTest, StepMatchesTheReferenceWhileAPredatorDivesThroughTheFlock) {
  // The murmuration's bird of prey moves in a pass of its own; the reference takes the point the
  // step's boids fled (Simulation::stepParams()). Its reach is a fifth of the world; an attack
  // starts five steps in and crosses the flock in about sixteen. Every step is compared.
  sim::SimSettings s = topologicalFor(1025, 7, sim::Flight::Banked, sim::Neighbours::GridCoherent);
  s.attractor.mode = sim::AttractorMode::Hunt;
  s.attractorStrength = 0.05f;
  s.attractorRadius = 0.2f * s.worldSize;
  s.huntPeriod = 10 * s.dt;
  s.predatorSpeed = 0.1f * s.worldSize / s.dt;
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  std::size_t within = 0;  // boids in the predator's reach at the step
  for (int f = 0; f < 40 && within == 0; ++f) {
    const StepComparison c = stepAndCompare(simulation);
    EXPECT_EQ(c.failures + c.densityMismatches + c.bankMismatches, 0u) << "step " << f << ": worst error/tolerance "
                                                                        << c.worstRatio << c.context;
    const glm::vec4 fled = simulation.predator().read<glm::vec4>(3)[2];
    if (fled.w == 0.0f) continue;  // between dives
    for (const glm::vec4& p : simulation.flock().read().positions) {
      within += glm::distance(glm::vec3(p), glm::vec3(fled)) < s.attractorRadius;
    }
  }
  ASSERT_GT(within, 0u) << "no dive reached a boid: the test would not see the predator";
  // A reference blind to the predator differs on the boids it scares: the comparison must show it.
  const StepComparison blind = stepAndCompare(simulation, [](gpu::SimParams p) {
    p.attractor.w = 0.0f;
    return p;
  });
  EXPECT_GT(blind.failures, 0u) << "a reference that ignores the predator went unnoticed";
  expectStepMatches(simulation, "while diving");
}

}  // namespace
