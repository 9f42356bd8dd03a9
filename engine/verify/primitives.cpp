#include "engine/verify/primitives.hpp"

#include <algorithm>

#include "engine/random.hpp"

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
  SplitMix64 rng(seed * 0x9E3779B97F4A7C15ull + count);
  std::vector<std::uint32_t> v(count);
  for (auto& x : v) {
    const auto r = static_cast<std::uint32_t>(rng.next() >> 32);
    x = bound ? r % bound : r;
  }
  return v;
}

std::vector<std::uint32_t> compactFlags(std::uint32_t count, std::uint64_t seed, std::uint32_t oneIn) {
  SplitMix64 rng(seed * 0xD1B54A32D192ED03ull + count * 31ull + oneIn);
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

const char* sortPatternName(SortPattern pattern) {
  switch (pattern) {
    case SortPattern::Sorted: return "sorted keys";
    case SortPattern::Reversed: return "reversed keys";
    case SortPattern::AllEqual: return "all keys equal";
    case SortPattern::FullRange: return "full key range";
  }
  return "?";
}

SortInput sortInput(std::uint32_t count, SortPattern pattern, std::uint64_t seed) {
  SortInput in{std::vector<SortPair>(count), 1, 0};
  SplitMix64 rng(seed * 0xA0761D6478BD642Full + count * 7ull + static_cast<std::uint64_t>(pattern));
  for (std::uint32_t i = 0; i < count; ++i) {
    std::uint32_t key = 0;
    switch (pattern) {
      case SortPattern::Sorted: key = i / 3; break;  // runs of three equal keys
      case SortPattern::Reversed: key = count - 1 - i; break;
      case SortPattern::AllEqual: key = count / 2; break;  // every digit of a radix pass in one bucket
      case SortPattern::FullRange: key = static_cast<std::uint32_t>((rng.next() >> 32) % 0xffffffffull); break;
    }
    in.pairs[i] = {key, i};
  }
  switch (pattern) {
    case SortPattern::Sorted: in.keyCount = count / 3 + 1; break;
    case SortPattern::Reversed: in.keyCount = std::max(count, 1u); break;
    case SortPattern::AllEqual: in.keyCount = count / 2 + 1; break;
    case SortPattern::FullRange: in.keyCount = 0xffffffffu; break;
  }
  std::vector<std::uint32_t> keys(count);
  for (std::uint32_t i = 0; i < count; ++i) keys[i] = in.pairs[i][0];
  std::sort(keys.begin(), keys.end());
  for (std::uint32_t i = 0, run = 0; i < count; ++i) {
    run = i > 0 && keys[i] == keys[i - 1] ? run + 1 : 1;
    in.mostOfOneKey = std::max(in.mostOfOneKey, run);
  }
  return in;
}

Judgement judgeSort(std::span<const SortPair> input, std::span<const SortPair> gpu, bool orderDefined) {
  if (gpu.size() != input.size()) {
    return {false, std::to_string(gpu.size()) + " pairs out for " + std::to_string(input.size()) + " in"};
  }
  std::vector<SortPair> expected(input.begin(), input.end()), got(gpu.begin(), gpu.end());
  std::sort(expected.begin(), expected.end());  // std::array orders by key, then value
  if (!orderDefined) {
    for (std::size_t i = 1; i < got.size(); ++i) {
      if (got[i - 1][0] > got[i][0]) return {false, "keys out of order at " + std::to_string(i)};
    }
    std::sort(got.begin(), got.end());
  }
  for (std::size_t i = 0; i < expected.size(); ++i) {
    if (got[i] != expected[i]) {
      std::size_t differ = 0;
      for (std::size_t k = i; k < expected.size(); ++k) differ += got[k] != expected[k];
      return {false, std::string(orderDefined ? "first difference at " : "first difference (sorted) at ") + std::to_string(i) +
                         ": (" + std::to_string(got[i][0]) + ", " + std::to_string(got[i][1]) + ") instead of (" +
                         std::to_string(expected[i][0]) + ", " + std::to_string(expected[i][1]) + "); " +
                         std::to_string(differ) + " of " + std::to_string(expected.size()) + " pairs differ"};
    }
  }
  return {true, std::to_string(input.size()) + " pairs " +
                    (orderDefined ? "equal to std::sort on (key, value)" : "sorted by key, a permutation of the input")};
}

}  // namespace boids::verify
