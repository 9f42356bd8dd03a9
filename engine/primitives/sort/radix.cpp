// The radix sorters of the sort primitive: `radix` (reduce-then-scan, three dispatches a digit) and
// `onesweep` (one dispatch a digit with decoupled look-back), both in shaders/primitives/sort/radix.comp.
#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "engine/gl/dispatch.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "shaders/primitives/sort/sort_slots.h"

namespace boids::primitives {
namespace {

constexpr std::uint32_t kGroup = 256;       // invocations a group; also the most digits of a pass, one a lane
constexpr std::uint32_t kMostDigitBits = 8;  // 256 digits: 32-bit keys in four passes
constexpr std::uint32_t kMostPasses = 4;
// The histogram pass's groups, each over every so many tiles: enough to fill a GPU, few enough
// that their global atomic adds of (passes x digits) counts stay cheap.
constexpr std::uint32_t kHistogramGroups = 256;

// The digits of a sort: only the bits keys below keyCount use, in the fewest passes of at most
// 8 bits, split evenly (18 bits: three of 6, so each pass has 64 digits to count, not 256).
struct DigitPlan {
  std::uint32_t passes = 0, bits = 0;
};
DigitPlan planDigits(std::uint32_t keyCount) {
  const std::uint32_t keyBits = keyCount <= 1 ? 0u : static_cast<std::uint32_t>(std::bit_width(keyCount - 1u));
  if (keyBits == 0) return {};
  std::uint32_t most = kMostDigitBits;
  if (const char* e = std::getenv("BOIDS_EXP_MAXBITS")) most = std::atoi(e);
  const std::uint32_t passes = (keyBits + most - 1) / most;
  return {passes, (keyBits + passes - 1) / passes};
}

// Where subgroup ballots rank a tile (radix_tile.glsl): with subgroups of 32 or 64 lanes, whose
// per-subgroup digit counts fit beside the tile. Elsewhere a split per digit bit does.
bool ranksBySubgroup(const gl::Caps& caps) {
  if (const char* e = std::getenv("BOIDS_EXP_RANK")) return e[0] == '1';
  return caps.subgroupBallotMissing.empty() && (caps.subgroupSize == 32 || caps.subgroupSize == 64);
}

// Pairs per invocation: a tile of 4096 pairs (32 KiB of keys and values in shared memory, plus the
// counts) where the context has 48 KiB of shared memory, else 2048 (GL's minimum of 32 KiB).
std::uint32_t itemsFor(const gl::Caps& caps) {
  if (const char* e = std::getenv("BOIDS_EXP_ITEMS")) return std::atoi(e);
  return caps.maxComputeSharedMemory >= 48 * 1024 ? 16 : 8; }

gl::Defines radixDefines(const gl::Caps& caps, int mode, bool alwaysFallBack = false) {
  return {{"MODE", std::to_string(mode)},
          {"GROUP_SIZE", std::to_string(kGroup)},
          {"ITEMS", std::to_string(itemsFor(caps))},
          {"RADIX", std::to_string(1u << kMostDigitBits)},
          {"PASSES", std::to_string(kMostPasses)},
          {"RANK_SUBGROUP", ranksBySubgroup(caps) ? "1" : "0"},
          {"SUBGROUP_SIZE", std::to_string(std::max(caps.subgroupSize, 1))},
          // Polls of a silent predecessor before counting its inputs instead: long on a GPU, where a
          // started group always runs on; short where loops have an iteration budget (llvmpipe).
          {"SPIN_LIMIT", caps.loopIterationLimit > 0 ? "64" : "4096"},
          {"ALWAYS_FALL_BACK", alwaysFallBack ? "1" : "0"}};
}
gl::Defines withExp(gl::Defines d) {
  if (const char* e = std::getenv("BOIDS_EXP_DEFINES")) {  // EXPERIMENT: "A=1,B=0"
    std::string all = e;
    std::size_t at = 0;
    while (at < all.size()) {
      std::size_t comma = all.find(',', at);
      if (comma == std::string::npos) comma = all.size();
      std::string kv = all.substr(at, comma - at);
      std::size_t eq = kv.find('=');
      if (eq != std::string::npos) d.emplace_back(kv.substr(0, eq), kv.substr(eq + 1));
      at = comma + 1;
    }
  }
  return d;
}

gl::Program radixProgram(const gl::ShaderLibrary& lib, const gl::Caps& caps, int mode, bool alwaysFallBack = false) {
  return gl::Program::compute(lib, "primitives/sort/radix.comp", withExp(radixDefines(caps, mode, alwaysFallBack)));
}

void storageBarrier() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT); }

