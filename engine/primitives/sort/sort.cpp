#include "engine/primitives/sort/sort.hpp"

#include <algorithm>
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

void storageBarrier() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); }

// One grid-stride pass of `program` over `invocations` items, then its barrier.
void gridPass(const gl::Program& program, const gl::Caps& caps, std::uint64_t invocations) {
  program.use();
  glDispatchCompute(gl::groupsFor(invocations, kGroup, caps, 1, kMostGroups), 1, 1);
  storageBarrier();
}

void pad(const gl::Program& padProgram, const gl::Caps& caps, const gl::Buffer& pairs, std::uint32_t count,
         std::uint32_t capacity) {
  if (capacity == count) return;
  pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
  padProgram.use();
  glUniform2ui(SORT_LOC_COUNT, count, capacity);
  gridPass(padProgram, caps, capacity - count);
}

constexpr std::uint32_t kItemBits = 3;  // tile passes: 8 pairs per invocation in registers (fastest of 2, 3, 4 on the H200)

gl::Program bitonicProgram(const gl::ShaderLibrary& lib, int mode, std::uint32_t tile) {
  const std::uint32_t group = mode == 0 ? kGroup : tile >> kItemBits;
  return gl::Program::compute(lib, "primitives/sort/bitonic.comp",
                              {{"MODE", std::to_string(mode)},
                               {"GROUP_SIZE", std::to_string(group)},
                               {"ITEM_BITS", std::to_string(kItemBits)},
                               {"TILE", std::to_string(tile)}});
}

// ---------------------------------------------------------------------------------------------
// The three bitonic variants run the same network (same comparisons, same result) and differ in
// how many passes over memory it takes:
//   Global:    one dispatch per compare-exchange step;
//   Shared:    stages up to a tile in one shared-memory dispatch; in every later stage, one global
//              dispatch per stride >= tile, then the strides below a tile in one tile merge;
//   Transpose: as Shared, but the strides >= tile of a stage are also done in shared memory, on a
//              transposed tile of columns (bitonic.comp, MODE 2): two passes per stage, more
//              once a stage spans more than tile x maxRows pairs.
class Bitonic final : public Sorter {
 public:
  Bitonic(const gl::ShaderLibrary& lib, const gl::Caps& caps, BitonicVariant variant, std::uint32_t tile,
          std::uint32_t maxRows)
      : caps_(caps),
        variant_(variant),
        tile_(tile),
        maxRows_(maxRows),
        step_(bitonicProgram(lib, 0, tile)),
        tileSort_(bitonicProgram(lib, 1, tile)),
        tilePass_(bitonicProgram(lib, 2, tile)),
        pad_(gl::Program::compute(lib, "primitives/sort/sort_pad.comp", kGroupDefine)) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t /*keyCount*/) override {
    const std::uint32_t n = sortCapacity(count);
    pad(pad_, caps_, pairs, count, n);
    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
    if (variant_ == BitonicVariant::Global) {
      for (std::uint32_t k = 2; k <= n; k <<= 1) {
        for (std::uint32_t j = k >> 1; j > 0; j >>= 1) globalStep(n, k, j);
      }
      return;
    }
    tileSort_.use();  // every stage up to a tile
    glDispatchCompute(n / tile_, 1, 1);
    storageBarrier();
    for (std::uint32_t k = 2 * tile_; k <= n; k <<= 1) {
      if (variant_ == BitonicVariant::Shared) {
        for (std::uint32_t j = k >> 1; j >= tile_; j >>= 1) globalStep(n, k, j);
      } else {
        // Strides k/2 .. tile on transposed tiles, at most maxRows rows (log2 maxRows strides) each.
        for (std::uint32_t hi = k >> 1; hi >= tile_;) {
          const std::uint32_t lo = std::max(tile_, 2 * hi / maxRows_);
          tilePass(n, k, hi, lo);
          hi = lo >> 1;
        }
      }
      tilePass(n, k, tile_ / 2, 1);  // the strides below a tile: a merge of consecutive pairs
    }
  }

  std::string unavailableFor(std::uint32_t count) const override {
    // The tile passes dispatch one group per tile, not grid-stride.
    const std::uint64_t tiles = sortCapacity(count) / tile_;
    if (variant_ != BitonicVariant::Global && tiles > std::uint64_t(caps_.maxComputeGroupCountX)) {
      return std::to_string(tiles) + " tiles need as many groups, over this context's GL_MAX_COMPUTE_WORK_GROUP_COUNT of " +
             std::to_string(caps_.maxComputeGroupCountX);
    }
    return {};
  }

 private:
  void globalStep(std::uint32_t n, std::uint32_t k, std::uint32_t j) {
    step_.use();
    glUniform3ui(SORT_LOC_STAGE, k, j, n / 2);
    gridPass(step_, caps_, n / 2);
  }

  void tilePass(std::uint32_t n, std::uint32_t k, std::uint32_t hi, std::uint32_t lo) {
    tilePass_.use();
    glUniform3ui(SORT_LOC_STAGE, k, hi, lo);
    glDispatchCompute(n / tile_, 1, 1);
    storageBarrier();
  }

  const gl::Caps& caps_;
  BitonicVariant variant_;
  std::uint32_t tile_, maxRows_;
  gl::Program step_, tileSort_, tilePass_, pad_;
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
    scan_->run(counts_, offsets_, keyCount);  // counts -> first slot of every key (binds its own buffers)
    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
    offsets_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_COUNTS);
    sorted_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_SCATTERED);
    pass(scatter_, count);
    pass(rank_, count);  // each pair from its arrival slot to its rank by value: back in `pairs`, stable
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
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonic(lib, caps, BitonicVariant::Global); }},
    {"bitonic-shared",
     "tiles of 4096 sorted in shared memory; a global dispatch per stride above a tile, the strides below it in one "
     "shared-memory merge",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonic(lib, caps, BitonicVariant::Shared); }},
    {"bitonic-transpose",
     "as bitonic-shared, but the strides above a tile run in shared memory too, on tiles of matrix columns "
     "transposed on load: two passes per stage (three past 4M pairs), any size",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeBitonic(lib, caps, BitonicVariant::Transpose); }},
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
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeRadix(lib, caps); }},
    {"onesweep",
     "as radix, but one dispatch a digit: each tile publishes its digit counts and looks back over its "
     "predecessors' (Adinets and Merrill 2022), counting a stalled one's digits itself after a bounded wait",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return makeOneSweep(lib, caps); }},
};

}  // namespace

std::uint32_t sortCapacity(std::uint32_t count) {
  return std::max<std::uint32_t>(std::bit_ceil(std::max(count, 1u)), kSortTile);
}

std::span<const SortVariant> sorters() { return kSorters; }

std::unique_ptr<Sorter> makeBitonic(const gl::ShaderLibrary& library, const gl::Caps& caps, BitonicVariant variant,
                                    std::uint32_t tile, std::uint32_t maxRows) {
  if (!std::has_single_bit(tile) || tile < 64 || tile > kSortTile || !std::has_single_bit(maxRows) || maxRows < 2 ||
      maxRows > tile)
    throw std::invalid_argument("bitonic sort: tile " + std::to_string(tile) + " with " + std::to_string(maxRows) +
                                " rows is not a supported shape");
  return std::make_unique<Bitonic>(library, caps, variant, tile, maxRows);
}

const SortVariant* findSorter(std::string_view name) { return findVariant(sorters(), name); }

}  // namespace boids::primitives
