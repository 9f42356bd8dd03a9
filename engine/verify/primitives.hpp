#pragma once
// CPU references and judges of the parallel primitives (engine/primitives/), in the style of
// GPUSorting's ValidateOutput: every variant of a primitive is judged the same way, by the tests
// and by `boids check`. Integer results are exact, so the judges compare exactly and name the first
// place that differs.
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

}  // namespace boids::verify
