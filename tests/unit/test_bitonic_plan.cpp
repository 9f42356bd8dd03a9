// bitonic-transpose's pass planning (planBitonicPasses, engine/primitives/sort/sort.cpp): that the
// passes run every step of the network once and in order, that each is one the general tile pass
// (bitonic.comp, MODE 2) can run, that greedy packing is as few passes as any packing, and the
// pass counts of the real shape. The GL tests check the sorted results.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <vector>

#include "engine/primitives/sort/bitonic.hpp"
#include "shaders/primitives/sort/sort_slots.h"

using namespace boids;
using primitives::BitonicShape;
using primitives::BitonicPass;
using primitives::BitonicStep;
using primitives::planBitonicChain;
using primitives::planBitonicPasses;

namespace {

// The network's steps after the tile sort (stages 1 .. tileBits), in order.
std::vector<BitonicStep> laterSteps(std::uint32_t log2n, std::uint32_t tileBits) {
  std::vector<BitonicStep> steps;
  for (std::uint32_t s = tileBits + 1; s <= log2n; ++s) {
    for (std::uint32_t b = s; b-- > 0;) steps.push_back({s, b});
  }
  return steps;
}

std::uint32_t low(std::uint32_t bits) { return (1u << bits) - 1u; }

// Runs of contiguous set bits of `mask` below bit `limit`.
int runs(std::uint32_t mask, std::uint32_t limit) {
  int count = 0;
  for (std::uint32_t b = 0; b < limit; ++b) count += (mask >> b & 1u) && (b == 0 || !(mask >> (b - 1) & 1u));
  return count;
}

// The fewest passes any packing of the steps into runs that fit (stride bits and low bits at most
// tileBits) can take: a shortest path over the cut points.
std::size_t fewestPasses(const std::vector<BitonicStep>& steps, std::uint32_t tileBits, std::uint32_t runBits) {
  std::vector<std::size_t> best(steps.size() + 1, steps.size() + 1);
  best[0] = 0;
  for (std::size_t i = 0; i < steps.size(); ++i) {
    std::uint32_t mask = low(runBits);
    for (std::size_t j = i; j < steps.size(); ++j) {
      mask |= 1u << steps[j].bit;
      if (std::popcount(mask) > int(tileBits)) break;
      best[j + 1] = std::min(best[j + 1], best[i] + 1);
    }
  }
  return best.back();
}

struct Shape {
  std::uint32_t tileBits, runBits;
};

// Every tile and run makeBitonic accepts (BitonicShape): tiles of 64 .. kSortTile pairs, runs below a tile.
std::vector<Shape> everyShape() {
  std::vector<Shape> shapes;
  for (std::uint32_t t = 6; t <= primitives::kSortTileBits; ++t) {
    for (std::uint32_t r = 0; r < t; ++r) shapes.push_back({t, r});
  }
  return shapes;
}

}  // namespace

TEST(BitonicPlan, RunsEveryStepAfterTheTileSortOnceAndInOrder) {
  for (const Shape& shape : everyShape()) {
    for (std::uint32_t log2n = shape.tileBits; log2n <= 26; ++log2n) {
      std::vector<BitonicStep> run;
      for (const BitonicPass& pass : planBitonicPasses(log2n, shape.tileBits, shape.runBits)) {
        EXPECT_FALSE(pass.steps.empty());
        run.insert(run.end(), pass.steps.begin(), pass.steps.end());
      }
      ASSERT_EQ(run, laterSteps(log2n, shape.tileBits)) << "tile bits " << shape.tileBits << " run bits " << shape.runBits
                                                        << " 2^" << log2n;
    }
  }
}

