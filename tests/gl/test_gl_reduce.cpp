// Every reduction strategy against the double-precision reference: centroid within the bound of
// its own error model, bounds exact, every boid counted once; over awkward sizes, on uniform and
// flocked and far-off-centre positions; repeatable (the atomic and single-pass strategies reset
// their global state after each use).
#include <chrono>
#include <cmath>
#include <thread>
#include <cstring>
#include <set>

#include "engine/verify/reference.hpp"
#include "engine/gl/buffer.hpp"
#include "engine/centroid/inspector.hpp"
#include "engine/centroid/reducers.hpp"
#include "engine/sim/simulation.hpp"
#include "engine/sim/initial_state.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

struct Outcome {
  gpu::FlockStats stats;
  verify::ReferenceStats reference;
  glm::dvec3 tolerance;
};

std::vector<glm::vec4> positionsFor(std::uint32_t n, std::uint64_t seed, glm::vec3 offset = glm::vec3(0)) {
  sim::SimSettings s;
  s.count = n;
  s.seed = seed;
  s.worldSize = sim::worldSizeForCount(n);
  auto p = sim::initialState(s).positions;
  for (auto& q : p) q += glm::vec4(offset, 0);
  return p;
}

float boundOf(const std::vector<glm::vec4>& p) {
  float b = 1;
  for (const auto& q : p) b = std::max({b, std::abs(q.x), std::abs(q.y), std::abs(q.z)});
  return b;
}

Outcome run(centroid::Reducer& strategy, const std::vector<glm::vec4>& positions) {
  const auto n = static_cast<std::uint32_t>(positions.size());
  auto input = gl::Buffer::fromSpan(std::string_view("test.positions"), std::span<const glm::vec4>(positions));
  gl::Buffer stats("test.stats", sizeof(gpu::FlockStats));
  const float bound = boundOf(positions);
  strategy.reduce({&input, n, bound}, stats);
  Outcome o{stats.read<gpu::FlockStats>(1)[0], verify::referenceStats(positions), {}};
  o.tolerance = verify::centroidTolerance(o.reference, n, strategy.errorModel(n, bound));
  return o;
}

void expectMatches(const Outcome& o, std::uint32_t n, const std::string& what) {
  for (int a = 0; a < 3; ++a) {
    EXPECT_NEAR(o.stats.meanPosition[a], o.reference.centroid[a], o.tolerance[a]) << what << " axis " << a;
    EXPECT_EQ(o.stats.boundsMin[a], static_cast<float>(o.reference.boundsMin[a])) << what << " axis " << a;
    EXPECT_EQ(o.stats.boundsMax[a], static_cast<float>(o.reference.boundsMax[a])) << what << " axis " << a;
  }
  // Counted in float: exact below 2^24, which every size here is.
  EXPECT_EQ(o.stats.meanPosition.w, static_cast<float>(n)) << what << ": boids counted";
}


}  // namespace

class EveryStrategy : public GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EveryStrategy, MatchesTheReferenceAndRepeatsExactly) {
  const auto [name, n] = GetParam();
  const centroid::CentroidVariant* info = centroid::findCentroidVariant(name);
  ASSERT_NE(info, nullptr);
  if (const std::string why = info->unavailableOn(test::caps()); !why.empty()) {
    // Unavailable must mean the driver lacks what the strategy needs, said in the reason.
    EXPECT_EQ(name, "subgroup") << why;
    EXPECT_FALSE(test::caps().has("GL_KHR_shader_subgroup") && why.find("not exposed") != std::string::npos) << why;
    EXPECT_NE(why.find("subgroup"), std::string::npos) << why;
    return;
  }
  auto strategy = info->create(test::shaders(), test::caps());
  if (const std::string why = strategy->unavailableFor(n); !why.empty()) {
    // Only a driver limit may refuse a size: llvmpipe's loop budget for the long-running ones.
    EXPECT_GT(test::caps().loopIterationLimit, 0u) << why;
    EXPECT_NE(why.find("llvmpipe"), std::string::npos) << why;
    return;
  }
  for (std::uint64_t seed : {1u, 2u}) {
    const auto positions = positionsFor(n, seed);
    const Outcome first = run(*strategy, positions);
    expectMatches(first, n, name + " n=" + std::to_string(n) + " seed=" + std::to_string(seed));
    const Outcome again = run(*strategy, positions);
    EXPECT_EQ(std::memcmp(&first.stats, &again.stats, sizeof(gpu::FlockStats)), 0)
        << name << " n=" << n << ": a second run on the same positions differs";
  }
}

INSTANTIATE_TEST_SUITE_P(
    Sizes, EveryStrategy,
    ::testing::Combine(::testing::ValuesIn(test::namesOf(centroid::centroidVariants())),
                       ::testing::Values(1u, 2u, 63u, 64u, 65u, 255u, 257u, 1023u, 1025u, 4095u, 4097u, 65537u,
                                         1000003u)),
    test::VariantAndSize());

