// Every sorter of the registry against std::sort at awkward sizes, and the bitonic pass planning.
#include <algorithm>
#include <numeric>

#include <glm/vec2.hpp>

#include "engine/primitives/sort/sort.hpp"
#include "engine/sim/initial_state.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

using Pair = glm::uvec2;

std::vector<Pair> randomPairs(std::uint32_t n, std::uint32_t keyCount, std::uint64_t seed) {
  sim::SplitMix64 rng(seed);
  std::vector<Pair> pairs(n);
  for (std::uint32_t i = 0; i < n; ++i) pairs[i] = Pair(static_cast<std::uint32_t>(rng.next() % keyCount), i);
  return pairs;
}

bool less(const Pair& a, const Pair& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

// `input` sorted by `sorter` (keys below keyCount) in a buffer of sortCapacity pairs, read back.
std::vector<Pair> sortOnGpu(primitives::Sorter& sorter, const std::vector<Pair>& input, std::uint32_t keyCount) {
  const auto n = static_cast<std::uint32_t>(input.size());
  gl::Buffer pairs("test.pairs", std::size_t(primitives::sortCapacity(n)) * sizeof(Pair));
  pairs.upload(0, input.size() * sizeof(Pair), input.data());
  sorter.sort(pairs, n, keyCount);
  EXPECT_EQ(sorter.stalledWaits(), 0u) << "a wait of bitonic-transpose's chained dispatches gave up";
  return pairs.read<Pair>(n);
}

}  // namespace

class EverySorter : public GlTest, public ::testing::WithParamInterface<std::tuple<std::string, std::uint32_t>> {};

