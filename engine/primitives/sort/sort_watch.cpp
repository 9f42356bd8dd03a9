#include "engine/primitives/sort/sort_watch.hpp"

#include <algorithm>
#include <bit>

#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/scan/scan_watch.hpp"
#include "engine/primitives/sort/bitonic.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/primitives/watch_variant.hpp"
#include "shaders/primitives/sort/sort_slots.h"

namespace boids::primitives {
namespace {

using Words = std::vector<std::uint32_t>;
using Pairs = std::vector<std::pair<std::uint32_t, std::uint32_t>>;  // (key, value)

constexpr std::uint32_t kPad = SORT_PAD_WORD;
constexpr std::uint32_t kUnwritten = 0x0badf00du;  // past the input, until the sort pads it
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

// The bitonic network on pairs padded to a power of two (bitonic.hpp's BitonicStep), run a step at
// a time.
struct Network {
  Pairs p;
  std::uint32_t log2n = 0;

  void run(BitonicStep step) {
    for (std::uint32_t i = 0; i < p.size(); ++i) {
      const std::uint32_t l = i ^ (1u << step.bit);
      if (l <= i) continue;
      const bool ascending = (i >> step.stage & 1u) == 0;
      if ((p[l] < p[i]) == ascending) std::swap(p[i], p[l]);
    }
  }
  // The pairs as memory holds them between bitonic-transpose's passes: complemented where bit
  // `stage` of the index is set (turned for that stage; none at or past log2n: ascending).
  std::uint32_t turnedFor(std::uint32_t stage) const { return stage < log2n ? 1u << stage : 0u; }
  Pairs turned(std::uint32_t mask) const {
    Pairs t = p;
    for (std::uint32_t i = 0; i < t.size(); ++i) {
      if (i & mask) t[i] = {~t[i].first, ~t[i].second};
    }
    return t;
  }
};

// "bits 0-2, 7-9": a mask's runs of index bits.
std::string bitsText(std::uint32_t mask) {
  std::string text;
  for (std::uint32_t b = 0; b < 32; ++b) {
    if (!(mask >> b & 1u) || (b > 0 && (mask >> (b - 1) & 1u))) continue;
    std::uint32_t e = b;
    while (e + 1 < 32 && (mask >> (e + 1) & 1u)) ++e;
    text += (text.empty() ? "" : ", ") + std::to_string(b) + (e > b ? "-" + std::to_string(e) : "");
  }
  return "bits " + text;
}

void addPairs(lab::Step& step, const Network& net, std::uint32_t k, std::uint32_t turned = 0) {
  pairLanes(step.lanes, "pairs", "pairs", net.turned(turned), k);
  for (lab::Lane& lane : step.lanes) lane.turned = turned;
}

// The global steps' model (bitonic-global, and bitonic-shared's strides of a tile and more).
void globalStep(std::vector<lab::Step>& steps, Network& net, BitonicStep step) {
  net.run(step);
  const std::uint32_t k = 1u << step.stage, j = 1u << step.bit;
  steps.push_back({"step",
                   "stage " + std::to_string(k) + ", stride " + std::to_string(j) + ": each pair compared with the one " +
                       std::to_string(j) + " on, blocks of " + std::to_string(k) + " ascending and descending in turn",
                   {}});
  addPairs(steps.back(), net, k);
}

// The tile sort (bitonic-shared, bitonic-transpose): stages 1 .. tileBits in each tile.
void tileSortStep(std::vector<lab::Step>& steps, Network& net, std::uint32_t tileBits, std::uint32_t turned) {
  std::uint32_t count = 0;
  for (std::uint32_t s = 1; s <= std::min(tileBits, net.log2n); ++s) {
    for (std::uint32_t b = s; b-- > 0; ++count) net.run({s, b});
  }
  const std::uint32_t tile = 1u << tileBits;
  std::string says = "each group sorts its tile of " + std::to_string(tile) + " pairs in shared memory: stages 1 to " +
                     std::to_string(tileBits) + ", " + std::to_string(count) + " steps, tiles ascending and descending in turn";
  if (turned) says += "; it leaves each pair complemented (~) where index bit " + std::to_string(std::countr_zero(turned)) +
                      " is set: turned for the next stage, whose descending runs then sort ascending like the rest";
  steps.push_back({"tile-sort", says, {}});
  addPairs(steps.back(), net, tile, turned);
}

std::vector<lab::Step> bitonicSteps(Pairs p, BitonicVariant variant) {
  std::vector<lab::Step> steps;
  const std::uint32_t least = variant == BitonicVariant::Global ? 2u : 1u << kWatchBitonicShape.tileBits;
  const std::uint32_t n = std::max(least, std::bit_ceil(std::uint32_t(p.size())));
  if (n > p.size()) {
    p.resize(n, {kPad, kPad});
    steps.push_back({"pad", "the pairs padded to " + std::to_string(n) + ", a power of two, with the largest pair", {}});
    pairLanes(steps.back().lanes, "pairs", "pairs", p);
  }
  Network net{std::move(p), std::uint32_t(std::countr_zero(n))};
  if (variant == BitonicVariant::Global) {
    for (std::uint32_t s = 1; s <= net.log2n; ++s) {
      for (std::uint32_t b = s; b-- > 0;) globalStep(steps, net, {s, b});
    }
    return steps;
  }
  const std::uint32_t tileBits = kWatchBitonicShape.tileBits, tile = 1u << tileBits;
  const bool transpose = variant == BitonicVariant::Transpose;
  tileSortStep(steps, net, tileBits, transpose ? net.turnedFor(tileBits + 1) : 0u);
  if (!transpose) {
    for (std::uint32_t s = tileBits + 1; s <= net.log2n; ++s) {
      for (std::uint32_t b = s; b-- > tileBits;) globalStep(steps, net, {s, b});
      for (std::uint32_t b = tileBits; b-- > 0;) net.run({s, b});
      steps.push_back({"tile-pass", "stage " + std::to_string(1u << s) + ", strides " + std::to_string(tile / 2) +
                                        " to 1 in one merge: each group holds " + std::to_string(tile) +
                                        " consecutive pairs in shared memory",
                       {}});
      addPairs(steps.back(), net, 1u << s);
    }
    return steps;
  }
  const std::vector<BitonicPass> passes = planBitonicPasses(net.log2n, tileBits, kWatchBitonicShape.runBits);
  for (std::size_t i = 0; i < passes.size(); ++i) {
    std::string run;
    for (const BitonicStep& step : passes[i].steps) {
      net.run(step);
      run += (run.empty() ? "" : " ") + std::to_string(step.stage) + "." + std::to_string(step.bit);
    }
    const std::uint32_t turned = i + 1 < passes.size() ? net.turnedFor(passes[i + 1].steps.front().stage) : 0u;
    steps.push_back({"tile-pass", "each group holds the " + std::to_string(tile) + " pairs whose indices agree outside " +
                                      bitsText(passes[i].heldBits) + " and runs the steps (stage.bit) " + run +
                                      (turned                    ? "; left turned for stage " + std::to_string(std::countr_zero(turned))
                                       : i + 1 < passes.size() ? "; left ascending (the last stage sorts every run ascending)"
                                                               : "; left ascending: sorted"),
                     {}});
    addPairs(steps.back(), net, 0, turned);
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

// The radix sorters' digits as radix.cpp plans them: the fewest passes of at most mostBits bits.
struct Digits {
  std::uint32_t passes = 0, bits = 0;
  Digits(std::uint32_t keyCount, std::uint32_t mostBits) {
    const auto keyBits = std::uint32_t(std::bit_width(keyCount - 1u));
    passes = (keyBits + mostBits - 1) / mostBits;
    bits = (keyBits + passes - 1) / passes;
  }
  std::uint32_t of(std::uint32_t key, std::uint32_t pass) const { return (key >> (pass * bits)) & ((1u << bits) - 1u); }
  std::string says(std::uint32_t pass) const {
    return "digit " + std::to_string(pass + 1) + " of " + std::to_string(passes) + " (key bits " + std::to_string(pass * bits) +
           " to " + std::to_string(pass * bits + bits - 1) + ")";
  }
};

// count[t][d]: tile t's pairs of digit d in `pass`.
std::vector<Words> tileCounts(const Pairs& p, const Digits& digits, std::uint32_t pass, std::uint32_t tile) {
  std::vector<Words> counts((p.size() + tile - 1) / tile, Words(std::size_t(1) << digits.bits, 0u));
  for (std::size_t i = 0; i < p.size(); ++i) ++counts[i / tile][digits.of(p[i].first, pass)];
  return counts;
}

Pairs stableByDigit(Pairs p, const Digits& digits, std::uint32_t pass) {
  std::stable_sort(p.begin(), p.end(), [&](const auto& a, const auto& b) { return digits.of(a.first, pass) < digits.of(b.first, pass); });
  return p;
}

std::vector<lab::Step> radixSteps(Pairs p, std::uint32_t keyCount, std::uint32_t scanTile, std::uint32_t tile, std::uint32_t mostBits) {
  std::vector<lab::Step> steps;
  const Digits digits(keyCount, mostBits);
  const std::uint32_t radix = 1u << digits.bits;
  for (std::uint32_t pass = 0; pass < digits.passes; ++pass) {
    const std::vector<Words> perTile = tileCounts(p, digits, pass, tile);
    const auto tiles = std::uint32_t(perTile.size());
    Words counts(std::size_t(tiles) * radix);  // digit-major: the scan gives every (digit, tile) its first slot
    for (std::uint32_t t = 0; t < tiles; ++t) {
      for (std::uint32_t d = 0; d < radix; ++d) counts[std::size_t(d) * tiles + t] = perTile[t][d];
    }
    steps.push_back({"count", digits.says(pass) + ": each of the " + lab::counted(tiles, "tile") + " of " + std::to_string(tile) +
                                  " pairs counts its pairs of each of the " + std::to_string(radix) + " digits (digit-major: a digit's tiles side by side)",
                     {}});
    pairLanes(steps.back().lanes, "pairs", "pairs", p, tile);
    steps.back().lanes.push_back({"digit counts", "counts", {}, counts, tiles, lab::Cells::Numbers});
    for (lab::Step& s : scanSteps("decoupled-lookback", counts, scanTile, "digit counts", "digit starts", pass)) steps.push_back(std::move(s));
    Words starts(counts.size());
    for (std::size_t k = 0, sum = 0; k < counts.size(); sum += counts[k++]) starts[k] = std::uint32_t(sum);
    const Pairs next = stableByDigit(p, digits, pass);
    steps.push_back({"scatter", digits.says(pass) + ": each tile ranks its pairs by digit in shared memory (stable) and writes each to "
                                                    "its (digit, tile) start plus its rank",
                     {}});
    pairLanes(steps.back().lanes, "pairs", "pairs", p, tile);
    steps.back().lanes.push_back({"digit starts", "starts", {}, starts, tiles, lab::Cells::Numbers});
    pairLanes(steps.back().lanes, "out", "out", next);
    p = next;
  }
  return steps;
}

// onesweep: every pass's digit counts in one pass over the keys, then one dispatch a digit whose
// tiles publish their counts and look back (radix.cpp).
std::vector<lab::Step> oneSweepSteps(Pairs p, std::uint32_t keyCount, std::uint32_t tile) {
  const Digits digits(keyCount, kWatchRadixDigitBits);
  const std::uint32_t radix = 1u << kWatchRadixDigitBits, used = 1u << digits.bits;
  Words counts(std::size_t(digits.passes) * radix, 0u);
  for (const auto& [k, v] : p) {
    for (std::uint32_t pass = 0; pass < digits.passes; ++pass) ++counts[pass * radix + digits.of(k, pass)];
  }
  std::vector<lab::Step> steps{{"histogram", "one pass over the keys counts the digits of every pass: " + lab::counted(digits.passes, "row") +
                                                 " of " + std::to_string(radix) + " counts",
                                {}}};
  pairLanes(steps.back().lanes, "pairs", "pairs", p, tile);
  steps.back().lanes.push_back({"digit counts", "counts", {}, counts, radix, lab::Cells::Numbers});
  for (std::uint32_t pass = 0; pass < digits.passes; ++pass) {
    const std::vector<Words> perTile = tileCounts(p, digits, pass, tile);
    const auto tiles = std::uint32_t(perTile.size());
    Words status(std::size_t(tiles) * used), start(used, 0u);
    for (std::uint32_t d = 1; d < used; ++d) start[d] = start[d - 1] + counts[pass * radix + d - 1];
    for (std::uint32_t t = 0; t < tiles; ++t) {
      for (std::uint32_t d = 0; d < used; ++d) {
        start[d] += perTile[t][d];
        status[std::size_t(t) * used + d] = start[d] << 2 | 2u;  // inclusive: the digit's first slot after tile t
      }
    }
    const Pairs next = stableByDigit(p, digits, pass);
    steps.push_back({"pass", digits.says(pass) + ": each group claims a tile, ranks it, publishes its digit counts (A), looks back over "
                                                 "the tiles before until each digit's prefix (P) is known, publishes its own P and scatters",
                     {}});
    pairLanes(steps.back().lanes, "pairs", "pairs", p, tile);
    steps.back().lanes.push_back({"tiles claimed", "claimed", {}, {tiles}, 0, lab::Cells::Numbers});
    steps.back().lanes.push_back({"tile status", "status", {}, status, used, lab::Cells::DigitStatus});
    pairLanes(steps.back().lanes, "out", "out", next);
    p = next;
  }
  return steps;
}

std::uint32_t scanTileOf(const char* scan, const lab::Context& c) { return findVariant(scans(), scan)->create(c.shaders, c.caps)->tile(); }

}  // namespace

std::vector<std::string> watchedSorters() { return variantNames(sorters()); }

std::vector<lab::Step> sortSteps(const std::string& variant, const Pairs& pairs, std::uint32_t keyCount, const lab::Context& context,
                                 bool toWatch) {
  if (variant == "counting") return countingSteps(pairs, keyCount, scanTileOf(kDefaultScan, context));
  // The radix sorters leave one pair, or pairs of one key, as they are: no dispatch.
  if (pairs.size() <= 1 || keyCount <= 1) return {};
  const std::uint32_t tile = radixTile(context.caps, toWatch);
  if (variant == "radix") {
    return radixSteps(pairs, keyCount, scanTileOf("decoupled-lookback", context), tile, toWatch ? kWatchRadixDigitBits : kRadixDigitBits);
  }
  if (variant == "onesweep" && toWatch) return oneSweepSteps(pairs, keyCount, tile);
  return {};
}

lab::Watch watchSort(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"sort", request.variant, request.input, {}, {}};
  const SortVariant* variant = watchedVariant(sorters(), watch, context.caps);
  if (!variant) return watch;
  const std::uint32_t keyCount = keyBound(request.variant);
  const Words keys = lab::watchInput(request, keyCount);
  const auto n = static_cast<std::uint32_t>(keys.size());
  Pairs pairs;
  for (std::uint32_t i = 0; i < n; ++i) pairs.emplace_back(keys[i], i);
  const std::unique_ptr<Sorter> sorter = variant->makeToWatch(context.shaders, context.caps);
  if (request.variant == "bitonic-global") watch.steps = bitonicSteps(pairs, BitonicVariant::Global);
  if (request.variant == "bitonic-shared") watch.steps = bitonicSteps(pairs, BitonicVariant::Shared);
  if (request.variant == "bitonic-transpose") watch.steps = bitonicSteps(pairs, BitonicVariant::Transpose);
  if (request.variant == "counting") watch.steps = sortSteps("counting", pairs, keyCount, context, true);
  if (request.variant == "radix" || request.variant == "onesweep") {
    if (n > 1) watch.steps = sortSteps(request.variant, pairs, keyCount, context, true);
    else watch.error = request.variant + " leaves a single pair as it is: no dispatch to watch";
  }
  std::vector<std::uint32_t> words;
  for (const auto& [k, v] : pairs) words.insert(words.end(), {k, v});
  // Room to pad to a power of two, a tile at least; not the padding itself, so that a pad pass that
  // wrote nothing is seen.
  const std::uint32_t least = 1u << kWatchBitonicShape.tileBits;
  words.resize(2 * std::size_t(std::max<std::uint32_t>(least, std::bit_ceil(n))), kUnwritten);
  gl::Buffer buffer = gl::Buffer::fromSpan<std::uint32_t>("watch.sort.pairs", words);
  return lab::recorded(std::move(watch), *sorter, [&] { sorter->sort(buffer, n, keyCount); });
}

}  // namespace boids::primitives
