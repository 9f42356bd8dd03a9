#include "engine/primitives/sort/sort.hpp"
#include "engine/primitives/sort/bitonic.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdio>
#include <stdexcept>

#include "engine/gl/dispatch.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "shaders/primitives/sort/sort_slots.h"

namespace boids::primitives {
namespace {

constexpr std::uint32_t kGroup = 256;  // the grid-stride passes (global steps, padding, counting)
constexpr std::uint32_t kMostGroups = 65535;  // grid-stride: more groups only queue up
const gl::Defines kGroupDefine = {{"GROUP_SIZE", std::to_string(kGroup)}};

// One grid-stride pass of `program` over `invocations` items, then its barrier.
void gridPass(const gl::Program& program, const gl::Caps& caps, std::uint64_t invocations) {
  program.use();
  glDispatchCompute(gl::groupsFor(invocations, kGroup, caps, 1, kMostGroups), 1, 1);
  gl::storageBarrier();
}

void pad(const gl::Program& padProgram, const gl::Caps& caps, const gl::Buffer& pairs, std::uint32_t count,
         std::uint32_t capacity) {
  if (capacity == count) return;
  pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
  padProgram.use();
  glUniform2ui(SORT_LOC_COUNT, count, capacity);
  gridPass(padProgram, caps, capacity - count);
}

// Pairs per invocation, in registers, as log2: the tile sort 16 (70 us at 1M against 74 with 8).
constexpr std::uint32_t kTileSortItemBits = 4;

static_assert(SORT_MAX_STEPS == kSortTileBits, "a pass runs at most one step per held bit");
static_assert(SORT_LOC_FREE == SORT_LOC_HELD + SORT_MAX_RUNS && SORT_LOC_STEPS == SORT_LOC_FREE + SORT_MAX_RUNS &&
                  SORT_LOC_TURNS == SORT_LOC_STEPS + SORT_MAX_STEPS && SORT_LOC_WAIT == SORT_LOC_TURNS + 1 &&
                  SORT_LOC_DONE == SORT_LOC_WAIT + 1 && SORT_LOC_END == SORT_LOC_DONE + 1,
              "each uniform array of the general tile pass starts where the one before ends");

// passBits: MODE 2's pairs per invocation, as log2 (MODE 1 takes kTileSortItemBits, MODE 0 one).
gl::Program bitonicProgram(const gl::ShaderLibrary& lib, const gl::Caps& caps, int mode, std::uint32_t tile,
                           std::uint32_t passBits = 0, bool chained = false) {
  const std::uint32_t itemBits = mode == 1 ? kTileSortItemBits : passBits;
  const std::uint32_t group = mode == 0 ? kGroup : tile >> itemBits;
  gl::Defines defines = {{"MODE", std::to_string(mode)},
                         {"GROUP_SIZE", std::to_string(group)},
                         {"ITEM_BITS", std::to_string(itemBits)},
                         {"TILE", std::to_string(tile)}};
  if (caps.has("GL_ARB_gpu_shader_int64")) defines.emplace_back("SORT_INT64", "1");  // one 64-bit compare per pair
  if (chained && mode != 0) defines.emplace_back("CHAINED", "1");
  return gl::Program::compute(lib, "primitives/sort/bitonic.comp", defines);
}

std::uint32_t lowBits(std::uint32_t bits) { return bits >= 32 ? ~0u : (1u << bits) - 1u; }

// Whether bitonic-transpose chains its dispatches here (bitonic.comp, CHAINED): a group then waits
// on groups of the dispatch before, which must all get to run, so the driver must start a
// dispatch's groups only once the dispatch before has started all of its own. NVIDIA's hands a
// dispatch's groups out in submission order (assumed, as CUDA's in-stream launches, not measured;
// check and the tests fail a chained sort whose wait gave up: docs/LAB.md, "Sort"), and Mesa's
// software renderers run one dispatch after another (their waits never spin); elsewhere, untried,
// the dispatches keep their memory barriers. A wait is bounded either way (SPIN_LIMIT polls, then
// a stall is counted and the group goes on: never a hang; on llvmpipe gallivm's loop limit would
// end it first, uncounted, were it ever to spin).
bool dispatchesStartInOrder(const gl::Caps& caps) {
  return caps.vendor.find("NVIDIA") != std::string::npos || caps.softwareRenderer();
}

// The runs of contiguous set bits of `mask` below bit `limit`, as (first bit, length), lowest first.
std::vector<std::pair<std::uint32_t, std::uint32_t>> bitRuns(std::uint32_t mask, std::uint32_t limit) {
  std::vector<std::pair<std::uint32_t, std::uint32_t>> runs;
  for (std::uint32_t b = 0; b < limit; ++b) {
    if (!(mask >> b & 1u)) continue;
    if (!runs.empty() && runs.back().first + runs.back().second == b) {
      ++runs.back().second;
    } else {
      runs.emplace_back(b, 1u);
    }
  }
  return runs;
}

// The uniforms of one general tile pass (bitonic.comp, MODE 2), laid out as its uniform arrays.
struct TilePassUniforms {
  std::array<std::uint32_t, 3> pass{};                       // (steps, read straight, write straight)
  std::array<std::uint32_t, 3 * SORT_MAX_RUNS> held{}, free{};  // (shift, mask, index shift) per run
  // (stride bit in the window | SORT_STEP_STARTS_STAGE, window, slot mask, base mask)
  std::array<std::uint32_t, 4 * SORT_MAX_STEPS> steps{};
  std::array<std::uint32_t, 3> turns{};  // (memory holds the pairs turned for the first step, exit slot mask, exit base mask)
};

// What a dispatch turns its pairs for, in memory before and after it (bitonic.comp, "Every
// comparator of the network points one way"): ascending, or the direction of one stage.
constexpr std::uint32_t kAscending = 0;  // as sorted: before and after a sort, around global steps

// The uniforms of a dispatch that leaves its pairs turned for stage `exitStage` (or kAscending),
// with `slotOf` giving the tile slot of each held index bit.
void setExit(TilePassUniforms& u, std::uint32_t exitStage, std::uint32_t log2n, std::uint32_t heldBits,
             const std::array<std::uint32_t, 32>& slotOf) {
  if (exitStage == kAscending || exitStage >= log2n) return;  // bit log2n of an index is 0: ascending
  if (heldBits >> exitStage & 1u) {
    u.turns[1] = 1u << slotOf[exitStage];
  } else {
    u.turns[2] = 1u << exitStage;
  }
}

// A plan's pass as the shader takes it. The windows: a new one only where a step's stride leaves
// the one held, its top bit the stride (so the next lower strides stay in it), except the last of
// a descending run of strides, which sits as high as it can while still holding the run's
// bottom: then a pass that ends on high strides writes straight to memory.
// Memory holds its pairs turned for its first step's stage where `startsTurned`, else ascending;
// the pass leaves them turned for `exitStage`.
TilePassUniforms tilePassUniforms(const BitonicPass& plan, std::uint32_t log2n, std::uint32_t tileBits, std::uint32_t itemBits,
                                  bool startsTurned, std::uint32_t exitStage) {
  TilePassUniforms u;
  std::array<std::uint32_t, 32> slotOf{};
  std::uint32_t slots = 0;
  for (std::uint32_t b = 0; b < log2n; ++b) {
    if (plan.heldBits >> b & 1u) slotOf[b] = slots++;
  }
  const auto held = bitRuns(plan.heldBits, log2n), free = bitRuns(~plan.heldBits, log2n);
  if (slots != tileBits || held.size() > SORT_MAX_RUNS || free.size() > SORT_MAX_RUNS || plan.steps.empty() ||
      plan.steps.size() > SORT_MAX_STEPS)
    throw std::logic_error("bitonic pass plan: a pass the general tile pass cannot run");
  for (std::size_t r = 0; r < held.size(); ++r) {
    u.held[3 * r] = slotOf[held[r].first];
    u.held[3 * r + 1] = lowBits(held[r].second);
    u.held[3 * r + 2] = held[r].first;
  }
  std::uint32_t groupShift = 0;
  for (std::size_t r = 0; r < free.size(); ++r) {
    u.free[3 * r] = groupShift;
    u.free[3 * r + 1] = lowBits(free[r].second);
    u.free[3 * r + 2] = free[r].first;
    groupShift += free[r].second;
  }

  const std::size_t count = plan.steps.size();
  int window = -1;
  for (std::size_t i = 0; i < count; ++i) {
    const BitonicStep& step = plan.steps[i];
    const std::uint32_t stride = slotOf[step.bit];
    if (window < 0 || stride < std::uint32_t(window) || stride >= std::uint32_t(window) + itemBits) {
      std::uint32_t bottom = stride;
      for (std::size_t t = i + 1; t < count && slotOf[plan.steps[t].bit] + 1 == bottom; ++t) bottom = slotOf[plan.steps[t].bit];
      window = int(stride - bottom + 1 <= itemBits ? std::min(bottom, tileBits - itemBits) : stride + 1 - itemBits);
    }
    const bool dirHeld = step.stage < log2n && (plan.heldBits >> step.stage & 1u);
    const bool startsStage = i == 0 || step.stage != plan.steps[i - 1].stage;  // only then may the direction change
    u.steps[4 * i] = (stride - std::uint32_t(window)) | (startsStage ? SORT_STEP_STARTS_STAGE : 0u);
    u.steps[4 * i + 1] = std::uint32_t(window);
    u.steps[4 * i + 2] = dirHeld ? 1u << slotOf[step.stage] : 0u;
    u.steps[4 * i + 3] = dirHeld || step.stage >= log2n ? 0u : 1u << step.stage;  // bit log2n of an index is 0
  }
  // Straight from / to memory where the lanes' low slot bits (below the window) include the
  // sector's index bits 0 .. kSortMinRunBits - 1 (held bits keep their order, so these are slots).
  const auto straight = [&](std::uint32_t w) {
    return w >= kSortMinRunBits && (plan.heldBits & lowBits(kSortMinRunBits)) == lowBits(kSortMinRunBits);
  };
  u.pass = {std::uint32_t(count), straight(u.steps[1]), straight(std::uint32_t(window))};
  u.turns[0] = startsTurned;
  setExit(u, exitStage, log2n, plan.heldBits, slotOf);
  return u;
}

// ---------------------------------------------------------------------------------------------
// The three bitonic variants run the same network (same comparisons, same result) and differ in
// how many passes over memory it takes:
//   Global:    one dispatch per compare-exchange step;
//   Shared:    stages up to a tile in one shared-memory dispatch; in every later stage, one global
//              dispatch per stride >= tile, then the strides below a tile in one tile merge (a
//              general tile pass holding the low bits);
//   Transpose: the tile sort, then the rest of the network in general tile passes that each hold
//              any tileBits index bits (bitonic.comp, MODE 2), planned across stage boundaries by
//              planBitonicPasses: with tiles of 4096, 13 dispatches at 1M pairs where a pass per
//              stride range took 17.
// The dispatches are planned once per size and replayed.
class Bitonic final : public Sorter {
 public:
  // leastLog2: pairs padded to a power of two of at least 2^leastLog2 (a watch's small tiles),
  // else to a power of two of at least a tile of kSortTile (sortCapacity).
  Bitonic(const gl::ShaderLibrary& lib, const gl::Caps& caps, BitonicVariant variant, const BitonicShapes& shapes,
          std::uint32_t leastLog2 = kSortTileBits)
      : caps_(caps),
        variant_(variant),
        leastLog2_(leastLog2),
        chained_(variant == BitonicVariant::Transpose && dispatchesStartInOrder(caps)),
        pad_(gl::Program::compute(lib, "primitives/sort/sort_pad.comp", kGroupDefine)) {
    // bitonic-transpose takes no global step.
    if (variant != BitonicVariant::Transpose) step_ = bitonicProgram(lib, caps, 0, kSortTile);
    // Every size's shape up front, and the few programs they take: a size first met mid-flight
    // then costs no compile.
    for (std::uint32_t log2n = leastLog2_; log2n < shapes_.size(); ++log2n) {
      const BitonicShape shape = shapes(log2n);
      if (shape.tileBits < 6 || shape.tileBits > kSortTileBits || shape.runBits >= shape.tileBits || shape.itemBits < 3 ||
          shape.itemBits > kTileSortItemBits)
        throw std::invalid_argument("bitonic sort: tiles of 2^" + std::to_string(shape.tileBits) + " pairs, runs of 2^" +
                                    std::to_string(shape.runBits) + " and 2^" + std::to_string(shape.itemBits) +
                                    " pairs an invocation (for 2^" + std::to_string(log2n) +
                                    " pairs) is not a shape it can run: tiles of 2^6 .. 2^" + std::to_string(kSortTileBits) +
                                    ", runs below a tile, 2^3 or 2^4 pairs an invocation");
      shapes_[log2n] = shape;
      if (variant == BitonicVariant::Global) continue;
      const std::uint32_t tile = 1u << shape.tileBits;
      if (!tileSorts_[shape.tileBits]) tileSorts_[shape.tileBits] = bitonicProgram(lib, caps, 1, tile, 0, chained_);
      gl::Program& pass = tilePasses_[shape.tileBits][shape.itemBits];
      if (!pass) pass = bitonicProgram(lib, caps, 2, tile, shape.itemBits, chained_);
    }
  }

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t /*keyCount*/) override {
    const std::uint32_t n = std::max(std::bit_ceil(std::max(count, 1u)), 1u << leastLog2_);
    pad(pad_, caps_, pairs, count, n);
    if (n > count) dispatched("pad", {{"pairs", &pairs, 2 * std::size_t(n)}});
    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
    const std::uint32_t log2n = std::uint32_t(std::countr_zero(n));
    const BitonicShape& shape = shapes_[log2n];
    const std::uint32_t tiles = n >> shape.tileBits;
    const std::vector<Dispatch>& plan = schedule(log2n);
    const bool chain = chained_ && plan.size() > 1;
    if (chain) beginChain(chains_[log2n].words);
    for (std::size_t i = 0; i < plan.size(); ++i) {
      const Dispatch& d = plan[i];
      const bool last = i + 1 == plan.size();
      // Chained: no barrier between the dispatches; each group waits for the groups it reads from.
      const auto chainUniforms = [&] { setChainUniforms(chain ? &chains_[log2n].links[i] : nullptr, i == 0, last); };
      const auto barrierAfter = [&] {
        if (!chain || last) gl::storageBarrier();
      };
      switch (d.kind) {
        case Dispatch::Kind::Global:
          step_.use();
          glUniform3ui(SORT_LOC_STAGE, d.k, d.j, n / 2);
          gridPass(step_, caps_, n / 2);
          dispatched("step", {{"pairs", &pairs, 2 * std::size_t(n)}});
          break;
        case Dispatch::Kind::TileSort:
          tileSorts_[shape.tileBits].use();
          glUniform3uiv(SORT_LOC_TURNS, 1, d.pass.turns.data());
          chainUniforms();
          glDispatchCompute(tiles, 1, 1);
          barrierAfter();
          dispatched("tile-sort", {{"pairs", &pairs, 2 * std::size_t(n)}});
          break;
        case Dispatch::Kind::TilePass:
          tilePasses_[shape.tileBits][shape.itemBits].use();
          glUniform3uiv(SORT_LOC_PASS, 1, d.pass.pass.data());
          glUniform3uiv(SORT_LOC_HELD, SORT_MAX_RUNS, d.pass.held.data());
          glUniform3uiv(SORT_LOC_FREE, SORT_MAX_RUNS, d.pass.free.data());
          glUniform4uiv(SORT_LOC_STEPS, SORT_MAX_STEPS, d.pass.steps.data());
          glUniform3uiv(SORT_LOC_TURNS, 1, d.pass.turns.data());
          chainUniforms();
          glDispatchCompute(tiles, 1, 1);
          barrierAfter();
          dispatched("tile-pass", {{"pairs", &pairs, 2 * std::size_t(n)}});
          break;
      }
    }
  }

