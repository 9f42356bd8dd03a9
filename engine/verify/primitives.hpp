#pragma once
// CPU references and judges of the parallel primitives (engine/primitives/), in the style of
// GPUSorting's ValidateOutput: every variant of a primitive is judged the same way, by the tests
// and by `boids check`. Integer results are exact, so the judges compare exactly and name the first
// place that differs.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace boids::verify {

struct Judgement {
  bool pass = false;
  std::string detail;  // what was compared, or where it first went wrong
};

// Exclusive prefix sums modulo 2^32, in order.
std::vector<std::uint32_t> exclusiveScan(std::span<const std::uint32_t> input);
// The GPU's scan of `input` against the reference: exact, element for element.
Judgement judgeScan(std::span<const std::uint32_t> input, std::span<const std::uint32_t> gpu);

// Inputs for a scan: `count` values from a seeded generator below `bound` (small, like the counts
// and flags a scan sums in the grid and in compaction; a bound of 0 means any uint, which makes the
// sums wrap around 2^32).
std::vector<std::uint32_t> scanInput(std::uint32_t count, std::uint64_t seed, std::uint32_t bound = 8);

// Flags for a compaction: `count` elements, each kept (1) with probability 1 / `oneIn` from a
// seeded generator; oneIn 0 keeps none, 1 keeps all.
std::vector<std::uint32_t> compactFlags(std::uint32_t count, std::uint64_t seed, std::uint32_t oneIn);
// The indices of the non-zero flags, in order.
std::vector<std::uint32_t> compactReference(std::span<const std::uint32_t> flags);
// The GPU's compaction of `flags`: its count exactly, and its indices as the exact sequence where
// the variant keeps the input order, else as a set (each kept index once, nothing else).
Judgement judgeCompact(std::span<const std::uint32_t> flags, std::uint32_t gpuCount, std::span<const std::uint32_t> gpuIndices,
                       bool orderDefined);

// Inputs for a sort, (key, value) pairs whose values are their indices (as the grid's boid indices
// are), in the shapes that break sorts: keys already in order (with ties), in reverse, all equal,
// and spread over the whole 32-bit range below 0xffffffff (every digit pass of a radix sort, and
// the bitonic sort's padding sentinel just above the largest).
enum class SortPattern { Sorted, Reversed, AllEqual, FullRange };
inline constexpr SortPattern kSortPatterns[] = {SortPattern::Sorted, SortPattern::Reversed, SortPattern::AllEqual,
                                                SortPattern::FullRange};
const char* sortPatternName(SortPattern pattern);
using SortPair = std::array<std::uint32_t, 2>;  // (key, value): the layout of a GLSL uvec2
struct SortInput {
  std::vector<SortPair> pairs;
  std::uint32_t keyCount;      // every key is below it
  std::uint32_t mostOfOneKey;  // pairs of the most frequent key
};
SortInput sortInput(std::uint32_t count, SortPattern pattern, std::uint64_t seed);
// The GPU's sort of `input` against std::sort on (key, value): the exact sequence where the
// variant defines it, else sorted by key and the same multiset of pairs.
Judgement judgeSort(std::span<const SortPair> input, std::span<const SortPair> gpu, bool orderDefined);

}  // namespace boids::verify
