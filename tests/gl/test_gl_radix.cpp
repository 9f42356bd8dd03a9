// The radix sorters beyond the registry sweep of test_gl_sort.cpp: every input pattern of `boids
// check` for every sorter, key ranges that change the digit plan, and onesweep's fallback path.
#include <algorithm>

#include "engine/primitives/sort/sort.hpp"
#include "engine/verify/primitives.hpp"
#include "gl_fixture.hpp"

using namespace boids;
using test::GlTest;

namespace {

// Sorts `input` with `sorter` and judges it against std::sort on (key, value).
verify::Judgement sortAndJudge(primitives::Sorter& sorter, const verify::SortInput& input, bool orderDefined) {
  const auto n = static_cast<std::uint32_t>(input.pairs.size());
  gl::Buffer pairs("test.pairs", std::size_t(primitives::sortCapacity(n)) * 8);
  pairs.upload(0, std::size_t(n) * 8, input.pairs.data());
  sorter.sort(pairs, n, input.keyCount);
  return verify::judgeSort(input.pairs, pairs.read<verify::SortPair>(n), orderDefined);
}

}  // namespace

TEST_F(GlTest, EverySorterOnEveryCheckPattern) {
  for (const primitives::SortVariant& info : primitives::sorters()) {
    auto sorter = info.create(test::shaders(), test::caps());
    for (std::uint32_t n : {1u, 63u, 2049u, 5003u}) {
      for (verify::SortPattern pattern : verify::kSortPatterns) {
        const verify::SortInput input = verify::sortInput(n, pattern, 3);
        if (const std::string why = sorter->unavailableForKeys(input.keyCount, input.mostOfOneKey); !why.empty()) {
          // Only the counting sort refuses, and only keys it would need 16 GiB of counters for.
          EXPECT_EQ(std::string(info.name), "counting") << why;
          EXPECT_EQ(pattern, verify::SortPattern::FullRange) << why;
          continue;
        }
        const verify::Judgement j = sortAndJudge(*sorter, input, info.orderDefined);
        EXPECT_TRUE(j.pass) << info.name << " n=" << n << " " << verify::sortPatternName(pattern) << ": " << j.detail;
      }
    }
  }
}

TEST_F(GlTest, RadixSortersOverKeyRangesThatChangeTheDigitPlan) {
  // Key bits 1, 6 (one pass of 64 digits), 9 (two of 5), 17 (three of 6), 18 (a 64^3 grid: three of
  // 6), 25 (four of 7), 32 (four of 8): every pass count, odd (copied back) and even.
  for (const char* name : {"radix", "onesweep"}) {
    auto sorter = primitives::findSorter(name)->create(test::shaders(), test::caps());
    for (std::uint32_t keyCount : {2u, 64u, 512u, 131072u, 262144u, 1u << 25, 0xffffffffu}) {
      for (std::uint32_t n : {65u, 4097u, 20011u}) {
        verify::SortInput input = verify::sortInput(n, verify::SortPattern::FullRange, keyCount);
        for (verify::SortPair& p : input.pairs) p[0] %= keyCount;
        input.keyCount = keyCount;
        const verify::Judgement j = sortAndJudge(*sorter, input, true);
        EXPECT_TRUE(j.pass) << name << " keys below " << keyCount << " n=" << n << ": " << j.detail;
      }
    }
  }
}

TEST_F(GlTest, OneSweepThatAlwaysFallsBackSortsLikeStdSort) {
  // Every tile counts its predecessors' digits from their inputs instead of reading their published
  // counts: the path that ends the pass where a predecessor's group is not running. Quadratic in
  // tiles, so small sizes; several tiles each (2048 or 4096 pairs a tile).
  auto sorter = primitives::makeOneSweep(test::shaders(), test::caps(), true);
  for (std::uint32_t n : {1u, 65u, 4097u, 20011u, 65537u}) {
    for (verify::SortPattern pattern : {verify::SortPattern::Reversed, verify::SortPattern::FullRange}) {
      const verify::Judgement j = sortAndJudge(*sorter, verify::sortInput(n, pattern, 5), true);
      EXPECT_TRUE(j.pass) << "n=" << n << " " << verify::sortPatternName(pattern) << ": " << j.detail;
    }
  }
}

TEST(SortJudge, CatchesAnUnstableOrder) {
  // The judge must fail a sort that orders keys but not values within a key (what an unstable
  // radix pass would give): swap two pairs of one key in std::sort's output.
  const verify::SortInput input = verify::sortInput(100, verify::SortPattern::Sorted, 1);
  std::vector<verify::SortPair> wrong = input.pairs;
  std::sort(wrong.begin(), wrong.end());
  std::swap(wrong[0], wrong[1]);  // keys 0, 0: values 1 before 0
  EXPECT_FALSE(verify::judgeSort(input.pairs, wrong, true).pass);
  EXPECT_TRUE(verify::judgeSort(input.pairs, wrong, false).pass);  // as a set it is right
}
