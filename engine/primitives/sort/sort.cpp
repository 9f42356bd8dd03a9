#include "engine/primitives/sort/sort.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "engine/primitives/scan/scan.hpp"
#include "shaders/primitives/sort/sort_slots.h"

namespace boids::primitives {
namespace {

constexpr std::uint32_t kGroup = 256;
constexpr GLuint kMaxGroups = 65535;

GLuint groupsFor(std::uint64_t invocations) {
  return static_cast<GLuint>(std::clamp<std::uint64_t>((invocations + kGroup - 1) / kGroup, 1, kMaxGroups));
}

void storageBarrier() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); }

void pad(const gl::Program& padProgram, const gl::Buffer& pairs, std::uint32_t count, std::uint32_t capacity) {
  if (capacity == count) return;
  pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
  padProgram.use();
  glUniform2ui(SORT_LOC_COUNT, count, capacity);
  glDispatchCompute(groupsFor(capacity - count), 1, 1);
  storageBarrier();
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
  Bitonic(const gl::ShaderLibrary& lib, BitonicVariant variant, std::uint32_t tile, std::uint32_t maxRows)
      : variant_(variant),
        tile_(tile),
        maxRows_(maxRows),
        step_(bitonicProgram(lib, 0, tile)),
        tileSort_(bitonicProgram(lib, 1, tile)),
        tilePass_(bitonicProgram(lib, 2, tile)),
        pad_(gl::Program::compute(lib, "primitives/sort/sort_pad.comp")) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t /*keyCount*/) override {
    const std::uint32_t n = sortCapacity(count);
    pad(pad_, pairs, count, n);
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

 private:
  void globalStep(std::uint32_t n, std::uint32_t k, std::uint32_t j) {
    step_.use();
    glUniform3ui(SORT_LOC_STAGE, k, j, n / 2);
    glDispatchCompute(groupsFor(n / 2), 1, 1);
    storageBarrier();
  }

  void tilePass(std::uint32_t n, std::uint32_t k, std::uint32_t hi, std::uint32_t lo) {
    tilePass_.use();
    glUniform3ui(SORT_LOC_STAGE, k, hi, lo);
    glDispatchCompute(n / tile_, 1, 1);
    storageBarrier();
  }

  BitonicVariant variant_;
  std::uint32_t tile_, maxRows_;
  gl::Program step_, tileSort_, tilePass_, pad_;
};

// ---------------------------------------------------------------------------------------------
class Counting final : public Sorter {
 public:
  Counting(const gl::ShaderLibrary& lib, const gl::Caps& caps)
      : count_(gl::Program::compute(lib, "primitives/sort/counting_sort.comp", {{"MODE", "0"}})),
        scatter_(gl::Program::compute(lib, "primitives/sort/counting_sort.comp", {{"MODE", "1"}})),
        rank_(gl::Program::compute(lib, "primitives/sort/counting_sort.comp", {{"MODE", "2"}})),
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
    count_.use();
    glUniform1ui(SORT_LOC_COUNT, count);
    glDispatchCompute(groupsFor(count), 1, 1);
    storageBarrier();
    scan_->run(counts_, offsets_, keyCount);  // counts -> first slot of every key (binds its own buffers)
    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_PAIRS);
    offsets_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_COUNTS);
    sorted_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_SCATTERED);
    scatter_.use();
    glUniform1ui(SORT_LOC_COUNT, count);
    glDispatchCompute(groupsFor(count), 1, 1);
    storageBarrier();
    rank_.use();  // each pair from its arrival slot to its rank by value: back in `pairs`, stable
    glUniform1ui(SORT_LOC_COUNT, count);
    glDispatchCompute(groupsFor(count), 1, 1);
    storageBarrier();
  }

 private:
  gl::Program count_, scatter_, rank_;
  std::unique_ptr<Scan> scan_;
  gl::Buffer counts_, offsets_, sorted_;
};

const SortVariant kSorters[] = {
    {"bitonic-global", "Batcher's network, one dispatch per compare-exchange step: the textbook baseline", true,
     [](const gl::ShaderLibrary& lib, const gl::Caps&) { return makeBitonic(lib, BitonicVariant::Global); }},
    {"bitonic-shared",
     "tiles of 4096 sorted in shared memory; a global dispatch per stride above a tile, the strides below it in one "
     "shared-memory merge",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps&) { return makeBitonic(lib, BitonicVariant::Shared); }},
    {"bitonic-transpose",
     "as bitonic-shared, but the strides above a tile run in shared memory too, on tiles of matrix columns "
     "transposed on load: two passes per stage (three past 4M pairs), any size",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps&) { return makeBitonic(lib, BitonicVariant::Transpose); }},
    {"counting",
     "atomic counts per key, exclusive scan, atomic scatter, then each pair ranked by value within its key (stable: "
     "std::sort's order); linear time plus k^2 reads for a key of k pairs",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps& caps) -> std::unique_ptr<Sorter> {
       return std::make_unique<Counting>(lib, caps);
     }},
};

}  // namespace

std::uint32_t sortCapacity(std::uint32_t count) {
  return std::max<std::uint32_t>(std::bit_ceil(std::max(count, 1u)), kSortTile);
}

std::span<const SortVariant> sorters() { return kSorters; }

std::unique_ptr<Sorter> makeBitonic(const gl::ShaderLibrary& library, BitonicVariant variant, std::uint32_t tile,
                                    std::uint32_t maxRows) {
  if (!std::has_single_bit(tile) || tile < 64 || tile > kSortTile || !std::has_single_bit(maxRows) || maxRows < 2 ||
      maxRows > tile)
    throw std::invalid_argument("bitonic sort: tile " + std::to_string(tile) + " with " + std::to_string(maxRows) +
                                " rows is not a supported shape");
  return std::make_unique<Bitonic>(library, variant, tile, maxRows);
}

const SortVariant* findSorter(std::string_view name) { return findVariant(sorters(), name); }

}  // namespace boids::primitives