TEST(BitonicPlan, EveryPassIsOneTheGeneralTilePassCanRun) {
  for (const Shape& shape : everyShape()) {
    for (std::uint32_t log2n = shape.tileBits + 1; log2n <= 26; ++log2n) {
      for (const BitonicPass& pass : planBitonicPasses(log2n, shape.tileBits, shape.runBits)) {
        const auto where = ::testing::Message() << "tile bits " << shape.tileBits << " run bits " << shape.runBits << " 2^"
                                                << log2n << " held " << std::hex << pass.heldBits;
        EXPECT_EQ(std::popcount(pass.heldBits), int(shape.tileBits)) << where;
        EXPECT_EQ(pass.heldBits >> log2n, 0u) << where;
        EXPECT_EQ(pass.heldBits & low(shape.runBits), low(shape.runBits)) << where << ": the low run is held";
        for (const BitonicStep& step : pass.steps) EXPECT_TRUE(pass.heldBits >> step.bit & 1u) << where << " stride " << step.bit;
        EXPECT_LE(pass.steps.size(), std::size_t(SORT_MAX_STEPS)) << where;
        EXPECT_LE(runs(pass.heldBits, log2n), SORT_MAX_RUNS) << where;
        EXPECT_LE(runs(~pass.heldBits, log2n), SORT_MAX_RUNS) << where;
      }
    }
  }
}

TEST(BitonicPlan, GreedyPackingTakesAsFewPassesAsAnyPacking) {
  for (const Shape& shape : everyShape()) {
    for (std::uint32_t log2n = shape.tileBits; log2n <= 24; ++log2n) {
      EXPECT_EQ(planBitonicPasses(log2n, shape.tileBits, shape.runBits).size(),
                fewestPasses(laterSteps(log2n, shape.tileBits), shape.tileBits, shape.runBits))
          << "tile bits " << shape.tileBits << " run bits " << shape.runBits << " 2^" << log2n;
    }
  }
}

TEST(BitonicPlan, PassCountsOfTheRealShape) {
  // bitonic-transpose's shape: tiles of 4096 whose passes hold index bits 0 .. 2 (64-byte runs).
  // Worked out by a separate script applying the greedy rule (each pass takes steps while its
  // held bits number at most 12; the test above checks that rule against an exhaustive search),
  // for 2^12 .. 2^24 pairs: 1M takes 12 passes after its tile sort (with bits 0 and 1 held,
  // also 12; holding bit 2 as well costs a pass at 2^16, 2^19 and 2^22 up).
  const std::size_t expected[] = {0, 2, 3, 4, 6, 7, 9, 11, 12, 14, 17, 19, 21};
  for (std::uint32_t log2n = 12; log2n <= 24; ++log2n) {
    EXPECT_EQ(planBitonicPasses(log2n).size(), expected[log2n - 12]) << "2^" << log2n;
  }
  EXPECT_TRUE(planBitonicPasses(5).empty());
}

TEST(BitonicPlan, TheSmallTilesOfTheGlTestsReachEveryKindOfPass) {
  // tests/gl/test_gl_sort.cpp sorts with these shapes at 2^13 and 2^17 pairs: among them, passes
  // that run the head of a stage only, the tail only, a middle part only, and a tail with the
  // next stage's head.
  bool head = false, tail = false, middle = false, fused = false;
  for (Shape shape : {Shape{6, 5}, Shape{6, 4}, Shape{6, 0}, Shape{8, 7}, Shape{8, 6}, Shape{8, 2}}) {
    for (std::uint32_t log2n : {13u, 17u}) {
      for (const BitonicPass& pass : planBitonicPasses(log2n, shape.tileBits, shape.runBits)) {
        const BitonicStep first = pass.steps.front(), last = pass.steps.back();
        if (first.stage != last.stage) {
          fused = true;
        } else if (first.bit == first.stage - 1 && last.bit > 0) {
          head = true;
        } else if (first.bit < first.stage - 1 && last.bit == 0) {
          tail = true;
        } else if (first.bit < first.stage - 1 && last.bit > 0) {
          middle = true;
        }
      }
    }
  }
  EXPECT_TRUE(head);
  EXPECT_TRUE(tail);
  EXPECT_TRUE(middle);
  EXPECT_TRUE(fused);
}

TEST(BitonicPlan, RefusesShapesWithoutAStrideBit) {
  EXPECT_THROW(planBitonicPasses(20, 12, 12), std::invalid_argument);
  EXPECT_THROW(planBitonicPasses(20, 0, 0), std::invalid_argument);
}

