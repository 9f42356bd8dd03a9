#include "engine/primitives/sort/sort_watch.hpp"

#include <algorithm>
#include <bit>

#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/scan/scan_watch.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/primitives/watch_variant.hpp"
#include "shaders/primitives/sort/sort_slots.h"

namespace boids::primitives {
namespace {

using Words = std::vector<std::uint32_t>;
using Pairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;  // (key, value)

constexpr std::uint32_t kPad = SORT_PAD_WORD;
// Keys below this: counting keeps a counter a key (64 stay readable); radix takes 10 bits in two
// digit passes of 5; bitonic only compares.
std::uint32_t keyBound(const std::string& variant) { return variant == "counting" ? 64 : 1000; }

Words keysOf(const Pairs& p) {
  Words w;
  for (const auto& [k, v] : p) w.push_back(k);
  return w;
}
Words valuesOf(const Pairs& p) {
  Words w;
  for (const auto& [k, v] : p) w.push_back(v);
  return w;
}

// A buffer of pairs as two lanes, its keys (shaded in tiles of `tile`) and their values.
void pairLanes(std::vector<lab::Lane>& lanes, const std::string& name, const std::string& source, const Pairs& p,
               std::uint32_t tile = 0, bool valuesUnordered = false) {
  lanes.push_back({name + " keys", source, {}, keysOf(p), tile, lab::Cells::Keys, false, 0, 2, 0});
  lanes.push_back({name + " values", source, {}, valuesOf(p), tile, lab::Cells::Keys, valuesUnordered, 0, 2, 1});
}

lab::Lane numbers(std::string name, std::string source, Words model) {
  return {std::move(name), std::move(source), {}, std::move(model), 1, lab::Cells::Numbers};
}

std::vector<lab::Step> bitonicSteps(Pairs p) {
  std::vector<lab::Step> steps;
  const std::uint32_t n = std::max<std::uint32_t>(2, std::bit_ceil(std::uint32_t(p.size())));
  if (n > p.size()) {
    p.resize(n, {kPad, kPad});
    steps.push_back({"pad", "the pairs padded to " + std::to_string(n) + ", a power of two, with the largest pair", {}});
    pairLanes(steps.back().lanes, "pairs", "pairs", p);
  }
  for (std::uint32_t k = 2; k <= n; k <<= 1) {
    for (std::uint32_t j = k >> 1; j > 0; j >>= 1) {
      for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t l = i ^ j;
        if (l <= i) continue;
        const bool ascending = (i & k) == 0;
        if ((p[l] < p[i]) == ascending) std::swap(p[i], p[l]);
      }
      steps.push_back({"step",
                       "stage " + std::to_string(k) + ", stride " + std::to_string(j) + ": each pair compared with the one " +
                           std::to_string(j) + " on, blocks of " + std::to_string(k) + " ascending and descending in turn",
                       {}});
      pairLanes(steps.back().lanes, "pairs", "pairs", p, k);
    }
  }
  return steps;
}

std::vector<lab::Step> countingSteps(const Pairs& in, std::uint32_t keyCount, std::uint32_t scanTile) {
  Words counts(keyCount, 0u);
  for (const auto& [k, v] : in) ++counts[k];
  std::vector<lab::Step> steps{{"count", "each pair adds one to its key's counter (an atomicAdd)", {}}};
  pairLanes(steps.back().lanes, "input", "pairs", in);
  steps.back().lanes.push_back(numbers("counts", "counts", counts));
  for (lab::Step& s : scanSteps(kDefaultScan, counts, scanTile, "counts", "offsets")) steps.push_back(std::move(s));
  Pairs sorted = in;
  std::stable_sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  steps.push_back({"scatter", "each pair takes the next slot of its key's range (an atomicAdd): within a key, as they come", {}});
  pairLanes(steps.back().lanes, "input", "pairs", in);
  pairLanes(steps.back().lanes, "scattered", "sorted", sorted, 0, true);
  std::sort(sorted.begin(), sorted.end());
  steps.push_back({"rank", "each pair counts the pairs of its key with a smaller value: its slot, std::sort's order", {}});
  pairLanes(steps.back().lanes, "scattered", "sorted", sorted, 0, true);
  pairLanes(steps.back().lanes, "sorted", "pairs", sorted);
  return steps;
}

std::vector<lab::Step> radixSteps(Pairs p, std::uint32_t keyCount, std::uint32_t scanTile) {
  std::vector<lab::Step> steps;
  const std::uint32_t keyBits = std::uint32_t(std::bit_width(keyCount - 1u));
  const std::uint32_t passes = (keyBits + 7) / 8, bits = (keyBits + passes - 1) / passes;  // as radix.cpp plans them
  for (std::uint32_t pass = 0; pass < passes; ++pass) {
    const auto digit = [&](std::uint32_t key) { return (key >> (pass * bits)) & ((1u << bits) - 1u); };
    Words counts(std::size_t(1) << bits, 0u);  // one tile: a count a digit
    for (const auto& [k, v] : p) ++counts[digit(k)];
    const std::string which = "digit " + std::to_string(pass + 1) + " of " + std::to_string(passes) + " (key bits " +
                              std::to_string(pass * bits) + " to " + std::to_string(pass * bits + bits - 1) + ")";
    steps.push_back({"count", which + ": the tile counts its pairs of each of the " + std::to_string(counts.size()) + " digits", {}});
    pairLanes(steps.back().lanes, "pairs", "pairs", p);
    steps.back().lanes.push_back(numbers("digit counts", "counts", counts));
    for (lab::Step& s : scanSteps("decoupled-lookback", counts, scanTile, "digit counts", "digit starts", pass)) steps.push_back(std::move(s));
    Pairs next = p;
    std::stable_sort(next.begin(), next.end(), [&](const auto& a, const auto& b) { return digit(a.first) < digit(b.first); });
    Words starts(counts.size());
    for (std::uint32_t d = 0, sum = 0; d < counts.size(); sum += counts[d++]) starts[d] = sum;
    steps.push_back({"scatter", which + ": each pair to its digit's start plus its rank among the tile's pairs of that digit (stable)", {}});
    pairLanes(steps.back().lanes, "pairs", "pairs", p);
    steps.back().lanes.push_back(numbers("digit starts", "starts", starts));
    pairLanes(steps.back().lanes, "out", "out", next);
    p = std::move(next);
  }
  return steps;
}

std::uint32_t scanTileOf(const char* scan, const lab::Context& c) { return findVariant(scans(), scan)->create(c.shaders, c.caps)->tile(); }

}  // namespace

