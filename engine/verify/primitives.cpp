#include "engine/verify/primitives.hpp"

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

}  // namespace boids::verify