  // A sort's set of done counts: the one the sort before zeroed (or a new buffer's).
  void beginChain(std::uint32_t words) {
    if (chainSetWords_ < words) {
      if (chainSetWords_ > 0) stalledBefore_ = stalledWaits();  // the old buffer's count, kept past it
      chainSetWords_ = words;
      const std::size_t bytes = (kChainHead + 2 * std::size_t(words)) * 4;
      chain_ = gl::Buffer("sort.bitonic.chain", bytes);
      chain_.zero(bytes);
    }
    parity_ ^= 1u;
    chain_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_CHAIN);
  }

  // The chained programs' uniforms for one dispatch (link null: a sort of one dispatch, nothing to
  // wait for or count). The first dispatch, the tile sort, zeroes the other set for the next sort:
  // the barrier after the last dispatch of this one has let every wait of the sort before end.
  void setChainUniforms(const BitonicLink* link, bool first, bool last) const {
    if (!chained_) return;
    if (link == nullptr) {
      glUniform3ui(SORT_LOC_WAIT, 0, 0, 0);
      glUniform4ui(SORT_LOC_DONE, 0, 0, 0, 0);
      return;
    }
    const std::uint32_t mine = kChainHead + parity_ * chainSetWords_, other = kChainHead + (1 - parity_) * chainSetWords_;
    if (first) {
      glUniform3ui(SORT_LOC_WAIT, 0, 0, 0);
    } else {
      glUniform3ui(SORT_LOC_WAIT, mine + link->waitAt + 1, link->waitMask, link->waitFor);
    }
    glUniform4ui(SORT_LOC_DONE, last ? 0u : mine + link->doneAt + 1, link->doneMask, first ? other : 0u,
                 first ? chainSetWords_ : 0u);
  }