TEST_F(GlTest, TheRegistryNamesEveryStrategyOnceWithADescription) {
  std::set<std::string> names;
  for (const centroid::CentroidVariant& s : centroid::centroidVariants()) {
    EXPECT_TRUE(names.insert(s.name).second) << s.name;
    EXPECT_GT(std::strlen(s.description), 20u) << s.name;
    EXPECT_GT(std::strlen(s.bounds), 5u) << s.name;
    EXPECT_EQ(centroid::findCentroidVariant(s.name), &s);
  }
  EXPECT_EQ(names.size(), primitives::reductions().size() + 3) << "every reduce variant, additive-blend, mipmap, atomic";
  EXPECT_NE(centroid::findCentroidVariant(centroid::kDefaultCentroidVariant), nullptr);
  EXPECT_EQ(centroid::findCentroidVariant("no-such-strategy"), nullptr);
}

TEST_F(GlTest, EveryStrategyHandlesAFlockFarFromTheOrigin) {
  // A flock far off-centre: large sums against a small spread, the hard case for float sums and
  // for the fixed-point range of the atomic strategy.
  const auto positions = positionsFor(65537, 3, glm::vec3(1000.0f, -2000.0f, 500.0f));
  for (const centroid::CentroidVariant& info : centroid::centroidVariants()) {
    if (!info.unavailableOn(test::caps()).empty()) continue;  // covered by EveryStrategy
    auto strategy = info.create(test::shaders(), test::caps());
    expectMatches(run(*strategy, positions), 65537, std::string(info.name) + " off-centre");
  }
}

TEST_F(GlTest, BothAtomicPathsAgreeBitForBitWhereBothRun) {
  // The split 32-bit path runs everywhere; the 64-bit one where GL_NV_shader_atomic_int64 is.
  // Integer sums do not depend on order, so the two must give identical bits.
  const auto positions = positionsFor(100003, 4, glm::vec3(3.0f, -1.0f, 0.5f));
  auto split = centroid::makeAtomic(test::shaders(), test::caps(), false);
  const Outcome a = run(*split, positions);
  expectMatches(a, 100003, "atomic, split words");
  if (centroid::hasInt64Atomics(test::caps())) {
    auto wide = centroid::makeAtomic(test::shaders(), test::caps(), true);
    const Outcome b = run(*wide, positions);
    expectMatches(b, 100003, "atomic, int64");
    EXPECT_EQ(std::memcmp(&a.stats, &b.stats, sizeof(gpu::FlockStats)), 0);
  }
}

TEST_F(GlTest, ATooSmallToleranceWouldCatchAWrongCentroid) {
  // The comparison is not hollow: shift one boid by a little more than the tolerance allows and
  // the tree's answer no longer matches the reference of the unshifted flock.
  auto positions = positionsFor(4097, 5);
  auto tree = centroid::findCentroidVariant("tree")->create(test::shaders(), test::caps());
  const Outcome exact = run(*tree, positions);
  positions[17].x += static_cast<float>(4 * exact.tolerance.x * 4097);
  const Outcome moved = run(*tree, positions);
  EXPECT_GT(std::abs(moved.stats.meanPosition.x - exact.reference.centroid.x), exact.tolerance.x);
}

TEST_F(GlTest, TheInspectorChecksAFrameAsynchronouslyAgainstTheCpu) {
  sim::SimSettings s;
  s.count = 5003;
  s.worldSize = sim::worldSizeForCount(s.count);
  sim::Simulation simulation(test::shaders(), test::caps(), s);
  centroid::Inspector inspector(test::shaders(), test::caps());
  for (int f = 0; f < 3; ++f) simulation.step();
  simulation.reduce();
  inspector.lab().runAll(simulation.reduceInput(), nullptr);
  ASSERT_TRUE(inspector.requestSnapshot(simulation.reduceInput(), simulation.reduceVariant(), simulation.reducer(),
                                        simulation.stats(), true, 3));
  EXPECT_FALSE(inspector.requestSnapshot(simulation.reduceInput(), simulation.reduceVariant(), simulation.reducer(),
                                         simulation.stats(), true, 3))
      << "a second snapshot must wait for the first";
  const auto positions = simulation.flock().read().positions;  // the same positions, read directly
  bool done = false;
  for (int i = 0; i < 2000 && !done; ++i) {
    glFinish();
    done = inspector.poll();
    if (!done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_TRUE(done) << "no report after the GPU finished";
  const centroid::Report& r = *inspector.latest();
  EXPECT_EQ(r.frame, 3u);
  EXPECT_EQ(r.count, 5003u);
  const verify::ReferenceStats direct = verify::referenceStats(positions);
  EXPECT_EQ(r.cpu.centroid, direct.centroid);
  EXPECT_TRUE(r.active.pass) << r.active.strategy;
  EXPECT_EQ(r.lab.size(), centroid::centroidVariants().size());
  for (const centroid::Verdict& v : r.lab) EXPECT_TRUE(!v.available || v.pass) << v.strategy;
}