TEST_P(EverySorter, SortsLikeStdSort) {
  const auto [name, n] = GetParam();
  const primitives::SortVariant* info = primitives::findSorter(name);
  ASSERT_NE(info, nullptr);
  auto sorter = info->create(test::shaders(), test::caps());
  // Few keys (many ties), then about one key per pair.
  for (std::uint32_t keyCount : {std::max(n / 8, 1u), n + 1}) {
    const std::vector<Pair> input = randomPairs(n, keyCount, n + keyCount);
    std::vector<Pair> gpu = sortOnGpu(*sorter, input, keyCount);
    std::vector<Pair> expected = input;
    std::sort(expected.begin(), expected.end(), less);
    if (info->orderDefined) {
      ASSERT_EQ(gpu, expected) << name << " n=" << n << " keys=" << keyCount;
    } else {
      // Sorted by key, and a permutation of the input: the same multiset once ordered by value too.
      for (std::uint32_t i = 1; i < n; ++i) ASSERT_LE(gpu[i - 1].x, gpu[i].x) << name << " at " << i;
      std::sort(gpu.begin(), gpu.end(), less);
      ASSERT_EQ(gpu, expected) << name << " n=" << n << ": not a permutation of the input";
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Sizes, EverySorter,
                         ::testing::Combine(::testing::ValuesIn(test::namesOf(primitives::sorters())),
                                            ::testing::Values(1u, 2u, 3u, 63u, 64u, 65u, 2047u, 2048u, 2049u, 4097u,
                                                              65537u, 262147u)),
                         test::VariantAndSize());

namespace {

// The context's caps, and the same without GL_ARB_gpu_shader_int64: the bitonic sorts then
// compare a pair as two uints (as on a context that lacks it) rather than one uint64.
std::vector<std::pair<gl::Caps, const char*>> capsWithAndWithoutInt64() {
  std::vector<std::pair<gl::Caps, const char*>> out = {{test::caps(), "context caps"}};
  if (test::caps().has("GL_ARB_gpu_shader_int64")) {
    gl::Caps without = test::caps();
    without.extensions.erase(without.extensions.find("GL_ARB_gpu_shader_int64"));
    out.emplace_back(std::move(without), "uvec2 compare");
  }
  return out;
}

}  // namespace

TEST_F(GlTest, BitonicVariantsWithSmallTilesTakeEveryMultiPassPath) {
  // With a 64-pair tile and runs of 16 or 32 consecutive pairs (4 or 2 rows), a pass holds one or
  // two stride bits, so a stage of a few thousand pairs already takes several passes; with 64
  // rows (runs of 1 pair or 4) the plan packs stage tails with the next stage's heads. Among
  // these shapes at 2^13 and 2^17 pairs the plan takes every kind of pass (head only, tail only,
  // middle only, tail + head: tests/unit/test_bitonic_plan.cpp), against std::sort. Transpose's
  // passes take 16 pairs an invocation from 2^13 pairs here (the registry: from 2^21), so 65 pairs
  // sort with 8 an invocation and 4097 and 65537 with 16.
  const std::pair<primitives::BitonicVariant, const char*> variants[] = {{primitives::BitonicVariant::Shared, "shared"},
                                                                   {primitives::BitonicVariant::Transpose, "transpose"}};
  for (const auto& [caps, capsName] : capsWithAndWithoutInt64()) {
    for (const auto& [variant, name] : variants) {
      for (std::uint32_t tile : {64u, 256u}) {
        for (std::uint32_t rows : {2u, 4u, 64u}) {
          auto sorter = primitives::makeBitonic(test::shaders(), caps, variant, tile, rows, /*wideItemsFromLog2n*/ 13);
          for (std::uint32_t n : {1u, 65u, 4097u, 65537u}) {
            const std::vector<Pair> input = randomPairs(n, std::max(n / 3, 1u), n * 7 + rows);
            std::vector<Pair> expected = input;
            std::sort(expected.begin(), expected.end(), less);
            ASSERT_EQ(sortOnGpu(*sorter, input, n), expected)
                << name << " tile " << tile << " rows " << rows << " n=" << n << " (" << capsName << ")";
          }
        }
      }
    }
  }
}

TEST_F(GlTest, BitonicVariantsSortLikeStdSortWithAndWithoutTheInt64Compare) {
  // The registry's shape, every variant, keys over the whole uint range (so the high key bits
  // decide) and few keys (so the values do).
  const primitives::BitonicVariant variants[] = {primitives::BitonicVariant::Global, primitives::BitonicVariant::Shared,
                                                 primitives::BitonicVariant::Transpose};
  for (const auto& [caps, capsName] : capsWithAndWithoutInt64()) {
    for (primitives::BitonicVariant variant : variants) {
      auto sorter = primitives::makeBitonic(test::shaders(), caps, variant);
      for (std::uint32_t n : {5000u, 70001u}) {
        for (std::uint32_t keyCount : {0u, 17u}) {
          sim::SplitMix64 rng(n + keyCount);
          std::vector<Pair> input(n);
          for (std::uint32_t i = 0; i < n; ++i) {
            const auto r = static_cast<std::uint32_t>(rng.next() >> 32);
            input[i] = Pair(keyCount == 0 ? std::min(r, 0xfffffffeu) : r % keyCount, i);
          }
          std::vector<Pair> expected = input;
          std::sort(expected.begin(), expected.end(), less);
          ASSERT_EQ(sortOnGpu(*sorter, input, keyCount == 0 ? 0xffffffffu : keyCount), expected)
              << "variant " << int(variant) << " n=" << n << " keys " << keyCount << " (" << capsName << ")";
        }
      }
    }
  }
}

TEST_F(GlTest, BitonicRefusesShapesItCannotRun) {
  EXPECT_THROW(primitives::makeBitonic(test::shaders(), test::caps(), primitives::BitonicVariant::Transpose, 96, 4), std::invalid_argument);
  EXPECT_THROW(primitives::makeBitonic(test::shaders(), test::caps(), primitives::BitonicVariant::Transpose, 2 * primitives::kSortTile, 4),
               std::invalid_argument);
  EXPECT_THROW(primitives::makeBitonic(test::shaders(), test::caps(), primitives::BitonicVariant::Transpose, 256, 512), std::invalid_argument);
}

TEST_F(GlTest, AllKeysEqualAndAlreadySortedAndReversedInputs) {
  for (const primitives::SortVariant& info : primitives::sorters()) {
    auto sorter = info.create(test::shaders(), test::caps());
    const std::uint32_t n = 5003;
    for (int pattern = 0; pattern < 3; ++pattern) {
      std::vector<Pair> input(n);
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t key = pattern == 0 ? 7u : pattern == 1 ? i : n - 1 - i;
        input[i] = Pair(key, i);
      }
      std::vector<Pair> gpu = sortOnGpu(*sorter, input, n), expected = input;
      std::sort(expected.begin(), expected.end(), less);
      if (!info.orderDefined) std::sort(gpu.begin(), gpu.end(), less);
      EXPECT_EQ(gpu, expected) << info.name << " pattern " << pattern;
    }
  }
}