std::vector<std::string> watchedSorters() { return {"bitonic-global", "counting", "radix"}; }

std::vector<lab::Step> sortSteps(const std::string& variant, const Pairs& pairs, std::uint32_t keyCount, const lab::Context& context) {
  if (variant == "counting") return countingSteps(pairs, keyCount, scanTileOf(kDefaultScan, context));
  // Radix leaves one pair, or pairs of one key, as they are: no dispatch.
  if (variant == "radix" && pairs.size() > 1 && keyCount > 1) return radixSteps(pairs, keyCount, scanTileOf("decoupled-lookback", context));
  return {};
}

lab::Watch watchSort(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"sort", request.variant, request.input, {}, {}};
  const SortVariant* variant = watchedVariant(sorters(), watch, context.caps);
  if (!variant) return watch;
  const std::vector<std::string> covered = watchedSorters();
  if (std::find(covered.begin(), covered.end(), request.variant) == covered.end()) {
    watch.error = request.variant + " has no watch yet (bitonic-global, counting and radix have one)";
    return watch;
  }
  const std::uint32_t keyCount = keyBound(request.variant);
  const Words keys = lab::watchInput(request, keyCount);
  const auto n = static_cast<std::uint32_t>(keys.size());
  Pairs pairs;
  for (std::uint32_t i = 0; i < n; ++i) pairs.emplace_back(keys[i], i);
  const std::unique_ptr<Sorter> sorter = variant->makeToWatch(context.shaders, context.caps);
  if (request.variant == "bitonic-global") watch.steps = bitonicSteps(pairs);
  if (request.variant == "counting") watch.steps = sortSteps("counting", pairs, keyCount, context);
  if (request.variant == "radix") {
    if (n > 1) watch.steps = sortSteps("radix", pairs, keyCount, context);
    else watch.error = "radix leaves a single pair as it is: no dispatch to watch";
  }
  std::vector<std::uint32_t> words;
  for (const auto& [k, v] : pairs) words.insert(words.end(), {k, v});
  words.resize(2 * std::size_t(std::max<std::uint32_t>(2, std::bit_ceil(n))), kPad);  // room to pad to a power of two
  gl::Buffer buffer = gl::Buffer::fromSpan<std::uint32_t>("watch.sort.pairs", words);
  return lab::recorded(std::move(watch), *sorter, [&] { sorter->sort(buffer, n, keyCount); });
}

}  // namespace boids::primitives
