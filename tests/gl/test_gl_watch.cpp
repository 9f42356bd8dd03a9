// The watch views (engine/lab/watch.hpp): each primitive's variants stepped on small inputs, every
// step's read-back buffers held to the CPU model's state at that step, so a view cannot drift from
// its kernels; and the comparison shown to catch a cell, a pass and a missing dispatch that differ.
#include <algorithm>
#include <bit>
#include <functional>
#include <numbers>
#include <optional>
#include <stdexcept>
#include <string>
#include <tuple>
#include <vector>

#include "engine/centroid/centroid_watch.hpp"
#include "engine/centroid/reducer.hpp"
#include "engine/lab/diagram.hpp"
#include "engine/lighting/sh_projection.hpp"
#include "engine/lighting/sh_watch.hpp"
#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/compact/compact_watch.hpp"
#include "engine/primitives/reduce/reduce.hpp"
#include "engine/primitives/reduce/reduce_watch.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/knn/knn.hpp"
#include "engine/primitives/knn/knn_watch.hpp"
#include "engine/primitives/scan/scan_watch.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/primitives/sort/sort_watch.hpp"
#include "engine/render/cull_watch.hpp"
#include "engine/render/splat_watch.hpp"
#include "engine/sim/grid_watch.hpp"
#include "engine/sim/step_watch.hpp"
#include "engine/sim/params.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

// 1; below, at and around a watch tile (32 elements; 32 a subgroup's width for the look-back on a
// GPU, 8 a lane without subgroups); several tiles; the most a watch takes.
const std::uint32_t kWatchSizes[] = {1u, 7u, 8u, 31u, 32u, 33u, 100u, 257u, 1024u};

const lab::Context& watchContext() {
  static const sim::SimSettings settings;
  static const lab::Context context{test::shaders(), test::caps(), settings,
                                    [](const lab::Case&) -> const lab::Flock& { throw std::logic_error("no flock"); }, 0};
  return context;
}

// Every step agrees (an unordered lane as a multiset), every lane was read back whole, and each
// step shows something (a step may keep nothing: its lane is then empty on both sides).
void expectAgrees(const lab::Watch& watch, const std::string& what) {
  EXPECT_TRUE(watch.error.empty()) << what << ": " << watch.error;
  ASSERT_FALSE(watch.steps.empty()) << what;
  for (std::size_t i = 0; i < watch.steps.size(); ++i) {
    std::size_t words = 0;
    for (const lab::Lane& lane : watch.steps[i].lanes) {
      const std::string where = what + " step " + std::to_string(i + 1) + " (" + watch.steps[i].pass + ") " + lane.name;
      EXPECT_EQ(lane.gpu.size(), lane.model.size()) << where;
      EXPECT_EQ(lane.differences(), 0u) << where;
      if (!lane.unordered && lane.ulps == 0 && lane.tolerance == 0 && lane.tolerances.empty() && lane.accepted.empty()) {  // else within its slack: differences() says
        EXPECT_EQ(lane.gpu, lane.model) << where;
      }
      words += lane.model.size();
    }
    EXPECT_GT(words, 0u) << what << " step " << i + 1;
  }
}

// Every variant of every primitive with a watch, as "stage/variant", from the registries: a
// variant added to one is watched here without this list changing.
using WatchOf = lab::Watch (*)(const lab::WatchRequest&, const lab::Context&);
const std::pair<const char*, WatchOf> kWatches[] = {
    {"reduce", centroid::watchCentroid}, {"scan", primitives::watchScan}, {"compact", primitives::watchCompact},
    {"sort", primitives::watchSort}, {"knn", primitives::watchKnn}, {"ranges", sim::watchGrid}, {"cull", render::watchCull},
    {"neighbours", sim::watchNeighbours}, {"sh", lighting::watchSh}, {"step", sim::watchStep}, {"splat", render::watchSplat}};