  std::uint32_t stalledWaits() const override {
    if (chainSetWords_ == 0) return stalledBefore_;
    return stalledBefore_ + chain_.read<std::uint32_t>(1).front();
  }

  std::string unavailableFor(std::uint32_t count) const override {
    // The tile passes dispatch one group per tile, not grid-stride.
    if (variant_ == BitonicVariant::Global) return {};
    const std::uint32_t n = std::max(std::bit_ceil(std::max(count, 1u)), 1u << leastLog2_);
    return gl::tilesOverGroupLimit(n >> shapes_[std::countr_zero(n)].tileBits, caps_);
  }

 private:
  struct Dispatch {
    enum class Kind { Global, TileSort, TilePass } kind = Kind::Global;
    std::uint32_t k = 0, j = 0;  // Global: the step
    TilePassUniforms pass;       // TilePass
    std::uint32_t held = 0;      // TileSort, TilePass: the index bits a group holds
  };

  // The dispatches that sort 2^log2n pairs, planned on first use.
  const std::vector<Dispatch>& schedule(std::uint32_t log2n) {
    std::vector<Dispatch>& plan = schedules_.at(log2n);
    if (!plan.empty()) return plan;
    const std::uint32_t n = 1u << log2n;
    const BitonicShape& shape = shapes_[log2n];
    const auto global = [&](std::uint32_t k, std::uint32_t j) { plan.push_back({Dispatch::Kind::Global, k, j, {}}); };
    const auto tilePass = [&](const BitonicPass& p, bool startsTurned, std::uint32_t exitStage) {
      plan.push_back({Dispatch::Kind::TilePass, 0, 0,
                      tilePassUniforms(p, log2n, shape.tileBits, shape.itemBits, startsTurned, exitStage), p.heldBits});
    };
    if (variant_ == BitonicVariant::Global) {
      for (std::uint32_t k = 2; k <= n; k <<= 1) {
        for (std::uint32_t j = k >> 1; j > 0; j >>= 1) global(k, j);
      }
      return plan;
    }
    // Every stage up to a tile. Global steps take their pairs ascending; tile passes, turned for
    // the stage they go on with.
    Dispatch tileSort{Dispatch::Kind::TileSort, 0, 0, {}, lowBits(shape.tileBits)};
    if (variant_ == BitonicVariant::Transpose) {
      // The tile sort holds the low tileBits bits, never the next stage's: its direction is the group's.
      setExit(tileSort.pass, shape.tileBits + 1, log2n, lowBits(shape.tileBits), /*slotOf, unused*/ {});
    }
    plan.push_back(tileSort);
    if (variant_ == BitonicVariant::Shared) {
      for (std::uint32_t s = shape.tileBits + 1; s <= log2n; ++s) {
        for (std::uint32_t j = 1u << (s - 1); j >> shape.tileBits != 0; j >>= 1) global(1u << s, j);
        BitonicPass merge{lowBits(shape.tileBits), {}};  // the strides below a tile: a merge of consecutive pairs
        for (std::uint32_t b = shape.tileBits; b-- > 0;) merge.steps.push_back({s, b});
        tilePass(merge, false, kAscending);
      }
    } else {
      const std::vector<BitonicPass> passes = planBitonicPasses(log2n, shape.tileBits, shape.runBits);
      for (std::size_t p = 0; p < passes.size(); ++p) {
        tilePass(passes[p], true, p + 1 < passes.size() ? passes[p + 1].steps.front().stage : kAscending);
      }
      if (chained_) {
        std::vector<std::uint32_t> held;
        for (const Dispatch& d : plan) held.push_back(d.held);
        chains_[log2n] = planBitonicChain(held, log2n);
      }
    }
    return plan;
  }