// EXPERIMENT (not for commit): GPU timestamps between stages, printed to stderr.
struct StageClock {
  bool on = std::getenv("BOIDS_EXP_STAGES") != nullptr;
  GLuint q[32] = {};
  int n = 0;
  std::string names[32];
  void mark(const char* name) {
    if (!on || n >= 32) return;
    if (!q[0]) glGenQueries(32, q);
    glQueryCounter(q[n], GL_TIMESTAMP);
    names[n++] = name;
  }
  void print(const char* what, std::uint32_t count) {
    if (!on || n < 2) return;
    std::fprintf(stderr, "%s n=%u:", what, count);
    GLuint64 t0 = 0, prev = 0;
    for (int i = 0; i < n; ++i) {
      GLuint64 t = 0;
      glGetQueryObjectui64v(q[i], GL_QUERY_RESULT, &t);
      if (i == 0) t0 = prev = t;
      else std::fprintf(stderr, " %s %.1f", names[i].c_str(), (t - prev) / 1e3);
      prev = t;
    }
    std::fprintf(stderr, " | total %.1f us\n", (prev - t0) / 1e3);
    n = 0;
  }
};
StageClock g_clock;

// What both radix sorters share: the digit plan, the tile, the scratch buffer the passes
// alternate with, and the copy back when the number of passes is odd.
class LsdSort : public Sorter {
 protected:
  explicit LsdSort(const gl::Caps& caps) : caps_(caps), tile_(kGroup * itemsFor(caps)) {}

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
  std::uint32_t tile_;
  gl::Buffer scratch_;
};

