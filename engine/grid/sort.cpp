#include "engine/grid/sort.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "shaders/common/bindings.h"

namespace boids::grid {
namespace {

constexpr std::uint32_t kGroup = 256;
constexpr std::uint32_t kScanBlock = kGroup * 8;  // scan.comp's GROUP_SIZE * ITEMS
constexpr GLuint kMaxGroups = 65535;
constexpr std::size_t kMaxScanLevels = 4;  // 2048^4 elements: beyond any uint count

GLuint groupsFor(std::uint64_t invocations) {
  return static_cast<GLuint>(std::clamp<std::uint64_t>((invocations + kGroup - 1) / kGroup, 1, kMaxGroups));
}

void storageBarrier() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); }

void pad(const gl::Program& padProgram, const gl::Buffer& pairs, std::uint32_t count, std::uint32_t capacity) {
  if (capacity == count) return;
  pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_PAIRS);
  padProgram.use();
  glUniform2ui(LOC_SORT_COUNT, count, capacity);
  glDispatchCompute(groupsFor(capacity - count), 1, 1);
  storageBarrier();
}

gl::Program bitonicProgram(const gl::ShaderLibrary& lib, int mode) {
  return gl::Program::compute(lib, "grid/bitonic.comp",
                              {{"MODE", std::to_string(mode)}, {"GROUP_SIZE", std::to_string(kGroup)},
                               {"TILE", std::to_string(kSortTile)}});
}

// ---------------------------------------------------------------------------------------------
// bitonic-global and bitonic-shared: the same network, the second doing every stride that fits
// a tile in one shared-memory dispatch.
class Bitonic final : public Sorter {
 public:
  Bitonic(const gl::ShaderLibrary& lib, bool shared)
      : shared_(shared),
        step_(bitonicProgram(lib, 0)),
        tileSort_(bitonicProgram(lib, 1)),
        tileMerge_(bitonicProgram(lib, 2)),
        pad_(gl::Program::compute(lib, "grid/sort_pad.comp")) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t /*keyCount*/) override {
    const std::uint32_t n = sortCapacity(count);
    pad(pad_, pairs, count, n);
    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_PAIRS);
    std::uint32_t firstK = 2;
    if (shared_) {  // every stage up to a tile, in shared memory
      tileSort_.use();
      glDispatchCompute(n / kSortTile, 1, 1);
      storageBarrier();
      firstK = 2 * kSortTile;
    }
    for (std::uint32_t k = firstK; k <= n; k <<= 1) {
      for (std::uint32_t j = k >> 1; j > 0; j >>= 1) {
        if (shared_ && j < kSortTile) {  // the rest of this stage fits a tile
          tileMerge_.use();
          glUniform3ui(LOC_SORT_STAGE, k, 0, 0);
          glDispatchCompute(n / kSortTile, 1, 1);
          storageBarrier();
          break;
        }
        step_.use();
        glUniform3ui(LOC_SORT_STAGE, k, j, n / 2);
        glDispatchCompute(groupsFor(n / 2), 1, 1);
        storageBarrier();
      }
    }
  }

 private:
  bool shared_;
  gl::Program step_, tileSort_, tileMerge_, pad_;
};

// ---------------------------------------------------------------------------------------------
class Counting final : public Sorter {
 public:
  explicit Counting(const gl::ShaderLibrary& lib)
      : count_(gl::Program::compute(lib, "grid/counting_sort.comp", {{"MODE", "0"}})),
        scatter_(gl::Program::compute(lib, "grid/counting_sort.comp", {{"MODE", "1"}})),
        scan_(lib) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t keyCount) override {
    if (counts_.size() < std::size_t(keyCount) * 4) counts_ = gl::Buffer("sort.counting.counts", std::size_t(keyCount) * 4);
    if (sorted_.size() < std::size_t(count) * 8) sorted_ = gl::Buffer("sort.counting.sorted", std::size_t(count) * 8);
    const std::uint32_t zero = 0;
    glBindBuffer(GL_COPY_WRITE_BUFFER, counts_.id());
    glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 0, GLsizeiptr(keyCount) * 4, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

    auto bindAll = [&] {  // the scan in between binds its own buffers
      pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_PAIRS);
      counts_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_SCRATCH);
      sorted_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS_OUT);
    };
    bindAll();
    count_.use();
    glUniform1ui(LOC_SORT_COUNT, count);
    glDispatchCompute(groupsFor(count), 1, 1);
    storageBarrier();
    scan_.run(counts_, keyCount);  // counts -> first offset of every key
    bindAll();
    scatter_.use();
    glUniform1ui(LOC_SORT_COUNT, count);
    glDispatchCompute(groupsFor(count), 1, 1);
    pairs.copyFrom(sorted_, std::size_t(count) * 8);  // the scattered pairs back in place
  }

 private:
  gl::Program count_, scatter_;
  ExclusiveScan scan_;
  gl::Buffer counts_, sorted_;
};