  const gl::Caps& caps_;
  BitonicVariant variant_;
  std::uint32_t leastLog2_;  // the fewest pairs it sorts, as log2: a tile, or a watch's least
  bool chained_;
  std::array<BitonicShape, 32> shapes_;  // by log2 of the padded size, from leastLog2_
  gl::Program step_, pad_;
  std::array<gl::Program, kSortTileBits + 1> tileSorts_;  // by tileBits, as the shapes need them
  std::array<std::array<gl::Program, kTileSortItemBits + 1>, kSortTileBits + 1> tilePasses_;  // by tileBits, itemBits
  static constexpr std::uint32_t kChainHead = 8;  // the stall count, then padding to 32 bytes
  gl::Buffer chain_;
  std::uint32_t chainSetWords_ = 0, parity_ = 0;
  std::uint32_t stalledBefore_ = 0;  // stalled waits counted in the chain buffers before this one
  std::array<BitonicChain, 32> chains_;
  std::array<std::vector<Dispatch>, 32> schedules_;
};

// ---------------------------------------------------------------------------------------------
class Counting final : public Sorter {
 public:
  Counting(const gl::ShaderLibrary& lib, const gl::Caps& caps)
      : caps_(caps),
        count_(countingProgram(lib, 0)),
        scatter_(countingProgram(lib, 1)),
        rank_(countingProgram(lib, 2)),
        scan_(findVariant(scans(), kDefaultScan)->create(lib, caps)) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t keyCount) override {
    if (counts_.size() < std::size_t(keyCount) * 4) {
      counts_ = gl::Buffer("sort.counting.counts", std::size_t(keyCount) * 4);
      offsets_ = gl::Buffer("sort.counting.offsets", std::size_t(keyCount) * 4);
    }
    if (sorted_.size() < std::size_t(count) * 8) sorted_ = gl::Buffer("sort.counting.sorted", std::size_t(count) * 8);
    counts_.zero(std::size_t(keyCount) * 4);

    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
    counts_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_COUNTS);
    pass(count_, count);
    const std::size_t words = 2 * std::size_t(count);
    dispatched("count", {{"pairs", &pairs, words}, {"counts", &counts_, keyCount}});
    scan_->watchWith(watcher());  // its passes are this sort's steps too
    scan_->run(counts_, offsets_, keyCount);  // counts -> first slot of every key (binds its own buffers)
    scan_->watchWith(nullptr);
    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
    offsets_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_COUNTS);
    sorted_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_SCATTERED);
    pass(scatter_, count);
    dispatched("scatter", {{"pairs", &pairs, words}, {"sorted", &sorted_, words}});
    pass(rank_, count);  // each pair from its arrival slot to its rank by value: back in `pairs`, stable
    dispatched("rank", {{"sorted", &sorted_, words}, {"pairs", &pairs, words}});
  }

  std::string unavailableForKeys(std::uint32_t keyCount, std::uint32_t mostOfOneKey) const override {
    const std::int64_t bytes = std::int64_t(keyCount) * 4;  // a counter per key
    if (bytes > caps_.maxShaderStorageBlockSize) {
      return "a counter per key: " + std::to_string(keyCount) + " keys need " + std::to_string(bytes >> 20) +
             " MiB, over this context's GL_MAX_SHADER_STORAGE_BLOCK_SIZE of " +
             std::to_string(caps_.maxShaderStorageBlockSize >> 20) + " MiB";
    }
    // The rank pass reads a key's k pairs for each of them: 65536 pairs of one key already take
    // seconds on llvmpipe (2^32 reads), a million minutes on a GPU.
    if (const double reads = double(mostOfOneKey) * mostOfOneKey; reads > 4294967296.0) {
      char text[96];
      std::snprintf(text, sizeof text, "%u pairs of one key: its rank pass would read %.3g pairs, over 2^32", mostOfOneKey, reads);
      return text;
    }
    return {};
  }

 private:
  static gl::Program countingProgram(const gl::ShaderLibrary& lib, int mode) {
    gl::Defines defines = kGroupDefine;
    defines.emplace_back("MODE", std::to_string(mode));
    return gl::Program::compute(lib, "primitives/sort/counting_sort.comp", defines);
  }
  void pass(const gl::Program& program, std::uint32_t count) const {
    program.use();
    glUniform1ui(SORT_LOC_COUNT, count);
    gridPass(program, caps_, count);
  }

  const gl::Caps& caps_;
  gl::Program count_, scatter_, rank_;
  std::unique_ptr<Scan> scan_;
  gl::Buffer counts_, offsets_, sorted_;
};

