// Every sorter of the registry against std::sort at awkward sizes, and the bitonic pass planning.
#include <algorithm>
#include <numeric>

#include <glm/vec2.hpp>

#include "engine/primitives/sort/bitonic.hpp"
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
  // middle only, tail + head: tests/unit/test_bitonic_plan.cpp), against std::sort. The passes
  // take 8 pairs an invocation below 2^13 pairs and 16 from there (the registry: from 2^21), so
  // 65 pairs (padded to 4096) sort with 8 and 4097 and 65537 with 16.
  const std::pair<primitives::BitonicVariant, const char*> variants[] = {{primitives::BitonicVariant::Shared, "shared"},
                                                                   {primitives::BitonicVariant::Transpose, "transpose"}};
  for (const auto& [caps, capsName] : capsWithAndWithoutInt64()) {
    for (const auto& [variant, name] : variants) {
      for (std::uint32_t tileBits : {6u, 8u}) {
        for (std::uint32_t rowBits : {1u, 2u, 6u}) {
          const primitives::BitonicShapes shapes = [tileBits, rowBits](std::uint32_t log2n) {
            return primitives::BitonicShape{tileBits, tileBits - rowBits, log2n >= 13 ? 4u : 3u};
          };
          auto sorter = primitives::makeBitonic(test::shaders(), caps, variant, shapes);
          for (std::uint32_t n : {1u, 65u, 4097u, 65537u}) {
            const std::vector<Pair> input = randomPairs(n, std::max(n / 3, 1u), n * 7 + (1u << rowBits));
            std::vector<Pair> expected = input;
            std::sort(expected.begin(), expected.end(), less);
            ASSERT_EQ(sortOnGpu(*sorter, input, n), expected)
                << name << " tile 2^" << tileBits << " rows 2^" << rowBits << " n=" << n << " (" << capsName << ")";
          }
        }
      }
    }
  }
}

TEST_F(GlTest, BitonicTransposeSortsLikeStdSortWhenItsShapeChangesWithTheSize) {
  // One sorter whose tile, runs and pairs an invocation differ from size to size (as the registry's
  // do), its sizes taken out of order and again: each size's plan, programs and chained waits
  // (the done counts' buffer grows and alternates sets across shapes) against std::sort. Tiles of
  // 4096 at 2^17 pairs, 2048 at 2^15, 64 at 2^13, 256 at 2^16.
  const primitives::BitonicShapes shapes = [](std::uint32_t log2n) {
    switch (log2n) {
      case 13: return primitives::BitonicShape{6, 3, 4};
      case 15: return primitives::BitonicShape{11, 3, 3};
      case 16: return primitives::BitonicShape{8, 2, 3};
      case 17: return primitives::BitonicShape{12, 3, 4};
      default: return primitives::BitonicShape{};
    }
  };
  for (const auto& [caps, capsName] : capsWithAndWithoutInt64()) {
    auto sorter = primitives::makeBitonic(test::shaders(), caps, primitives::BitonicVariant::Transpose, shapes);
    for (std::uint32_t n : {70001u, 5000u, 20011u, 4096u, 40009u, 5000u, 70001u, 20011u}) {
      const std::vector<Pair> input = randomPairs(n, std::max(n / 5, 1u), n + 3);
      std::vector<Pair> expected = input;
      std::sort(expected.begin(), expected.end(), less);
      ASSERT_EQ(sortOnGpu(*sorter, input, n), expected) << "n=" << n << " (" << capsName << ")";
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
  const auto make = [](primitives::BitonicShape bad, std::uint32_t badFrom) {
    return primitives::makeBitonic(test::shaders(), test::caps(), primitives::BitonicVariant::Transpose,
                                   [=](std::uint32_t log2n) { return log2n >= badFrom ? bad : primitives::BitonicShape{}; });
  };
  EXPECT_THROW(make({5, 2, 3}, 0), std::invalid_argument);                               // tiles of 32
  EXPECT_THROW(make({primitives::kSortTileBits + 1, 3, 3}, 0), std::invalid_argument);   // over 16 KiB
  EXPECT_THROW(make({8, 8, 3}, 0), std::invalid_argument);                               // runs of a whole tile
  EXPECT_THROW(make({8, 3, 5}, 0), std::invalid_argument);                               // 32 pairs an invocation
  EXPECT_THROW(make({8, 3, 2}, 0), std::invalid_argument);                               // 4 pairs an invocation
  EXPECT_THROW(make({5, 2, 3}, 31), std::invalid_argument);  // wrong only at 2^31 pairs: refused when made
  EXPECT_NO_THROW(make({6, 5, 4}, 0));
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

