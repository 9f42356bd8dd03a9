#include "engine/primitives/compact/compact.hpp"

#include <memory>
#include <string>

#include "engine/gl/dispatch.hpp"
#include "engine/gl/program.hpp"
#include "engine/lab/watch.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "shaders/primitives/compact/compact_slots.h"

namespace boids::primitives {
namespace {

constexpr std::uint32_t kGroup = 256;
// Groups in flight for the grid-stride variants: enough to fill the GPU, few enough that each
// invocation walks several elements (and the group-wide variants pay their global atomic per step).
constexpr std::uint64_t kMostGroups = 8192;

enum Kind { SingleThread = 0, GroupLeader = 1, GlobalAtomic = 2, GroupAtomic = 3, SubgroupBallot = 4, BallotTiles = 7 };

gl::Program compactProgram(const gl::ShaderLibrary& lib, const CompactPredicate& predicate, int variant, std::uint32_t group) {
  gl::Defines defines = predicate.all();
  defines.insert(defines.end(), {{"GROUP_SIZE", std::to_string(group)},
                                 {"VARIANT", std::to_string(variant)},
                                 {"ITEMS", std::to_string(kBallotItems)}});
  return gl::Program::compute(lib, "primitives/compact/compact.comp", defines);
}

void barriers() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT); }

void bindCommon(const gl::Buffer& input, const gl::Buffer& output, const gl::Buffer& kept) {
  input.bindBase(GL_SHADER_STORAGE_BUFFER, COMPACT_SLOT_INPUT);
  output.bindBase(GL_SHADER_STORAGE_BUFFER, COMPACT_SLOT_OUT);
  kept.bindBase(GL_SHADER_STORAGE_BUFFER, COMPACT_SLOT_COUNT);
}

// The one-kernel variants: the counter zeroed, one dispatch.
class OneKernel final : public Compact {
 public:
  OneKernel(const gl::ShaderLibrary& lib, const gl::Caps& caps, const CompactPredicate& predicate, Kind kind, std::uint32_t group)
      : caps_(caps), kind_(kind), group_(group), program_(compactProgram(lib, predicate, kind, group)) {}

  void run(const gl::Buffer& input, std::uint32_t count, const gl::Buffer& output, const gl::Buffer& kept) override {
    kept.zero(4);
    if (count == 0) return;
    bindCommon(input, output, kept);
    program_.use();
    glUniform1ui(COMPACT_LOC_COUNT, count);
    const std::uint32_t perInvocation = kind_ == BallotTiles ? kBallotItems : 1;
    glDispatchCompute(kind_ == SingleThread ? 1 : gl::groupsFor(count, group_, caps_, perInvocation, kMostGroups), 1, 1);
    barriers();
    dispatched("compact", {{"in", &input, count}, {"out", &output, count}, {"kept", &kept, 1}});
  }

  std::string unavailableFor(std::uint32_t count) const override {
    if (kind_ == SingleThread && caps_.loopIterationLimit > 0 && count > caps_.loopIterationLimit) {
      return "one invocation would loop " + std::to_string(count) + " times; this driver stops loops after " +
             std::to_string(caps_.loopIterationLimit) + " iterations";
    }
    return {};
  }

 private:
  const gl::Caps& caps_;
  Kind kind_;
  std::uint32_t group_;
  gl::Program program_;
};

// Order-keeping: 1 or 0 per element, their exclusive scan (the scan primitive), each kept element
// to its slot.
class ScanCompact final : public Compact {
 public:
  ScanCompact(const gl::ShaderLibrary& lib, const gl::Caps& caps, const CompactPredicate& predicate, std::uint32_t group)
      : caps_(caps),
        group_(group),
        flagPass_(compactProgram(lib, predicate, 5, group)),
        scatter_(compactProgram(lib, predicate, 6, group)),
        scan_(group == kGroup ? findVariant(scans(), kDefaultScan)->create(lib, caps) : findVariant(scans(), kDefaultScan)->makeToWatch(lib, caps)) {}