const SortVariant kSorters[] = {
    {"bitonic-global", "Batcher's network, one dispatch per compare-exchange step: the textbook baseline", true,
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonic(lib, caps, BitonicVariant::Global); }, nullptr,
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonicToWatch(lib, caps, BitonicVariant::Global); }},
    {"bitonic-shared",
     "tiles of 4096 sorted in shared memory; a global dispatch per stride above a tile, the strides below it in one "
     "shared-memory merge",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonic(lib, caps, BitonicVariant::Shared); }, nullptr,
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonicToWatch(lib, caps, BitonicVariant::Shared); }},
    {"bitonic-transpose",
     "as bitonic-shared, but every later step in shared memory too, on tiles holding any 11 or 12 index bits: "
     "passes planned across stage boundaries (the tail of a stage with the head of the next), 13 dispatches in all "
     "at 1M pairs; tiles of 2048 or 4096 and 8 or 16 pairs an invocation, whichever measured faster at the size; on "
     "NVIDIA and llvmpipe the dispatches are chained, each group waiting only for the groups that wrote its pairs",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonic(lib, caps, BitonicVariant::Transpose); },
     nullptr,
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonicToWatch(lib, caps, BitonicVariant::Transpose); }},
    {"counting",
     "atomic counts per key, exclusive scan, atomic scatter, then each pair ranked by value within its key (stable: "
     "std::sort's order); linear time plus k^2 reads for a key of k pairs",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) -> std::unique_ptr<Sorter> {
       return std::make_unique<Counting>(lib, caps);
     }},
    {"radix",
     "least significant digit first over the key bits the grid uses (a 64^3 grid: three 6-bit digits); per digit, "
     "each tile's counts, their scan, then each tile ranked in shared memory and scattered: three dispatches a "
     "digit, stable",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeRadix(lib, caps); }, nullptr,
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeRadix(lib, caps, true); }},
    {"onesweep",
     "as radix, but one dispatch a digit: each tile publishes its digit counts and looks back over its "
     "predecessors' (Adinets and Merrill 2022), counting a stalled one's digits itself after a bounded wait",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeOneSweep(lib, caps); }, nullptr,
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeOneSweep(lib, caps, false, true); }},
};

}  // namespace

