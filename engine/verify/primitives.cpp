#include "engine/verify/primitives.hpp"

#include <algorithm>

#include "engine/sim/initial_state.hpp"

namespace boids::verify {

std::vector<std::uint32_t> exclusiveScan(std::span<const std::uint32_t> input) {
  std::vector<std::uint32_t> out(input.size());
  std::uint32_t run = 0;
  for (std::size_t i = 0; i < input.size(); ++i) {
    out[i] = run;
    run += input[i];  // modulo 2^32, as the GPU adds
  }
  return out;
}

Judgement judgeScan(std::span<const std::uint32_t> input, std::span<const std::uint32_t> gpu) {
  if (gpu.size() != input.size()) {
    return {false, std::to_string(gpu.size()) + " outputs for " + std::to_string(input.size()) + " inputs"};
  }
  const std::vector<std::uint32_t> expected = exclusiveScan(input);
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (gpu[i] != expected[i]) {
      return {false, "first difference at " + std::to_string(i) + " of " + std::to_string(input.size()) + ": " +
                         std::to_string(gpu[i]) + " instead of " + std::to_string(expected[i])};
    }
  }
  return {true, std::to_string(input.size()) + " prefix sums equal to the CPU's"};
}

std::vector<std::uint32_t> scanInput(std::uint32_t count, std::uint64_t seed, std::uint32_t bound) {
  sim::SplitMix64 rng(seed * 0x9E3779B97F4A7C15ull + count);
  std::vector<std::uint32_t> v(count);
  for (auto& x : v) {
    const auto r = static_cast<std::uint32_t>(rng.next() >> 32);
    x = bound ? r % bound : r;
  }
  return v;
}

std::vector<std::uint32_t> compactFlags(std::uint32_t count, std::uint64_t seed, std::uint32_t oneIn) {
  sim::SplitMix64 rng(seed * 0xD1B54A32D192ED03ull + count * 31ull + oneIn);
  std::vector<std::uint32_t> flags(count, 0u);
  if (oneIn == 0) return flags;
  for (auto& f : flags) f = (rng.next() >> 32) % oneIn == 0 ? 1u + static_cast<std::uint32_t>(rng.next() % 7) : 0u;
  return flags;
}

std::vector<std::uint32_t> compactReference(std::span<const std::uint32_t> flags) {
  std::vector<std::uint32_t> kept;
  for (std::size_t i = 0; i < flags.size(); ++i) {
    if (flags[i] != 0) kept.push_back(static_cast<std::uint32_t>(i));
  }
  return kept;
}

Judgement judgeCompact(std::span<const std::uint32_t> flags, std::uint32_t gpuCount, std::span<const std::uint32_t> gpuIndices,
                       bool orderDefined) {
  const std::vector<std::uint32_t> expected = compactReference(flags);
  if (gpuCount != expected.size()) {
    return {false, "kept " + std::to_string(gpuCount) + " of " + std::to_string(flags.size()) + ", the CPU " +
                       std::to_string(expected.size())};
  }
  std::vector<std::uint32_t> got(gpuIndices.begin(), gpuIndices.begin() + std::min<std::size_t>(gpuCount, gpuIndices.size()));
  if (!orderDefined) std::sort(got.begin(), got.end());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (i >= got.size() || got[i] != expected[i]) {
      return {false, std::string(orderDefined ? "first difference at " : "first difference (sorted) at ") + std::to_string(i) +
                         ": " + (i < got.size() ? std::to_string(got[i]) : std::string("nothing")) + " instead of " +
                         std::to_string(expected[i])};
    }
  }
  return {true, std::to_string(expected.size()) + " of " + std::to_string(flags.size()) + " kept, " +
                    (orderDefined ? "in input order" : "the same set")};
}

}  // namespace boids::verify
