// The radix sorters of the sort primitive: `radix` (reduce-then-scan, three dispatches a digit) and
// `onesweep` (one dispatch a digit with decoupled look-back), both in shaders/primitives/sort/radix.comp.
#include <algorithm>
#include <bit>
#include <stdexcept>
#include <string>

#include "engine/gl/dispatch.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "shaders/primitives/sort/sort_slots.h"

namespace boids::primitives {
namespace {

// 256 digits (kRadixDigitBits): 32-bit keys in four passes. Six bits (four passes at 16M pairs)
// measured 1131 us on the H200 against 994 for three passes of eight, seven bits 1134.
constexpr std::uint32_t kMostDigitBits = kRadixDigitBits;
constexpr std::uint32_t kMostPasses = 4;
constexpr std::uint32_t kItems = 8;  // pairs per invocation
// The histogram pass's groups, each over every so many tiles: enough to fill a GPU, few enough
// that their global atomic adds of (passes x digits) counts stay cheap.
constexpr std::uint32_t kHistogramGroups = 256;

// The digits of a sort: only the bits keys below keyCount use, in the fewest passes of at most
// 8 bits, split evenly (18 bits: three of 6, so each pass has 64 digits to count, not 256).
struct DigitPlan {
  std::uint32_t passes = 0, bits = 0;
};
DigitPlan planDigits(std::uint32_t keyCount, std::uint32_t mostBits = kMostDigitBits) {
  const std::uint32_t keyBits = keyCount <= 1 ? 0u : static_cast<std::uint32_t>(std::bit_width(keyCount - 1u));
  if (keyBits == 0) return {};
  const std::uint32_t passes = (keyBits + mostBits - 1) / mostBits;
  if (passes > kMostPasses)  // only a watch's narrow digits can get here
    throw std::invalid_argument("radix sort: keys of " + std::to_string(keyBits) + " bits need more than " +
                                std::to_string(kMostPasses) + " passes of " + std::to_string(mostBits) + "-bit digits");
  return {passes, (keyBits + passes - 1) / passes};
}

// Where subgroup ballots and shuffles rank a tile and subgroup adds scan it (radix_tile.glsl):
// with subgroups of 32 or 64 lanes, whose per-subgroup digit counts fit in the tile's shared
// memory. Elsewhere a split per digit bit does.
bool ranksBySubgroup(const gl::Caps& caps) {
  return caps.subgroupBallotMissing.empty() && caps.subgroupArithmeticMissing.empty() &&
         caps.subgroupShuffleMissing.empty() && (caps.subgroupSize == 32 || caps.subgroupSize == 64);
}

// Invocations a group, 8 pairs each: 512 (a tile of 4096 pairs, 16 KiB of shared memory for the
// exchange, 42 KiB in all with 512-entry counts) where the context has 48 KiB of shared memory and
// subgroup ranking, else 256 (2048 pairs; the split keeps keys and values in shared memory at
// once, within GL's minimum of 32 KiB). 512 x 8 was the fastest of 512 or 256 invocations with 8
// or 16 pairs each: more invocations hide the tile's latencies better, fewer pairs each keep its
// ranking rounds short (docs/PERFORMANCE.md, "Sort").
std::uint32_t groupFor(const gl::Caps& caps) {
  return ranksBySubgroup(caps) && caps.maxComputeSharedMemory >= 48 * 1024 && caps.maxComputeInvocations >= 512 ? 512 : 256;
}

// The kernels' shape: invocations a group (a tile is kItems times as many pairs) and the most
// digits a pass sorts by, at most one an invocation (radix.comp).
struct RadixShape {
  std::uint32_t group = 256, radix = 1u << kMostDigitBits;
};
RadixShape shapeFor(const gl::Caps& caps, bool toWatch) {
  if (!toWatch) return {groupFor(caps), 1u << kMostDigitBits};
  // A watch's: the smallest group (a subgroup, where it ranks by subgroup) and 5-bit digits, so that
  // its keys below 1000 take two passes and a small input spans several tiles.
  return {ranksBySubgroup(caps) ? std::max<std::uint32_t>(32, caps.subgroupSize) : 32, 1u << kWatchRadixDigitBits};
}

gl::Defines radixDefines(const gl::Caps& caps, const RadixShape& shape, int mode, bool alwaysFallBack = false) {
  return {{"MODE", std::to_string(mode)},
          {"GROUP_SIZE", std::to_string(shape.group)},
          {"ITEMS", std::to_string(kItems)},
          {"RADIX", std::to_string(shape.radix)},
          {"PASSES", std::to_string(kMostPasses)},
          {"RANK_SUBGROUP", ranksBySubgroup(caps) ? "1" : "0"},
          {"SUBGROUP_SIZE", std::to_string(std::max(caps.subgroupSize, 1))},
          // Polls of a silent predecessor before counting its digits from its inputs instead: 256 on
          // a GPU (a longer bound let some sorts wait it out whole, far slower), 64 where loops
          // have an iteration budget (llvmpipe).
          {"SPIN_LIMIT", caps.loopIterationLimit > 0 ? "64" : "256"},
          {"ALWAYS_FALL_BACK", alwaysFallBack ? "1" : "0"}};
}

gl::Program radixProgram(const gl::ShaderLibrary& lib, const gl::Caps& caps, const RadixShape& shape, int mode,
                         bool alwaysFallBack = false) {
  return gl::Program::compute(lib, "primitives/sort/radix.comp", radixDefines(caps, shape, mode, alwaysFallBack));
}

// What both radix sorters share: the tile, and the scratch buffer the digit passes alternate with.
class LsdSort : public Sorter {
 protected:
  LsdSort(const gl::Caps& caps, const RadixShape& shape) : caps_(caps), shape_(shape), tile_(shape.group * kItems) {}

