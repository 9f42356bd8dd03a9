#include "engine/primitives/scan/scan.hpp"

#include <deque>
#include <string>
#include <vector>

#include "engine/gl/dispatch.hpp"
#include "engine/gl/program.hpp"
#include "shaders/primitives/scan/scan_slots.h"

namespace boids::primitives {
namespace {

// A tile is kGroup invocations of `vec` uvec4s each (shaders/primitives/scan/scan_tile.glsl).
// Measured on an H200 (docs/PERFORMANCE.md), 16M uints: the look-back took 101 us with 8 uvec4s an
// invocation, 74 with 4, 70 with 2, 153 with 1 (registers against the number of tiles to walk);
// 512 or 128 invocations a group were no better.
constexpr std::uint32_t kGroup = 256;
constexpr std::uint32_t kVecReduceThenScan = 4, kVecLookback = 2;
constexpr std::uint32_t itemsPerInvocation(std::uint32_t vec) { return 4 * vec; }
constexpr std::uint32_t tileSize(std::uint32_t vec) { return kGroup * itemsPerInvocation(vec); }

// Subgroup arithmetic scans the lanes' sums in registers where the driver has it (one barrier a
// tile instead of 2 log2(kGroup) a round); the shared-memory path gives the same sums elsewhere.
gl::Defines tileDefines(const gl::Caps& caps, std::uint32_t vec, int mode = -1) {
  gl::Defines d = {{"GROUP_SIZE", std::to_string(kGroup)},
                   {"VEC", std::to_string(vec)},
                   {"SUBGROUPS", caps.subgroupArithmeticMissing.empty() && caps.subgroupBallotMissing.empty() ? "1" : "0"}};
  if (mode >= 0) d.emplace_back("MODE", std::to_string(mode));
  return d;
}

// Polls of a silent predecessor before its inputs are reduced instead: long on a GPU, where a
// started group always runs on (it is only slow); short where loops have an iteration budget
// (llvmpipe), whose polls would otherwise eat it.
gl::Defines lookbackDefines(const gl::Caps& caps, bool alwaysFallBack) {
  gl::Defines d = tileDefines(caps, kVecLookback);
  d.emplace_back("SPIN_LIMIT", caps.loopIterationLimit > 0 ? "64" : "1024");

  d.emplace_back("ALWAYS_FALL_BACK", alwaysFallBack ? "1" : "0");
  return d;
}

std::uint32_t tilesFor(std::uint32_t count, std::uint32_t vec) { return (count + tileSize(vec) - 1) / tileSize(vec); }

void storageBarrier() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); }

// ---------------------------------------------------------------------------------------------
// Reduce each tile to its total, scan the totals (recursively, the same way), then scan each tile
// again seeded with its total's prefix: 3n words of traffic, three dispatches a level.
class ReduceThenScan final : public Scan {
 public:
  ReduceThenScan(const gl::ShaderLibrary& lib, const gl::Caps& caps)
      : caps_(caps),
        reduce_(gl::Program::compute(lib, "primitives/scan/reduce_then_scan.comp", tileDefines(caps, kVecReduceThenScan, 0))),
        scanSeeded_(gl::Program::compute(lib, "primitives/scan/reduce_then_scan.comp", tileDefines(caps, kVecReduceThenScan, 1))),
        scanSingle_(gl::Program::compute(lib, "primitives/scan/reduce_then_scan.comp", tileDefines(caps, kVecReduceThenScan, 2))) {}

  void run(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count) override { level(input, output, count, 0); }

 private:
  struct Totals {
    gl::Buffer reduced, scanned;
  };