  void run(const gl::Buffer& input, std::uint32_t count, const gl::Buffer& output, const gl::Buffer& kept) override {
    kept.zero(4);
    if (count == 0) return;
    if (keep_.size() < std::size_t(count) * 4) {
      keep_ = gl::Buffer("compact.scan.keep", std::size_t(count) * 4);
      slots_ = gl::Buffer("compact.scan.slots", std::size_t(count) * 4);
    }
    const GLuint groups = gl::groupsFor(count, group_, caps_, 1, kMostGroups);
    bindCommon(input, output, kept);
    keep_.bindBase(GL_SHADER_STORAGE_BUFFER, COMPACT_SLOT_KEEP);
    flagPass_.use();
    glUniform1ui(COMPACT_LOC_COUNT, count);
    glDispatchCompute(groups, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    dispatched("flags", {{"in", &input, count}, {"keep", &keep_, count}});
    scan_->watchWith(watcher());  // its passes are this one's steps too
    scan_->run(keep_, slots_, count);  // binds its own buffers
    scan_->watchWith(nullptr);
    bindCommon(input, output, kept);
    keep_.bindBase(GL_SHADER_STORAGE_BUFFER, COMPACT_SLOT_KEEP);
    slots_.bindBase(GL_SHADER_STORAGE_BUFFER, COMPACT_SLOT_SLOTS);
    scatter_.use();
    glUniform1ui(COMPACT_LOC_COUNT, count);
    glDispatchCompute(groups, 1, 1);
    barriers();
    dispatched("scatter", {{"keep", &keep_, count}, {"slots", &slots_, count}, {"out", &output, count}, {"kept", &kept, 1}});
  }

 private:
  const gl::Caps& caps_;
  std::uint32_t group_;
  gl::Program flagPass_, scatter_;
  std::unique_ptr<Scan> scan_;
  gl::Buffer keep_, slots_;
};

template <Kind K, std::uint32_t Group = kGroup>
std::unique_ptr<Compact> make(const gl::ShaderLibrary& lib, const gl::Caps& caps, const CompactPredicate& predicate) {
  return std::make_unique<OneKernel>(lib, caps, predicate, K, Group);
}

template <std::uint32_t Group = kGroup>
std::unique_ptr<Compact> makeScan(const gl::ShaderLibrary& lib, const gl::Caps& caps, const CompactPredicate& predicate) {
  return std::make_unique<ScanCompact>(lib, caps, predicate, Group);
}

std::string ballotMissing(const gl::Caps& caps) { return caps.subgroupBallotMissing; }

// Each made to watch (the last field) with groups of lab::kWatchGroup.
const CompactVariant kCompactions[] = {
    {"single-thread", "one invocation walks every element: the baseline that shows why not", true, make<SingleThread>, nullptr,
     make<SingleThread, lab::kWatchGroup>},
    {"group-leader",
     "one invocation per group counts its group's kept elements serially in shared memory and hands out their "
     "slots; one global atomicAdd per group",
     false, make<GroupLeader>, nullptr, make<GroupLeader, lab::kWatchGroup>},
    {"global-atomic", "every kept element takes its slot with one atomicAdd on one counter", false, make<GlobalAtomic>, nullptr,
     make<GlobalAtomic, lab::kWatchGroup>},
    {"group-atomic",
     "a shared-memory atomicAdd gives each kept element its slot in its group; one global atomicAdd per group for "
     "the group's base, barriers between",
     false, make<GroupAtomic>, nullptr, make<GroupAtomic, lab::kWatchGroup>},
    {"subgroup-ballot", "a ballot and a bit count per subgroup give each kept element its slot; one atomicAdd per subgroup",
     false, make<SubgroupBallot>, ballotMissing, make<SubgroupBallot, lab::kWatchGroup>},
    {"ballot-tiles",
     "8 elements per invocation a step, a ballot per subgroup for each, the subgroups' counts combined in shared "
     "memory: one atomicAdd per 2048 elements",
     false, make<BallotTiles>, ballotMissing, make<BallotTiles, lab::kWatchGroup>},
    {"scan", "1 or 0 per element, their exclusive scan, each kept element to its slot: keeps the input order", true,
     makeScan<>, nullptr, makeScan<lab::kWatchGroup>},
};

}  // namespace

std::span<const CompactVariant> compactions() { return kCompactions; }

}  // namespace boids::primitives