  std::uint32_t tilesFor(std::uint32_t count) const { return (count + tile_ - 1) / tile_; }

  void ensureScratch(std::uint32_t count) {
    if (scratch_.size() < std::size_t(count) * 8) scratch_ = gl::Buffer("sort.radix.scratch", std::size_t(count) * 8);
  }

  // The digit passes alternate between the pairs and the scratch buffer, and the last must write
  // the pairs: with an even number of passes the first reads the pairs; with an odd number the
  // counting pass before it copies them to scratch on the way (a write, no extra read or
  // dispatch), and the first reads scratch.
  static bool copyFirst(const DigitPlan& plan) { return plan.passes % 2 == 1; }
  const gl::Buffer& source(const gl::Buffer& pairs, const DigitPlan& plan, std::uint32_t pass) const {
    return (pass + plan.passes) % 2 == 0 ? pairs : scratch_;
  }
  const gl::Buffer& target(const gl::Buffer& pairs, const DigitPlan& plan, std::uint32_t pass) const {
    return (pass + plan.passes) % 2 == 0 ? scratch_ : pairs;
  }

  const gl::Caps& caps_;
  RadixShape shape_;
  std::uint32_t tile_;
  gl::Buffer scratch_;
};

// ---------------------------------------------------------------------------------------------
// radix: per digit, each tile's digit counts, their exclusive scan (digit-major, so the scan
// gives every (digit, tile) its first output slot), then each tile ranked and scattered.
class ReduceThenScanRadix final : public LsdSort {
 public:
  ReduceThenScanRadix(const gl::ShaderLibrary& lib, const gl::Caps& caps, const RadixShape& shape)
      : LsdSort(caps, shape),
        count_(radixProgram(lib, caps, shape, 0)),
        scatter_(radixProgram(lib, caps, shape, 1)),
        // One dispatch where reduce-then-scan takes three or more: 20 us less a digit at 1M pairs.
        scan_(findVariant(scans(), "decoupled-lookback")->create(lib, caps)) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t keyCount) override {
    const DigitPlan plan = planDigits(keyCount, std::uint32_t(std::countr_zero(shape_.radix)));
    if (plan.passes == 0 || count <= 1) return;  // one key: already in order (values ascend)
    const std::uint32_t tiles = tilesFor(count);
    const std::size_t digitWords = (std::size_t(tiles) << plan.bits);
    ensureScratch(count);
    if (counts_.size() < digitWords * 4) {
      counts_ = gl::Buffer("sort.radix.counts", digitWords * 4);
      starts_ = gl::Buffer("sort.radix.starts", digitWords * 4);
    }
    const GLuint groups = gl::groupsFor(count, shape_.group, caps_, kItems);  // a tile a group, grid-stride past the limit
    for (std::uint32_t p = 0; p < plan.passes; ++p) {
      const bool copy = p == 0 && copyFirst(plan);
      bind(copy ? pairs : source(pairs, plan, p), source(pairs, plan, p), counts_);  // the copy's target is the source
      count_.use();
      glUniform4ui(SORT_LOC_RADIX, count, p * plan.bits, plan.bits, tiles);
      glUniform1ui(SORT_LOC_RADIX_COPY, copy ? 1u : 0u);
      glDispatchCompute(groups, 1, 1);
      gl::storageBarrier();
      dispatched("count", {{"pairs", copy ? &pairs : &source(pairs, plan, p), 2 * std::size_t(count)}, {"counts", &counts_, digitWords}});
      scan_->watchWith(watcher());  // its passes are this sort's steps too
      scan_->run(counts_, starts_, static_cast<std::uint32_t>(digitWords));  // binds its own buffers
      scan_->watchWith(nullptr);
      bind(source(pairs, plan, p), target(pairs, plan, p), starts_);
      scatter_.use();
      glUniform4ui(SORT_LOC_RADIX, count, p * plan.bits, plan.bits, tiles);
      glDispatchCompute(groups, 1, 1);
      gl::storageBarrier();
      dispatched("scatter", {{"pairs", &source(pairs, plan, p), 2 * std::size_t(count)},
                             {"starts", &starts_, digitWords},
                             {"out", &target(pairs, plan, p), 2 * std::size_t(count)}});
    }
  }

