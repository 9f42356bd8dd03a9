#include "engine/primitives/scan/scan.hpp"

#include <algorithm>
#include <deque>
#include <string>
#include <vector>

#include "engine/gl/dispatch.hpp"
#include "engine/gl/program.hpp"
#include "shaders/primitives/scan/scan_slots.h"

namespace boids::primitives {
namespace {

// A tile is a group of invocations of `vec` uvec4s each (shaders/primitives/scan/scan_tile.glsl).
struct TileShape {
  std::uint32_t group, vec;
  std::uint32_t itemsPerInvocation() const { return 4 * vec; }
  std::uint32_t size() const { return group * itemsPerInvocation(); }
  std::uint32_t tilesFor(std::uint32_t count) const { return (count + size() - 1) / size(); }
};
constexpr TileShape kReduceThenScanTile{256, 4};
// 256 invocations x 3 uvec4s: the fastest of the tile shapes tried at 16M uints, trading registers
// and tiles in flight against the number of tiles to walk (docs/PERFORMANCE.md, "Scan"). On
// llvmpipe, where it only has to be right, groups of 512 ran far slower than of 256.
constexpr TileShape kLookbackTile{256, 3}, kLookbackTileOnCpu{256, 2};
// A watch's tiles (engine/primitives/scan/scan_watch.cpp): a few dozen elements, so that a small
// input spans several. The look-back's lanes walk back a subgroup's width at a time, so its groups
// are a whole subgroup wide where it has subgroups.
constexpr TileShape kWatchTile{8, 1};
TileShape lookbackWatchTile(const gl::Caps& caps) { return {std::max<std::uint32_t>(8, std::uint32_t(caps.subgroupSize)), 1}; }

// Subgroup arithmetic scans the lanes' sums in registers where the driver has it (one barrier a
// tile instead of 2 log2(group) a round); the shared-memory path gives the same sums elsewhere.
gl::Defines tileDefines(const gl::Caps& caps, TileShape tile, int mode = -1) {
  gl::Defines d = {{"GROUP_SIZE", std::to_string(tile.group)},
                   {"VEC", std::to_string(tile.vec)},
                   {"SUBGROUPS", caps.subgroupArithmeticMissing.empty() && caps.subgroupBallotMissing.empty() ? "1" : "0"}};
  if (mode >= 0) d.emplace_back("MODE", std::to_string(mode));
  return d;
}

// Polls of a silent predecessor before its inputs are reduced instead: long on a GPU, where a
// started group always runs on (it is only slow); short where loops have an iteration budget
// (llvmpipe), whose polls would otherwise eat it.
gl::Defines lookbackDefines(const gl::Caps& caps, TileShape tile, bool alwaysFallBack, bool tilesByGroupId) {
  gl::Defines d = tileDefines(caps, tile);
  d.emplace_back("SPIN_LIMIT", caps.loopIterationLimit > 0 ? "64" : "1024");
  d.emplace_back("ALWAYS_FALL_BACK", alwaysFallBack ? "1" : "0");
  d.emplace_back("TILES_BY_GROUP_ID", tilesByGroupId ? "1" : "0");
  return d;
}

// ---------------------------------------------------------------------------------------------
// Reduce each tile to its total, scan the totals (recursively, the same way), then scan each tile
// again seeded with its total's prefix: 3n words of traffic, three dispatches a level.
class ReduceThenScan final : public Scan {
 public:
  ReduceThenScan(const gl::ShaderLibrary& lib, const gl::Caps& caps, TileShape tile = kReduceThenScanTile)
      : caps_(caps),
        tile_(tile),
        reduce_(gl::Program::compute(lib, "primitives/scan/reduce_then_scan.comp", tileDefines(caps, tile, 0))),
        scanSeeded_(gl::Program::compute(lib, "primitives/scan/reduce_then_scan.comp", tileDefines(caps, tile, 1))),
        scanSingle_(gl::Program::compute(lib, "primitives/scan/reduce_then_scan.comp", tileDefines(caps, tile, 2))) {}

  void run(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count) override { level(input, output, count, 0); }
  std::uint32_t tile() const override { return tile_.size(); }

 private:
  struct Totals {
    gl::Buffer reduced, scanned;
  };

  void level(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count, std::size_t depth) {
    input.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_IN);
    output.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_OUT);
    const std::uint32_t tiles = tile_.tilesFor(count);
    if (tiles <= 1) {
      scanSingle_.use();
      glUniform1ui(SCAN_LOC_COUNT, count);
      glDispatchCompute(1, 1, 1);
      gl::storageBarrier();
      dispatched("scan-single", {{"in", &input, count}, {"out", &output, count}});
      return;
    }
    if (levels_.size() <= depth) levels_.resize(depth + 1);
    Totals& t = levels_[depth];
    if (t.reduced.size() < std::size_t(tiles) * 4) {
      t.reduced = gl::Buffer("scan.reduce-then-scan.totals", std::size_t(tiles) * 4);
      t.scanned = gl::Buffer("scan.reduce-then-scan.scanned", std::size_t(tiles) * 4);
    }
    const GLuint groups = gl::groupsFor(count, tile_.group, caps_, tile_.itemsPerInvocation());
    t.reduced.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_TOTALS);
    reduce_.use();
    glUniform1ui(SCAN_LOC_COUNT, count);
    glDispatchCompute(groups, 1, 1);
    gl::storageBarrier();
    dispatched("reduce", {{"in", &input, count}, {"totals", &t.reduced, tiles}});
    level(t.reduced, t.scanned, tiles, depth + 1);  // binds its own buffers
    input.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_IN);
    output.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_OUT);
    t.scanned.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_TOTALS);
    scanSeeded_.use();
    glUniform1ui(SCAN_LOC_COUNT, count);
    glDispatchCompute(groups, 1, 1);
    gl::storageBarrier();
    dispatched("scan-seeded", {{"in", &input, count}, {"totals", &t.scanned, tiles}, {"out", &output, count}});
  }

  const gl::Caps& caps_;
  TileShape tile_;
  gl::Program reduce_, scanSeeded_, scanSingle_;
  std::deque<Totals> levels_;  // one per recursion depth; a deque, so that growing it moves none
                               // (the levels above hold references into it)
};