std::uint32_t sortCapacity(std::uint32_t count) {
  return std::max<std::uint32_t>(std::bit_ceil(std::max(count, 1u)), kSortTile);
}

std::span<const SortVariant> sorters() { return kSorters; }

std::vector<BitonicPass> planBitonicPasses(std::uint32_t log2n, std::uint32_t tileBits, std::uint32_t runBits) {
  if (tileBits == 0 || runBits >= tileBits || log2n > 31)
    throw std::invalid_argument("bitonic pass plan: " + std::to_string(tileBits) + " held bits with " +
                                std::to_string(runBits) + " of them low ones cannot run 2^" + std::to_string(log2n));
  std::vector<BitonicStep> steps;
  for (std::uint32_t s = tileBits + 1; s <= log2n; ++s) {
    for (std::uint32_t b = s; b-- > 0;) steps.push_back({s, b});
  }
  std::vector<BitonicPass> passes;
  for (std::size_t i = 0; i < steps.size();) {
    BitonicPass pass{lowBits(runBits), {}};
    for (; i < steps.size() && std::popcount(pass.heldBits | 1u << steps[i].bit) <= int(tileBits); ++i) {
      pass.heldBits |= 1u << steps[i].bit;
      pass.steps.push_back(steps[i]);
    }
    for (std::uint32_t b = 0; std::popcount(pass.heldBits) < int(tileBits); ++b) pass.heldBits |= 1u << b;  // spare: lowest
    passes.push_back(std::move(pass));
  }
  return passes;
}