// ---------------------------------------------------------------------------------------------
// radix: per digit, each tile's digit counts, their exclusive scan (digit-major, so the scan
// gives every (digit, tile) its first output slot), then each tile ranked and scattered.
class ReduceThenScanRadix final : public LsdSort {
 public:
  ReduceThenScanRadix(const gl::ShaderLibrary& lib, const gl::Caps& caps)
      : LsdSort(caps),
        count_(radixProgram(lib, caps, 0)),
        scatter_(radixProgram(lib, caps, 1)),
        scan_(findVariant(scans(), kDefaultScan)->create(lib, caps)) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t keyCount) override {
    const DigitPlan plan = planDigits(keyCount);
    if (plan.passes == 0 || count <= 1) return;  // one key: already in order (values ascend)
    const std::uint32_t tiles = tilesFor(count);
    const std::size_t digitWords = (std::size_t(tiles) << plan.bits);
    ensureScratch(count);
    if (counts_.size() < digitWords * 4) {
      counts_ = gl::Buffer("sort.radix.counts", digitWords * 4);
      starts_ = gl::Buffer("sort.radix.starts", digitWords * 4);
    }
    const GLuint groups = std::min<GLuint>(tiles, static_cast<GLuint>(std::max(caps_.maxComputeGroupCountX, 1)));
    g_clock.mark("start");
    for (std::uint32_t p = 0; p < plan.passes; ++p) {
      const bool copy = p == 0 && copyFirst(plan);
      bind(copy ? pairs : source(pairs, plan, p), source(pairs, plan, p), counts_);  // the copy's target is the source
      count_.use();
      glUniform4ui(SORT_LOC_RADIX, count, p * plan.bits, plan.bits, tiles);
      glUniform1ui(SORT_LOC_COPY, copy ? 1u : 0u);
      glDispatchCompute(groups, 1, 1);
      storageBarrier();
      g_clock.mark("count");
      scan_->run(counts_, starts_, static_cast<std::uint32_t>(digitWords));  // binds its own buffers
      g_clock.mark("scan");
      bind(source(pairs, plan, p), target(pairs, plan, p), starts_);
      scatter_.use();
      glUniform4ui(SORT_LOC_RADIX, count, p * plan.bits, plan.bits, tiles);
      glDispatchCompute(groups, 1, 1);
      storageBarrier();
      g_clock.mark("scatter");
    }
    g_clock.print("radix", count);
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
// onesweep: every pass's digit counts in one pass over the keys, their scans, then one dispatch
// a digit, each tile looking back over its predecessors' published counts.
class OneSweep final : public LsdSort {
 public:
  OneSweep(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool alwaysFallBack)
      : LsdSort(caps),
        histogram_(radixProgram(lib, caps, 2)),
        offsets_(radixProgram(lib, caps, 3)),
        pass_(radixProgram(lib, caps, 4, alwaysFallBack)) {}

  void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t keyCount) override {
    const DigitPlan plan = planDigits(keyCount);
    if (plan.passes == 0 || count <= 1) return;  // one key: already in order (values ascend)
    const std::uint32_t tiles = tilesFor(count);
    // A claim counter per pass, every pass's digit counts and offsets, then a status word per
    // (pass, tile, digit): radix.comp's Status block.
    const std::size_t statusBytes =
        4 * (kMostPasses + 2 * (std::size_t(kMostPasses) << kMostDigitBits) + (std::size_t(plan.passes * tiles) << plan.bits));
    ensureScratch(count);
    if (status_.size() < statusBytes) {
      // Zeroed once: the sorts keep it ready for the next (radix.comp's Status block says who zeroes what).
      status_ = gl::Buffer("sort.onesweep.status", statusBytes);
      status_.zero(statusBytes);
    }
    g_clock.mark("start");

    pairs.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_IN);
    source(pairs, plan, 0).bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_OUT);  // the copy, if any
    status_.bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_STATUS);
    histogram_.use();
    glUniform4ui(SORT_LOC_RADIX, count, 0, plan.bits, tiles);
    glUniform1ui(SORT_LOC_PASS, plan.passes);
    glUniform1ui(SORT_LOC_COPY, copyFirst(plan) ? 1u : 0u);
    glDispatchCompute(std::min(tiles, kHistogramGroups), 1, 1);
    storageBarrier();
    g_clock.mark("hist");
    offsets_.use();
    glDispatchCompute(plan.passes, 1, 1);  // one group a pass
    storageBarrier();
    g_clock.mark("offsets");
    for (std::uint32_t p = 0; p < plan.passes; ++p) {
      source(pairs, plan, p).bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_IN);
      target(pairs, plan, p).bindBase(GL_SHADER_STORAGE_BUFFER, SORT_SLOT_RADIX_OUT);
      pass_.use();
      glUniform4ui(SORT_LOC_RADIX, count, p * plan.bits, plan.bits, tiles);
      glUniform1ui(SORT_LOC_PASS, p);
      glDispatchCompute(tiles, 1, 1);  // a group a tile, tiles claimed in the order groups start
      storageBarrier();
      g_clock.mark("pass");
    }
    g_clock.print("onesweep", count);
  }

  std::string unavailableFor(std::uint32_t count) const override {
    const std::uint32_t tiles = tilesFor(count);
    if (tiles > std::uint32_t(std::max(caps_.maxComputeGroupCountX, 0))) {
      return std::to_string(tiles) + " tiles need as many groups, over this context's GL_MAX_COMPUTE_WORK_GROUP_COUNT of " +
             std::to_string(caps_.maxComputeGroupCountX);
    }
    return {};
  }

 private:
  gl::Program histogram_, offsets_, pass_;
  gl::Buffer status_;
};

}  // namespace

std::unique_ptr<Sorter> makeRadix(const gl::ShaderLibrary& library, const gl::Caps& caps) {
  return std::make_unique<ReduceThenScanRadix>(library, caps);
}

std::unique_ptr<Sorter> makeOneSweep(const gl::ShaderLibrary& library, const gl::Caps& caps, bool alwaysFallBack) {
  return std::make_unique<OneSweep>(library, caps, alwaysFallBack);
}

std::string radixRanking(const gl::Caps& caps) {
  return ranksBySubgroup(caps) ? "subgroup ballots (" + std::to_string(caps.subgroupSize) + " lanes)"
                               : "bit splits (no 32- or 64-lane subgroup ballot here)";
}

}  // namespace boids::primitives