std::vector<std::string> everyWatchedVariant() {
  std::vector<std::string> all;
  for (const std::string& v : test::namesOf(centroid::centroidVariants())) all.push_back("reduce/" + v);
  for (const std::string& v : test::namesOf(primitives::scans())) all.push_back("scan/" + v);
  for (const std::string& v : test::namesOf(primitives::compactions())) all.push_back("compact/" + v);
  for (const std::string& v : primitives::watchedSorters()) all.push_back("sort/" + v);
  for (const std::string& v : test::namesOf(primitives::knnVariants())) all.push_back("knn/" + v);
  all.push_back("ranges/cells");
  for (const char* v : {"scattered-27", "coherent-27", "coherent-8", "scattered-27-hashed", "coherent-27-hashed", "coherent-8-hashed"}) {
    all.push_back(std::string("neighbours/") + v);
  }
  for (const std::string& v : test::namesOf(primitives::compactions())) all.push_back("cull/" + v);
  for (const char* v : lighting::kShVariants) all.push_back(std::string("sh/") + v);
  for (const std::string& v : sim::watchedSteps()) all.push_back("step/" + v);
  for (const std::string& v : primitives::variantNames(render::splatVariants())) all.push_back("splat/" + v);
  return all;
}

}  // namespace

class EveryWatch : public GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EveryWatch, EveryStepsBuffersEqualTheModelsAtThatStep) {
  const auto [name, n] = GetParam();
  const std::string stage = name.substr(0, name.find('/')), variant = name.substr(name.find('/') + 1);
  WatchOf watchOf = nullptr;
  for (const auto& [s, w] : kWatches) watchOf = stage == s ? w : watchOf;
  ASSERT_NE(watchOf, nullptr) << stage;
  for (const char* input : lab::kWatchInputs) {
    const lab::Watch watch = watchOf({variant, n, input, 3}, watchContext());
    if (n == 1 && watch.steps.empty() && watch.error.find("no dispatch to watch") != std::string::npos) continue;
    if (stage == "cull" && std::string(input) != "random") {  // a camera sees places: only a seeded flock
      EXPECT_NE(watch.error.find("takes a seeded flock"), std::string::npos) << watch.error;
      continue;
    }
    // Only a software renderer's loop budget may refuse an input (the octree's 1024 boids at one point).
    if (watch.steps.empty() && test::caps().loopIterationLimit > 0 && watch.error.find("loop iterations") != std::string::npos) continue;
    if (watch.steps.empty() && watch.error.find("cannot run here") != std::string::npos) {
      EXPECT_NE(watch.error.find("GL_"), std::string::npos) << watch.error;  // only a driver's missing feature
      return;
    }
    expectAgrees(watch, name + " n=" + std::to_string(n) + " " + input);
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, EveryWatch, ::testing::Combine(::testing::ValuesIn(everyWatchedVariant()), ::testing::ValuesIn(kWatchSizes)),
                         test::VariantAndSize());

TEST_F(GlTest, ScanWatchStepsThroughTheLevelsOfReduceThenScan) {
  // 1024 elements in tiles of 32: 32 totals, one tile of them, so reduce, scan the totals, scan
  // again seeded: the model's steps are the kernel's dispatches, in order.
  const lab::Watch watch = primitives::watchScan({"reduce-then-scan", 1024, "random", 1}, watchContext());
  std::vector<std::string> passes;
  for (const lab::Step& s : watch.steps) passes.push_back(s.pass);
  EXPECT_EQ(passes, (std::vector<std::string>{"reduce", "scan-single", "scan-seeded"}));
  ASSERT_EQ(watch.steps.size(), 3u);
  EXPECT_EQ(watch.steps[0].lanes[1].gpu.size(), 32u) << "a total a tile";
  expectAgrees(watch, "reduce-then-scan 1024");
}

TEST_F(GlTest, ScanWatchTakesATypedInInput) {
  const lab::Watch watch = primitives::watchScan({"decoupled-lookback", 0, "3,1,4,1,5,9,2,6", 1}, watchContext());
  ASSERT_EQ(watch.steps.size(), 1u) << watch.error;
  EXPECT_EQ(watch.steps[0].lanes.back().gpu, (std::vector<std::uint32_t>{0, 3, 4, 8, 9, 14, 23, 25}));
}

TEST_F(GlTest, AWatchShowsACellAPassAndADispatchThatDifferFromTheModel) {
  lab::Watch watch = primitives::watchScan({"reduce-then-scan", 100, "random", 1}, watchContext());
  ASSERT_TRUE(watch.agrees()) << watch.error;
  // One output cell off by one: counted, and drawn in the difference's colour in both columns.
  lab::Lane& out = watch.steps.back().lanes.back();
  out.gpu[57] += 1;
  EXPECT_FALSE(watch.agrees());
  EXPECT_EQ(watch.steps.back().differences(), 1u);
  const lab::Diagram diagram = lab::stepDiagram(watch, watch.steps.size() - 1);
  std::size_t red = 0;
  for (const lab::Box& b : diagram.boxes) red += b.fill.r == 255 && b.fill.g == 205 ? 1 : 0;
  EXPECT_EQ(red, 2u) << "the cell, beside the model's";

  // The GPU's dispatches against another variant's model: a pass and a count that differ.
  lab::Recorder recorder;
  auto scan = primitives::findVariant(primitives::scans(), "decoupled-lookback")->makeToWatch(test::shaders(), test::caps());
  const std::vector<std::uint32_t> input(100, 1u);
  gl::Buffer in = gl::Buffer::fromSpan<std::uint32_t>("test.watch.in", input), output("test.watch.out", 400);
  scan->watchWith(&recorder);
  scan->run(in, output, 100);
  lab::Watch model = primitives::watchScan({"reduce-then-scan", 100, "equal", 1}, watchContext());
  for (lab::Step& s : model.steps) {
    for (lab::Lane& lane : s.lanes) lane.gpu.clear();
  }
  const lab::Watch crossed = lab::matched(model, recorder);
  EXPECT_FALSE(crossed.agrees());
  EXPECT_NE(crossed.error.find("the GPU ran 1 dispatches where the model has 3 steps"), std::string::npos) << crossed.error;
}

TEST_F(GlTest, ReduceWatchClimbsTheMultipassTreeLevelByLevel) {
  // 1024 elements in groups of 8: 128 partials, 16, 2, then the result.
  // Before each level, its groups' shared trees: as loaded and after each of 3 halvings.
  const lab::Watch watch = primitives::watchReduce({"recursive-multipass", 1024, "equal", 1}, watchContext());
  ASSERT_EQ(watch.steps.size(), 4u * 5u) << watch.error;
  const std::size_t sizes[] = {128, 16, 2, 1};
  for (std::size_t i = 0; i < 4; ++i) {
    const lab::Step& level = watch.steps[5 * i + 4];
    EXPECT_EQ(level.pass, "level");
    EXPECT_EQ(level.lanes.back().gpu.size(), sizes[i]) << "level " << i + 1;
    EXPECT_EQ(watch.steps[5 * i].lanes.back().gpu.size(), sizes[i] * 8) << "a tree of 8 slots a group";
  }
  EXPECT_EQ(watch.steps.back().lanes.back().gpu, (std::vector<std::uint32_t>{1024u * 5u}));
  // Level 1's last halving: each group's slot 0 holds its 8 fives.
  EXPECT_EQ(watch.steps[3].lanes.back().gpu[0], 40u);
  expectAgrees(watch, "recursive-multipass 1024");
}

TEST_F(GlTest, ReduceWatchNamesTheVariantsItCannotWatch) {
  const lab::Watch watch = primitives::watchReduce({"mipmap", 8, "random", 1}, watchContext());
  EXPECT_TRUE(watch.steps.empty());
  EXPECT_NE(watch.error.find("no watch for reduce variant 'mipmap'"), std::string::npos) << watch.error;
}

TEST_F(GlTest, SortWatchShowsTheBitonicNetworkAndRadixDigitByDigit) {
  // 32 pairs: the network's 15 steps (5 stages of 1 to 5 strides), no padding; keys below 1000 in
  // two radix digits of 5 bits, each counted, scanned and scattered; the second scan's status
  // words on the other parity.
  const lab::Watch bitonic = primitives::watchSort({"bitonic-global", 32, "reversed", 1}, watchContext());
  EXPECT_EQ(bitonic.steps.size(), 15u) << bitonic.error;
  expectAgrees(bitonic, "bitonic-global 32");
  const lab::Watch radix = primitives::watchSort({"radix", 100, "random", 4}, watchContext());
  std::vector<std::string> passes;
  for (const lab::Step& s : radix.steps) passes.push_back(s.pass);
  EXPECT_EQ(passes, (std::vector<std::string>{"count", "look-back", "scatter", "count", "look-back", "scatter"}));
  expectAgrees(radix, "radix 100");
  ASSERT_EQ(radix.steps.size(), 6u);
  EXPECT_EQ(radix.steps[4].lanes[1].gpu.front() >> 2 & 1u, 1u) << "the second run's parity";
}

std::vector<std::string> passesOf(const lab::Watch& watch) {
  std::vector<std::string> passes;
  for (const lab::Step& s : watch.steps) passes.push_back(s.pass);
  return passes;
}

TEST_F(GlTest, TiledBitonicWatchesShowTheTilePassesAndTransposeTurnsItsPairs) {
  // 200 pairs padded to 256 in tiles of 64: bitonic-shared sorts the tiles, then stage 7 takes one
  // global step (stride 64) and a merge, stage 8 two (128, 64) and a merge.
  const lab::Watch shared = primitives::watchSort({"bitonic-shared", 200, "random", 3}, watchContext());
  EXPECT_EQ(passesOf(shared), (std::vector<std::string>{"pad", "tile-sort", "step", "tile-pass", "step", "step", "tile-pass"}))
      << shared.error;
  expectAgrees(shared, "bitonic-shared 200");
  // bitonic-transpose: no global step; between its passes memory holds the pairs complemented where
  // the next stage sorts them descending (after the tile sort: stage 7, index bit 7).
  const lab::Watch transpose = primitives::watchSort({"bitonic-transpose", 200, "random", 3}, watchContext());
  ASSERT_GE(transpose.steps.size(), 3u) << transpose.error;
  EXPECT_EQ(transpose.steps[1].pass, "tile-sort");
  for (std::size_t i = 2; i < transpose.steps.size(); ++i) EXPECT_EQ(transpose.steps[i].pass, "tile-pass");
  const lab::Lane& keys = transpose.steps[1].lanes[0];
  ASSERT_EQ(keys.gpu.size(), 256u);
  EXPECT_EQ(keys.turned, 1u << 7);
  // Turned back, each tile of 64 runs ascending and descending in turn (stage 6 of the network),
  // and the keys are the input's with 56 padding keys.
  std::vector<std::uint32_t> back(256);
  for (std::size_t i = 0; i < 256; ++i) back[i] = i >= 128 ? ~keys.gpu[i] : keys.gpu[i];
  for (std::size_t t = 0; t < 4; ++t) {
    const auto first = back.begin() + std::ptrdiff_t(64 * t), last = first + 64;
    if (t % 2 == 0) {
      EXPECT_TRUE(std::is_sorted(first, last)) << "tile " << t;
    } else {
      EXPECT_TRUE(std::is_sorted(first, last, std::greater<>())) << "tile " << t;
    }
  }
  EXPECT_EQ(std::count(back.begin(), back.end(), ~0u), 56);
  EXPECT_EQ(keys.text(192, true), "~--") << "tile 3 runs descending: its padding first, turned";
  expectAgrees(transpose, "bitonic-transpose 200");
  EXPECT_EQ(transpose.steps.back().lanes[0].turned, 0u) << "the last pass leaves the pairs ascending";
}

TEST_F(GlTest, OneSweepWatchShowsEachTilesLookBackStatus) {
  // 600 keys below 1000 in two digits of 5 bits: the histogram, then a pass a digit. After a pass
  // every tile has published, for every digit, P and the digit's first slot after the tile: for the
  // last tile, the number of keys whose digit is at most this one.
  const lab::Watch watch = primitives::watchSort({"onesweep", 600, "random", 5}, watchContext());
  EXPECT_EQ(passesOf(watch), (std::vector<std::string>{"histogram", "pass", "pass"})) << watch.error;
  expectAgrees(watch, "onesweep 600");
  ASSERT_EQ(watch.steps.size(), 3u);
  const std::uint32_t tiles = (600 + primitives::radixTile(test::caps(), true) - 1) / primitives::radixTile(test::caps(), true);
  const lab::Step& first = watch.steps[1];
  const std::vector<std::uint32_t>& keys = first.lanes[0].gpu;
  ASSERT_EQ(keys.size(), 600u);
  EXPECT_EQ(first.lanes[2].gpu, (std::vector<std::uint32_t>{tiles})) << "tiles claimed";
  const std::vector<std::uint32_t>& status = first.lanes[3].gpu;
  ASSERT_EQ(status.size(), std::size_t(tiles) * 32);
  for (std::uint32_t d = 0; d < 32; ++d) {
    const auto atMost = std::count_if(keys.begin(), keys.end(), [d](std::uint32_t k) { return (k & 31u) <= d; });
    EXPECT_EQ(status[std::size_t(tiles - 1) * 32 + d], std::uint32_t(atMost) << 2 | 2u) << "digit " << d;
    EXPECT_EQ(lab::cellText(lab::Cells::DigitStatus, status[d]).substr(0, 2), "P ");
  }
}

std::vector<std::uint32_t> floatBits(std::initializer_list<float> values) {
  std::vector<std::uint32_t> bits;
  for (float v : values) bits.push_back(std::bit_cast<std::uint32_t>(v));
  return bits;
}

TEST_F(GlTest, CentroidStrategiesWatchesShowTheirAccumulatorsTexelsAndLevels) {
  // Input 1,2,3: boids at (1,2,3), (2,3,1), (3,1,2); every axis sums to 6, the centroid (2,2,2),
  // the box (1,1,1)-(3,3,3).
  const lab::Watch atomic = centroid::watchCentroid({"atomic", 3, "1,2,3", 1}, watchContext());
  EXPECT_EQ(passesOf(atomic), (std::vector<std::string>{"add", "finish"})) << atomic.error;
  expectAgrees(atomic, "atomic 1,2,3");
  ASSERT_EQ(atomic.steps.size(), 2u);
  // Fixed point over a range of 2^40: 2^62 / (3 * 2^40) = 2^20.4, units of 2^-20.
  EXPECT_EQ(atomic.steps[0].lanes[3].gpu, (std::vector<std::uint32_t>{6u << 20, 0, 6u << 20, 0, 6u << 20, 0}));
  EXPECT_EQ(atomic.steps[0].lanes[5].gpu, (std::vector<std::uint32_t>{3})) << "the count";
  ASSERT_EQ(atomic.steps[1].lanes.size(), 6u);  // the accumulators' three, the stats' three
  EXPECT_EQ(atomic.steps[1].lanes[0].gpu, std::vector<std::uint32_t>(6, 0u)) << "the sums back to 0 for the next frame";
  EXPECT_EQ(atomic.steps[1].lanes[3].gpu, floatBits({2, 2, 2})) << "the centroid";
  EXPECT_EQ(atomic.steps[1].lanes[4].gpu, floatBits({3})) << "the count";
  EXPECT_EQ(atomic.steps[1].lanes[5].gpu, floatBits({1, 1, 1, 0, 3, 3, 3, 0})) << "the box";

  const lab::Watch blend = centroid::watchCentroid({"additive-blend", 3, "1,2,3", 1}, watchContext());
  expectAgrees(blend, "additive-blend 1,2,3");
  ASSERT_EQ(blend.steps.size(), 2u) << blend.error;
  EXPECT_EQ(blend.steps[0].lanes[3].gpu, floatBits({6, 6, 6, 3})) << "the blended sum and count";
  EXPECT_EQ(blend.steps[0].lanes[4].gpu, floatBits({1, 1, 1, 0})) << "MIN";

  // Three boids in a 2x2 texture: level 1 is its mean, (6, 6, 6, 3) / 4.
  const lab::Watch mipmap = centroid::watchCentroid({"mipmap", 3, "1,2,3", 1}, watchContext());
  EXPECT_EQ(passesOf(mipmap), (std::vector<std::string>{"bounds", "fill", "mipmap", "finish"})) << mipmap.error;
  expectAgrees(mipmap, "mipmap 1,2,3");
  ASSERT_EQ(mipmap.steps.size(), 4u);
  EXPECT_EQ(mipmap.steps[1].lanes[6].gpu, floatBits({1, 1, 1, 0})) << "level 0's w: a boid or none";
  EXPECT_EQ(mipmap.steps[2].lanes[0].gpu, floatBits({1.5f}));
  EXPECT_EQ(mipmap.steps[2].lanes[3].gpu, floatBits({0.75f}));
  EXPECT_EQ(mipmap.steps[3].lanes[0].gpu, floatBits({2, 2, 2}));
  EXPECT_EQ(mipmap.steps[3].lanes[1].gpu, floatBits({3})) << "w times the texels: the count";
}

TEST_F(GlTest, ShWatchOfAUniformMapGivesItsRadianceTimesY00AndTheWholeSphere) {
  // 32 texels of radiance 5 (an 8 x 4 map): L0 is 5 Y00 4 pi and the solid angle 4 pi (the rows'
  // exact solid angles); the coefficients with m != 0 vanish by the columns' symmetry, L1,0 by the
  // rows' about the equator; L2,0 (L6) is not 0 on four rows (the rows' centres only sample
  // 3 cos^2 - 1).
  const lab::Watch watch = lighting::watchSh({"tree", 32, "equal", 1}, watchContext());
  expectAgrees(watch, "sh tree, uniform");
  ASSERT_FALSE(watch.steps.empty());
  EXPECT_EQ(watch.steps.back().pass, "final");
  const lab::Step& last = watch.steps.back();
  const lab::Lane& coefficients = last.lanes[last.lanes.size() - 2];
  const lab::Lane& angle = last.lanes.back();
  ASSERT_EQ(coefficients.gpu.size(), 9u);
  const double fourPi = 4 * std::numbers::pi, l0 = 5 * 0.28209479177387814 * fourPi;
  EXPECT_NEAR(std::bit_cast<float>(coefficients.gpu[0]), l0, 1e-5 * l0);
  for (std::size_t k : {1, 2, 3, 4, 5, 7, 8}) EXPECT_NEAR(std::bit_cast<float>(coefficients.gpu[k]), 0.0, 1e-5 * l0) << "L" << k;
  EXPECT_NEAR(std::bit_cast<float>(angle.gpu.at(0)), fourPi, 1e-5 * fourPi);
  // The lanes' slack, (N + 6) u of the magnitudes, stays far below a texel's share of L0 (1/32).
  ASSERT_EQ(coefficients.tolerances.size(), 9u);
  EXPECT_LT(coefficients.tolerances[0], 1e-4 * l0);
}

namespace {

// The watch of `variant`'s one 64-bit dispatch over 40 boids at one depth, agreeing with its model;
// none where the driver lacks 64-bit atomics (which its error must name).
std::optional<lab::Watch> wideSplatWatch(const std::string& variant) {
  lab::Watch wide = render::watchSplat({variant, 40, "equal", 2}, watchContext());
  if (!wide.error.empty()) {
    EXPECT_NE(wide.error.find("GL_NV_shader_atomic_int64"), std::string::npos) << wide.error;
    return std::nullopt;
  }
  expectAgrees(wide, variant + ", equal depths");
  EXPECT_EQ(wide.steps.size(), 1u);
  if (wide.steps.size() != 1) return std::nullopt;
  return wide;
}

}  // namespace

TEST_F(GlTest, SplatWatchPathsLeaveTheSameImageTieForTie) {
  // 40 boids at one depth (ties everywhere they overlap): the two 32-bit passes keep the nearest
  // depth, then the smaller index where depths tie, which is what the one 64-bit atomicMin of
  // depth << 32 | index keeps.
  const lab::Watch narrow = render::watchSplat({"two-32-bit-passes", 40, "equal", 2}, watchContext());
  EXPECT_EQ(passesOf(narrow), (std::vector<std::string>{"depth", "colour"})) << narrow.error;
  expectAgrees(narrow, "two-32-bit-passes, equal depths");
  ASSERT_EQ(narrow.steps.size(), 2u);
  const std::vector<std::uint32_t>& before = narrow.steps[0].lanes[0].gpu;
  EXPECT_TRUE(std::all_of(before.begin(), before.end(), [](std::uint32_t w) { return w == 0xffffffffu; }))
      << "the depth pass leaves the indices clear";
  const std::optional<lab::Watch> wide = wideSplatWatch("one-64-bit-atomic");
  if (!wide) return;
  EXPECT_EQ(wide->steps[0].lanes[0].gpu, narrow.steps[1].lanes[0].gpu) << "the nearest boid of every pixel";
  EXPECT_EQ(wide->steps[0].lanes[1].gpu, narrow.steps[1].lanes[1].gpu) << "its depth";
}

TEST_F(GlTest, SplatWatchOfOpticalDepthLeavesTheSameSumsOnBothPaths) {
  // The same 40 boids at one depth as optical depth (the murmuration's far field): every share is
  // rounded once and integer sums do not depend on their order, so the 64-bit path and the two
  // 32-bit passes leave the same optical depth in every pixel, and the same nearest boids.
  const lab::Watch narrow = render::watchSplat({"optical-depth-two-32-bit-passes", 40, "equal", 2}, watchContext());
  ASSERT_EQ(passesOf(narrow), (std::vector<std::string>{"depth", "colour"})) << narrow.error;
  expectAgrees(narrow, "optical-depth-two-32-bit-passes, equal depths");
  EXPECT_EQ(narrow.steps[0].lanes[2].gpu, narrow.steps[1].lanes[2].gpu) << "the colour pass adds no optical depth";
  const std::optional<lab::Watch> wide = wideSplatWatch("optical-depth-one-64-bit-atomic");
  if (!wide) return;
  EXPECT_EQ(wide->steps[0].lanes[0].gpu, narrow.steps[1].lanes[0].gpu) << "the nearest boid of every pixel";
  EXPECT_EQ(wide->steps[0].lanes[2].gpu, narrow.steps[1].lanes[2].gpu) << "the optical depth of every pixel";
}

TEST_F(GlTest, KnnWatchOnALineGivesEachPointItsNeighboursOnTheLine) {
  // Points at 0, 1, 2, ... 9 on a line, k 7: point 0's nearest are 1 to 7; point 5's are 4 and 6,
  // then 3 and 7 (ties to the lower index), then 2 and 8, then 1.
  const lab::Watch watch = primitives::watchKnn({"shell", 10, "0,1,2,3,4,5,6,7,8,9", 1, 7}, watchContext());
  ASSERT_EQ(watch.steps.size(), 1u) << watch.error;
  const std::vector<std::uint32_t>& lists = watch.steps[0].lanes.back().gpu;
  ASSERT_EQ(lists.size(), 70u);
  EXPECT_EQ(std::vector<std::uint32_t>(lists.begin(), lists.begin() + 7), (std::vector<std::uint32_t>{1, 2, 3, 4, 5, 6, 7}));
  EXPECT_EQ(std::vector<std::uint32_t>(lists.begin() + 35, lists.begin() + 42), (std::vector<std::uint32_t>{4, 6, 3, 7, 2, 8, 1}));
  expectAgrees(watch, "shell on a line");
}

TEST_F(GlTest, GridWatchHashesSortsRangesAndReordersAsTheFrameDoes) {
  // Boids on the x axis at -2, -1.5, -1, ... (row y = 2, z = 2 of the 4 x 4 x 4 cells: keys 40 to
  // 43), given in reverse: the sort brings them to key order, the ranges start cells 40..43 at 0,
  // 2, 4, 6, and the reorder copies the positions into that order.
  const lab::Watch watch = sim::watchGrid({"cells", 0, "28,24,20,16,12,8,4,0", 1}, watchContext());
  ASSERT_FALSE(watch.steps.empty()) << watch.error;
  EXPECT_EQ(watch.steps.front().pass, "hash");
  EXPECT_EQ(watch.steps[0].lanes[3].gpu, (std::vector<std::uint32_t>{43, 43, 42, 42, 41, 41, 40, 40})) << "the keys";
  const lab::Step& ranges = watch.steps[watch.steps.size() - 2];
  ASSERT_EQ(ranges.pass, "ranges");
  const std::vector<std::uint32_t>& starts = ranges.lanes.back().gpu;
  ASSERT_EQ(starts.size(), 65u);
  EXPECT_EQ(std::vector<std::uint32_t>(starts.begin() + 40, starts.begin() + 45), (std::vector<std::uint32_t>{0, 2, 4, 6, 8}));
  EXPECT_EQ(watch.steps.back().pass, "reorder");
  expectAgrees(watch, "grid");
}

TEST_F(GlTest, CullWatchCompactsEachLevelThenWritesTheDrawCommands) {
  // 300 boids seen from inside the flock: each level's kept boids (as a set: group-atomic hands out
  // slots as groups come), then the commands: the near darts instanced (18 vertices each), the
  // middle and far levels one vertex run of 3 and 1 a boid.
  const lab::Watch watch = render::watchCull({"group-atomic", 300, "random", 2}, watchContext());
  ASSERT_EQ(watch.steps.size(), 4u) << watch.error;
  expectAgrees(watch, "cull group-atomic");
  std::uint32_t kept = 0;
  for (int level = 0; level < 3; ++level) kept += watch.steps[std::size_t(level)].lanes.back().gpu.front();
  EXPECT_GT(kept, 0u);
  EXPECT_LT(kept, 300u) << "some boids are behind the camera";
  const std::vector<std::uint32_t>& commands = watch.steps.back().lanes.back().gpu;
  ASSERT_EQ(commands.size(), 12u);
  EXPECT_EQ(commands[0], 18u);
  EXPECT_EQ(commands[1], watch.steps[0].lanes.back().gpu.front()) << "the near level's instances: its count";
}

TEST_F(GlTest, NeighboursWatchCountsWhatEachSearchWouldSee) {
  // Four boids on a line at -2, -1.5, -1 and -0.5, radius 0.99: the ends see one other, the middle
  // two see two; the same through dense and hashed keys, 27 cells and 8.
  for (const char* search : {"scattered-27", "coherent-8-hashed"}) {
    const lab::Watch watch = sim::watchNeighbours({search, 0, "0,4,8,12", 1}, watchContext());
    ASSERT_FALSE(watch.steps.empty()) << watch.error;
    ASSERT_EQ(watch.steps.back().pass, "audit");
    EXPECT_EQ(watch.steps.back().lanes.front().gpu, (std::vector<std::uint32_t>{1, 2, 2, 1})) << search;
    expectAgrees(watch, search);
  }
}