BitonicChain planBitonicChain(std::span<const std::uint32_t> heldBits, std::uint32_t log2n) {
  // The group ID bits of a dispatch whose free index bits are freeBits that hold the index bits `bits`.
  const auto groupBitsOf = [](std::uint32_t bits, std::uint32_t freeBits) {
    std::uint32_t mask = 0;
    for (std::uint32_t b = 0, j = 0; b < 32; ++b) {
      if (!(freeBits >> b & 1u)) continue;
      if (bits >> b & 1u) mask |= 1u << j;
      ++j;
    }
    return mask;
  };
  BitonicChain chain;
  chain.links.resize(heldBits.size());
  for (std::size_t i = 0; i + 1 < heldBits.size(); ++i) {
    const std::uint32_t writers = ~heldBits[i] & lowBits(log2n), readers = ~heldBits[i + 1] & lowBits(log2n);
    const std::uint32_t shared = writers & readers;
    chain.links[i].doneAt = chain.words;
    chain.links[i].doneMask = groupBitsOf(shared, writers);
    chain.links[i + 1].waitAt = chain.words;
    chain.links[i + 1].waitMask = groupBitsOf(shared, readers);
    chain.links[i + 1].waitFor = 1u << std::popcount(writers & ~shared);
    chain.words += 1u << std::popcount(shared);
  }
  return chain;
}