 private:
  static void bind(const gl::Buffer& in, const gl::Buffer& out, const gl::Buffer& digits) {
    in.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_IN);
    out.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_OUT);
    digits.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_DIGITS);
  }

  gl::Program count_, scatter_;
  std::unique_ptr<Scan> scan_;
  gl::Buffer counts_, starts_;
};

// ---------------------------------------------------------------------------------------------
// onesweep: every pass's digit counts in one pass over the keys, then one dispatch a digit, each
// tile looking back over its predecessors' published counts (tile 0 from the scan of the counts).
class OneSweep final : public LsdSort {
 public:
  OneSweep(const gl::ShaderLibrary& lib, const gl::Caps& caps, const RadixShape& shape, bool alwaysFallBack)
      : LsdSort(caps, shape),
        histogram_(radixProgram(lib, caps, shape, 2)),
        pass_(radixProgram(lib, caps, shape, 3, alwaysFallBack)) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t keyCount) override {
    const DigitPlan plan = planDigits(keyCount, std::uint32_t(std::countr_zero(shape_.radix)));
    if (plan.passes == 0 || count <= 1) return;  // one key: already in order (values ascend)
    const std::uint32_t tiles = tilesFor(count);
    // A claim counter per pass, two sets of every pass's digit counts, then a status word per
    // (pass, tile, digit): radix.comp's Status block.
    const std::size_t statusAt = kMostPasses + 2 * std::size_t(kMostPasses) * shape_.radix;
    const std::size_t statusBytes = 4 * (statusAt + (std::size_t(plan.passes * tiles) << plan.bits));
    parity_ ^= 1u;
    ensureScratch(count);
    if (status_.size() < statusBytes) {
      // Zeroed once: the sorts keep it ready for the next (radix.comp's Status block says who zeroes what).
      status_ = gl::Buffer("sort.onesweep.status", statusBytes);
      status_.zero(statusBytes);
    }

    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_IN);
    source(pairs, plan, 0).bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_OUT);  // the copy, if any
    status_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_STATUS);
    histogram_.use();
    glUniform4ui(SORT_LOC_RADIX, count, 0, plan.bits, tiles);
    glUniform1ui(SORT_LOC_RADIX_PASS, plan.passes);
    glUniform1ui(SORT_LOC_RADIX_COPY, copyFirst(plan) ? 1u : 0u);
    glUniform1ui(SORT_LOC_RADIX_PARITY, parity_);
    glDispatchCompute(std::min(tiles, kHistogramGroups), 1, 1);
    gl::storageBarrier();
    const std::size_t countsAt = kMostPasses + parity_ * std::size_t(kMostPasses) * shape_.radix;
    dispatched("histogram", {{"pairs", &pairs, 2 * std::size_t(count)},
                             {"counts", &status_, std::size_t(plan.passes) * shape_.radix, countsAt}});
    for (std::uint32_t p = 0; p < plan.passes; ++p) {
      source(pairs, plan, p).bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_IN);
      target(pairs, plan, p).bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_OUT);
      pass_.use();
      glUniform4ui(SORT_LOC_RADIX, count, p * plan.bits, plan.bits, tiles);
      glUniform1ui(SORT_LOC_RADIX_PASS, p);
      glUniform1ui(SORT_LOC_RADIX_PARITY, parity_);
      glDispatchCompute(tiles, 1, 1);  // a group a tile, tiles claimed in the order groups start
      gl::storageBarrier();
      const std::size_t words = 2 * std::size_t(count), statusWords = std::size_t(tiles) << plan.bits;
      dispatched("pass", {{"pairs", &source(pairs, plan, p), words},
                          {"claimed", &status_, 1, p},
                          {"status", &status_, statusWords, statusAt + p * statusWords},
                          {"out", &target(pairs, plan, p), words}});
    }
  }

  std::string unavailableFor(std::uint32_t count) const override { return gl::tilesOverGroupLimit(tilesFor(count), caps_); }

 private:
  gl::Program histogram_, pass_;
  gl::Buffer status_;
  std::uint32_t parity_ = 0;  // which set of digit counts the sort uses (radix.comp's Status block)
};

}  // namespace

std::unique_ptr<Sorter> makeRadix(const gl::ShaderLibrary& library, const gl::Caps& caps, bool toWatch) {
  return std::make_unique<ReduceThenScanRadix>(library, caps, shapeFor(caps, toWatch));
}

std::unique_ptr<Sorter> makeOneSweep(const gl::ShaderLibrary& library, const gl::Caps& caps, bool alwaysFallBack, bool toWatch) {
  return std::make_unique<OneSweep>(library, caps, shapeFor(caps, toWatch), alwaysFallBack);
}

std::uint32_t radixTile(const gl::Caps& caps, bool toWatch) { return shapeFor(caps, toWatch).group * kItems; }

std::string radixRanking(const gl::Caps& caps) {
  return ranksBySubgroup(caps) ? "subgroup ballots (" + std::to_string(caps.subgroupSize) + " lanes)"
                               : "bit splits (no 32- or 64-lane subgroup ballots, shuffles and adds here)";
}

}  // namespace boids::primitives