const SorterInfo kSorters[] = {
    {"bitonic-global", "Batcher's network, one dispatch per compare-exchange step: the textbook baseline", true,
     [](const gl::ShaderLibrary& lib, const gl::Caps&) -> std::unique_ptr<Sorter> { return std::make_unique<Bitonic>(lib, false); }},
    {"bitonic-shared", "tiles of 2048 sorted in shared memory; every later stride below a tile in one shared dispatch",
     true, [](const gl::ShaderLibrary& lib, const gl::Caps&) -> std::unique_ptr<Sorter> { return std::make_unique<Bitonic>(lib, true); }},
    {"counting", "atomic counts per key, exclusive scan, atomic scatter: linear time; order within a key by arrival",
     false, [](const gl::ShaderLibrary& lib, const gl::Caps&) -> std::unique_ptr<Sorter> { return std::make_unique<Counting>(lib); }},
};

}  // namespace

std::uint32_t sortCapacity(std::uint32_t count) {
  return std::max<std::uint32_t>(std::bit_ceil(std::max(count, 1u)), kSortTile);
}

std::span<const SorterInfo> sorters() { return kSorters; }

const SorterInfo* findSorter(std::string_view name) {
  for (const SorterInfo& s : kSorters) {
    if (name == s.name) return &s;
  }
  return nullptr;
}

// ---------------------------------------------------------------------------------------------
ExclusiveScan::ExclusiveScan(const gl::ShaderLibrary& lib)
    : blockScan_(gl::Program::compute(lib, "grid/scan.comp", {{"MODE", "0"}})),
      addTotals_(gl::Program::compute(lib, "grid/scan.comp", {{"MODE", "1"}})) {
  levels_.reserve(kMaxScanLevels);  // run() keeps pointers to levels: they must never move
}

gl::Buffer& ExclusiveScan::level(std::size_t depth, std::size_t elements) {
  if (depth >= kMaxScanLevels) throw std::length_error("ExclusiveScan: too many levels");
  if (levels_.size() <= depth) levels_.resize(depth + 1);
  if (levels_[depth].size() < elements * 4) levels_[depth] = gl::Buffer("sort.scan.totals", elements * 4);
  return levels_[depth];
}

void ExclusiveScan::run(const gl::Buffer& values, std::uint32_t count) {
  // Scan blocks, scan their totals (recursively), add the scanned totals back.
  struct Level {
    const gl::Buffer* values;
    std::uint32_t count;
  };
  std::vector<Level> stack;
  const gl::Buffer* current = &values;
  std::uint32_t n = count;
  for (std::size_t depth = 0;; ++depth) {
    const std::uint32_t blocks = (n + kScanBlock - 1) / kScanBlock;
    gl::Buffer& totals = level(depth, std::max(blocks, 1u));
    current->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_SCRATCH);
    totals.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS);
    blockScan_.use();
    glUniform1ui(LOC_SORT_COUNT, n);
    glDispatchCompute(std::max(blocks, 1u), 1, 1);
    storageBarrier();
    stack.push_back({current, n});
    if (blocks <= 1) break;
    current = &totals;
    n = blocks;
  }
  // Walk back up: level d's elements get level d+1's scanned block totals.
  for (std::size_t d = stack.size() - 1; d-- > 0;) {
    stack[d].values->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SORT_SCRATCH);
    levels_[d].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS);
    addTotals_.use();
    glUniform1ui(LOC_SORT_COUNT, stack[d].count);
    glDispatchCompute(std::min<GLuint>((stack[d].count + kScanBlock - 1) / kScanBlock, kMaxGroups), 1, 1);
    storageBarrier();
  }
}

}  // namespace boids::grid