namespace {

// The bits of `value` at the set bits of `mask`, packed down (a group's ID from a pair index).
std::uint32_t extract(std::uint32_t value, std::uint32_t mask) {
  std::uint32_t packed = 0;
  for (std::uint32_t k = 0; mask != 0; mask &= mask - 1, ++k) packed |= (value >> std::countr_zero(mask) & 1u) << k;
  return packed;
}

// Every pair of every dispatch of 2^log2n pairs, walked: the group of dispatch i + 1 that reads a
// pair must wait on the very done count that the group of dispatch i which wrote it adds to, and
// each count must be waited for up to exactly the number of groups that add to it.
void expectChainMatchesTheWriters(std::uint32_t log2n, std::uint32_t tileBits, std::uint32_t runBits) {
  std::vector<std::uint32_t> held = {low(tileBits)};  // the tile sort
  for (const BitonicPass& pass : planBitonicPasses(log2n, tileBits, runBits)) held.push_back(pass.heldBits);
  const primitives::BitonicChain chain = planBitonicChain(held, log2n);
  ASSERT_EQ(chain.links.size(), held.size());
  const std::uint32_t all = low(log2n);
  std::set<std::uint32_t> used;
  for (std::size_t i = 0; i + 1 < held.size(); ++i) {
    const primitives::BitonicLink &writer = chain.links[i], &reader = chain.links[i + 1];
    std::map<std::uint32_t, std::set<std::uint32_t>> writersOfCount;  // count word -> groups adding to it
    for (std::uint32_t x = 0; x <= all; ++x) {
      const std::uint32_t w = extract(x, ~held[i] & all), r = extract(x, ~held[i + 1] & all);
      const std::uint32_t added = writer.doneAt + extract(w, writer.doneMask);
      const std::uint32_t awaited = reader.waitAt + extract(r, reader.waitMask);
      ASSERT_EQ(added, awaited) << "2^" << log2n << " dispatch " << i + 1 << " pair " << x;
      writersOfCount[added].insert(w);
    }
    for (const auto& [word, groups] : writersOfCount) {
      EXPECT_EQ(groups.size(), reader.waitFor) << "2^" << log2n << " dispatch " << i + 1 << " count " << word;
      EXPECT_LT(word, chain.words);
      EXPECT_TRUE(used.insert(word).second) << "count " << word << " shared by two dispatches";
    }
  }
  EXPECT_EQ(used.size(), chain.words) << "every count is used";
}

}  // namespace

TEST(BitonicChain, EveryGroupWaitsForExactlyTheGroupsThatWroteItsPairs) {
  for (Shape shape : everyShape()) {
    for (std::uint32_t log2n = shape.tileBits; log2n <= shape.tileBits + 6; ++log2n) {
      expectChainMatchesTheWriters(log2n, shape.tileBits, shape.runBits);
    }
  }
  // The registry's bitonic-transpose with tiles of 2048 (16K, 256K, 4M pairs) and 4096 (1M).
  for (std::uint32_t log2n : {14u, 18u, 20u, 22u}) {
    const BitonicShape shape = primitives::bitonicShapeFor(primitives::BitonicVariant::Transpose, log2n);
    expectChainMatchesTheWriters(log2n, shape.tileBits, shape.runBits);
  }
}

TEST(BitonicChain, WaitsOfTheRealShapeAt1M) {
  // At 1M pairs a tile of a pass reads the pairs of 4, 8, 16, 16, 32, 64, 64, 128, 128, 256 and
  // 256 tiles of the pass before (worked out by a separate replica of the plan, plan-trips.py of
  // commit 3ec4a2a); the first pass holds index bits 0 .. 2 and 4 .. 12, so of the bits that tell
  // the tile sort's tiles apart (12 up) only bit 12: it reads 2 of them.
  std::vector<std::uint32_t> held = {low(primitives::kSortTileBits)};
  for (const BitonicPass& pass : planBitonicPasses(20)) held.push_back(pass.heldBits);
  const primitives::BitonicChain chain = planBitonicChain(held, 20);
  const std::uint32_t expected[] = {2, 4, 8, 16, 16, 32, 64, 64, 128, 128, 256, 256};
  ASSERT_EQ(chain.links.size(), std::size(expected) + 1);
  for (std::size_t i = 1; i < chain.links.size(); ++i) EXPECT_EQ(chain.links[i].waitFor, expected[i - 1]) << "dispatch " << i;
}