// ---------------------------------------------------------------------------------------------
// One pass: each tile looks back over its predecessors' published sums (decoupled_lookback.comp).
class DecoupledLookback final : public Scan {
 public:
  DecoupledLookback(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool alwaysFallBack = false, TileShape tile = {})
      : caps_(caps),
        gpu_(caps.loopIterationLimit == 0),
        tile_(tile.group > 0 ? tile : gpu_ ? kLookbackTile : kLookbackTileOnCpu),
        claimed_(program(lib, caps, tile_, alwaysFallBack, false)),
        inGroupOrder_(gpu_ ? program(lib, caps, tile_, alwaysFallBack, true) : gl::Program()) {}

  std::uint64_t totalLimit() const override { return std::uint64_t(1) << 29; }  // a status word's 29 value bits
  std::uint32_t tile() const override { return tile_.size(); }

  void run(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count) override {
    const std::uint32_t tiles = tile_.tilesFor(count);
    const std::size_t statusBytes = 4 * (2 + std::size_t(tiles));  // two counters, then a word a tile
    if (status_.size() < statusBytes) {
      status_ = gl::Buffer("scan.decoupled-lookback.status", statusBytes);
      lastTiles_ = 0;
    }
    // Runs alternate parity, so the last run's words read as "nothing yet"; words past those it
    // overwrote may be older, with this run's parity: cleared (only when the tile count grows).
    if (tiles > lastTiles_) {
      status_.zero(statusBytes);
      parity_ = 0;
    }
    lastTiles_ = tiles;
    // Tiles in group order where a started group always runs on and a group a tile fits the
    // context's limit: no counter to claim a tile from, so a group's loads issue at once (59 us
    // against 64 for 16M uints on an H200). Elsewhere (llvmpipe runs groups one after another)
    // tiles are claimed from a counter in the order groups start.
    const bool groupOrder = gpu_ && tiles <= std::uint64_t(caps_.maxComputeGroupCountX);
    input.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_IN);
    output.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_OUT);
    status_.bindBase(GL_SHADER_STORAGE_BUFFER, SCAN_SLOT_STATUS);
    (groupOrder ? inGroupOrder_ : claimed_).use();
    glUniform1ui(SCAN_LOC_COUNT, count);
    glUniform1ui(SCAN_LOC_TILES, tiles);
    glUniform1ui(SCAN_LOC_PARITY, parity_);
    glDispatchCompute(groupOrder ? tiles : gl::groupsFor(count, tile_.group, caps_, tile_.itemsPerInvocation()), 1, 1);
    gl::storageBarrier();
    dispatched("look-back", {{"in", &input, count}, {"status", &status_, tiles, 2}, {"out", &output, count}});
    parity_ ^= 1u;
  }

 private:
  static gl::Program program(const gl::ShaderLibrary& lib, const gl::Caps& caps, TileShape tile, bool alwaysFallBack,
                             bool groupOrder) {
    return gl::Program::compute(lib, "primitives/scan/decoupled_lookback.comp",
                                lookbackDefines(caps, tile, alwaysFallBack, groupOrder));
  }

  const gl::Caps& caps_;
  bool gpu_;  // groups that have started run on: no iteration budget (caps.loopIterationLimit)
  TileShape tile_;
  gl::Program claimed_, inGroupOrder_;
  gl::Buffer status_;
  std::uint32_t lastTiles_ = 0, parity_ = 0;
};

template <class T>
std::unique_ptr<Scan> make(const gl::ShaderLibrary& lib, const gl::Caps& caps) {
  return std::make_unique<T>(lib, caps);
}

const ScanVariant kScans[] = {
    {"reduce-then-scan",
     "each tile reduced to its total, the totals scanned (recursively), each tile scanned again from its total's "
     "prefix: three dispatches a level, 3n words of traffic",
     true, make<ReduceThenScan>, nullptr,
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) { return std::make_unique<ReduceThenScan>(lib, caps, kWatchTile); }},
    {"decoupled-lookback",
     "one pass: each tile publishes its sum and looks back over its predecessors' (Merrill and Garland 2016), "
     "reducing a stalled predecessor's inputs itself after a bounded wait: 2n words of traffic; totals below 2^29",
     true, make<DecoupledLookback>, nullptr,
     [](const gl::ShaderLibrary& lib, const gl::Caps& caps) {
       return std::make_unique<DecoupledLookback>(lib, caps, false, lookbackWatchTile(caps));
     }},
};

}  // namespace

std::span<const ScanVariant> scans() { return kScans; }

std::unique_ptr<Scan> makeDecoupledLookbackAlwaysFallingBack(const gl::ShaderLibrary& library, const gl::Caps& caps) {
  return std::make_unique<DecoupledLookback>(library, caps, true);
}

}  // namespace boids::primitives