// bitonic-transpose's shape from a size (log2 of the padded pairs) up: the faster of tiles of 4096
// and 2048 pairs, and of 8 and 16 pairs an invocation, at each size, as bench --sort found them
// (docs/LAB.md, "Sort"). Up to 4096 pairs one tile is the whole sort.
struct TransposeShape {
  std::uint32_t fromLog2, tileBits, itemBits;
};
constexpr TransposeShape kTransposeShapes[] = {{0, 12, 3}, {13, 11, 3}, {20, 12, 3}, {21, 11, 4}, {23, 12, 4}};

BitonicShape bitonicShapeFor(BitonicVariant variant, std::uint32_t log2n) {
  if (variant != BitonicVariant::Transpose) return {kSortTileBits, kSortMinRunBits, 3};
  const TransposeShape* shape = kTransposeShapes;
  for (const TransposeShape& s : kTransposeShapes) {
    if (log2n >= s.fromLog2) shape = &s;
  }
  return {shape->tileBits, kSortMinRunBits, shape->itemBits};
}

std::unique_ptr<Sorter> makeBitonic(const gl::ShaderLibrary& library, const gl::Caps& caps, BitonicVariant variant) {
  return makeBitonic(library, caps, variant, [variant](std::uint32_t log2n) { return bitonicShapeFor(variant, log2n); });
}

std::unique_ptr<Sorter> makeBitonic(const gl::ShaderLibrary& library, const gl::Caps& caps, BitonicVariant variant,
                                    const BitonicShapes& shapes) {
  return std::make_unique<Bitonic>(library, caps, variant, shapes);
}

std::unique_ptr<Sorter> makeBitonicToWatch(const gl::ShaderLibrary& library, const gl::Caps& caps, BitonicVariant variant) {
  if (variant == BitonicVariant::Global) {
    return std::make_unique<Bitonic>(
        library, caps, variant, [](std::uint32_t log2n) { return bitonicShapeFor(BitonicVariant::Global, log2n); }, 1);
  }
  const BitonicShape shape = kWatchBitonicShape;
  return std::make_unique<Bitonic>(library, caps, variant, [shape](std::uint32_t) { return shape; }, shape.tileBits);
}

const SortVariant* findSorter(std::string_view name) { return findVariant(sorters(), name); }

}  // namespace boids::primitives