  void level(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count, std::size_t depth) {
    input.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_IN);
    output.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_OUT);
    const std::uint32_t tiles = tilesFor(count, kVecReduceThenScan);
    if (tiles <= 1) {
      scanSingle_.use();
      glUniform1ui(SCAN_LOC_COUNT, count);
      glDispatchCompute(1, 1, 1);
      storageBarrier();
      return;
    }
    if (levels_.size() <= depth) levels_.resize(depth + 1);
    Totals& t = levels_[depth];
    if (t.reduced.size() < std::size_t(tiles) * 4) {
      t.reduced = gl::Buffer("scan.reduce-then-scan.totals", std::size_t(tiles) * 4);
      t.scanned = gl::Buffer("scan.reduce-then-scan.scanned", std::size_t(tiles) * 4);
    }
    const GLuint groups = gl::groupsFor(count, kGroup, caps_, itemsPerInvocation(kVecReduceThenScan));
    t.reduced.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_TOTALS);
    reduce_.use();
    glUniform1ui(SCAN_LOC_COUNT, count);
    glDispatchCompute(groups, 1, 1);
    storageBarrier();
    level(t.reduced, t.scanned, tiles, depth + 1);  // binds its own buffers
    input.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_IN);
    output.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_OUT);
    t.scanned.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_TOTALS);
    scanSeeded_.use();
    glUniform1ui(SCAN_LOC_COUNT, count);
    glDispatchCompute(groups, 1, 1);
    storageBarrier();
  }

  const gl::Caps& caps_;
  gl::Program reduce_, scanSeeded_, scanSingle_;
  std::deque<Totals> levels_;  // one per recursion depth; a deque, so that growing it moves none
                               // (the levels above hold references into it)
};

// ---------------------------------------------------------------------------------------------
// One pass: each tile looks back over its predecessors' published sums (decoupled_lookback.comp).
class DecoupledLookback final : public Scan {
 public:
  DecoupledLookback(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool alwaysFallBack = false)
      : caps_(caps),
        scan_(gl::Program::compute(lib, "primitives/scan/decoupled_lookback.comp", lookbackDefines(caps, alwaysFallBack))) {}

  std::uint64_t totalLimit() const override { return std::uint64_t(1) << 30; }  // a status word's 30 value bits

  void run(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count) override {
    const std::uint32_t tiles = tilesFor(count, kVecLookback);
    const std::size_t statusBytes = 4 * (1 + std::size_t(tiles));  // the counter, then a word a tile
    if (status_.size() < statusBytes) status_ = gl::Buffer("scan.decoupled-lookback.status", statusBytes);
    status_.zero(statusBytes);  // the tile counter and every flag
    input.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_IN);
    output.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_OUT);
    status_.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_STATUS);
    scan_.use();
    glUniform1ui(SCAN_LOC_COUNT, count);
    glUniform1ui(SCAN_LOC_TILES, tiles);
    glDispatchCompute(gl::groupsFor(count, kGroup, caps_, itemsPerInvocation(kVecLookback)), 1, 1);
    storageBarrier();
  }

 private:
  const gl::Caps& caps_;
  gl::Program scan_;
  gl::Buffer status_;
};

template <class T>
std::unique_ptr<Scan> make(const gl::ShaderLibrary& lib, const gl::Caps& caps) {
  return std::make_unique<T>(lib, caps);
}

const ScanVariant kScans[] = {
    {"reduce-then-scan",
     "each tile reduced to its total, the totals scanned (recursively), each tile scanned again from its total's "
     "prefix: three dispatches a level, 3n words of traffic",
     true, make<ReduceThenScan>},
    {"decoupled-lookback",
     "one pass: each tile publishes its sum and looks back over its predecessors' (Merrill and Garland 2016), "
     "reducing a stalled predecessor's inputs itself after a bounded wait: 2n words of traffic; totals below 2^30",
     true, make<DecoupledLookback>},
};

}  // namespace

std::span<const ScanVariant> scans() { return kScans; }

std::unique_ptr<Scan> makeDecoupledLookbackAlwaysFallingBack(const gl::ShaderLibrary& library, const gl::Caps& caps) {
  return std::make_unique<DecoupledLookback>(library, caps, true);
}

}  // namespace boids::primitives
