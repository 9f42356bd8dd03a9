// The reduce primitive's variants: tree, groupshared-single, single-thread, recursive-multipass
// (one kernel, group_reduce.comp, shaped by defines), two-pass-64 (row, column), single-pass and
// subgroup. Every kernel is generic over the payload (shaders/primitives/reduce/reduce_io.glsl).
#include "engine/primitives/reduce/reduce.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>

#include "engine/gl/dispatch.hpp"
#include "engine/gl/program.hpp"
#include "shaders/primitives/reduce/reduce_slots.h"

namespace boids::primitives {

std::uint32_t ceilLog2(std::uint64_t v) { return v <= 1 ? 0 : static_cast<std::uint32_t>(std::bit_width(v - 1)); }

std::string loopLimitProblem(std::uint64_t iterations, std::uint64_t limit) {
  if (limit == 0 || iterations <= limit) return {};
  return "one invocation would loop " + std::to_string(iterations) + " times, over this driver's limit of " +
         std::to_string(limit) + " (Mesa llvmpipe stops loops there)";
}

namespace {

gl::Program kernel(const gl::ShaderLibrary& lib, const ReducePayload& payload, const char* path, gl::Defines defines) {
  defines.push_back(payload.define());
  if (payload.wide) defines.emplace_back("ACC_WIDE_ITEMS", "1");
  return gl::Program::compute(lib, std::string("primitives/reduce/") + path, defines);
}

// `longRuns`: each invocation's run is long (single-thread's is every item): a payload's
// compensated add is used there, and four loads stay in flight (reduce_io.glsl, LONG_RUNS).
// `watchTree`: built to copy its tree out at a phase (group_tree.glsl, WATCH_TREE), for TreePhases.
gl::Program groupReduce(const gl::ShaderLibrary& lib, const ReducePayload& payload, std::uint32_t group,
                        bool readsPartials, bool writesPartials, int loadsInFlight, bool longRuns = false, bool watchTree = false) {
  gl::Defines defines = {{"GROUP_SIZE", std::to_string(group)},
                         {"READS_PARTIALS", readsPartials ? "1" : "0"},
                         {"WRITES_PARTIALS", writesPartials ? "1" : "0"},
                         {"LOADS_IN_FLIGHT", std::to_string(loadsInFlight)},
                         {"LONG_RUNS", longRuns ? "1" : "0"}};
  if (watchTree) defines.emplace_back("WATCH_TREE", "1");
  return kernel(lib, payload, "group_reduce.comp", defines);
}

// Room for `count` partials of the payload's ACC_TYPE, laid out as `writer` (a program that
// declares them in block `block`) stores them.
gl::Buffer partialsFor(const gl::Program& writer, const char* block, std::uint32_t count, const char* label) {
  const std::size_t stride = writer.storageArrayStride(block);
  if (stride == 0) throw std::runtime_error(std::string(label) + ": the kernel's " + block + " block is not active");
  return gl::Buffer(label, std::size_t(count) * stride);
}

void bindItems(std::uint32_t items, std::uint32_t total) {
  glUniform1ui(REDUCE_LOC_ITEMS, items);
  glUniform1ui(REDUCE_LOC_TOTAL, total);
}

// A watch's look inside each group (group_tree.glsl): a pass's kernel built again with
// WATCH_TREE, run before the pass once per phase of the group's tree (as loaded, then after each
// halving), each run copying every group's tree out as a step of the watch. Built only for a
// reduce made to watch (createToWatch): the frame's kernels are built without it.
class TreePhases {
 public:
  TreePhases() = default;
  TreePhases(std::vector<gl::Program> passes, std::uint32_t slots) : passes_(std::move(passes)), slots_(slots) {}

  // The phases of pass `k` (its kernel's bindings in place) over `groups` groups.
  void show(const Reduce& self, std::size_t k, GLuint groups, std::uint32_t items, std::uint32_t total) {
    if (!self.watched() || k >= passes_.size()) return;
    const gl::Program& pass = passes_[k];
    const std::size_t words = std::size_t(groups) * slots_ * (pass.storageArrayStride("WatchTree") / 4);
    if (copies_.size() < words * 4) copies_ = gl::Buffer("reduce.watch.tree", words * 4);
    copies_.bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_WATCH);
    for (std::uint32_t phase = 0; phase <= ceilLog2(slots_); ++phase) {
      pass.use();
      bindItems(items, total);
      glUniform1ui(REDUCE_LOC_WATCH_PHASE, phase);
      glDispatchCompute(groups, 1, 1);
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
      self.dispatched("tree", {{"tree", &copies_, words}});
    }
  }

 private:
  std::vector<gl::Program> passes_;
  std::uint32_t slots_ = 0;
  gl::Buffer copies_;
};

void bindEnds(const gl::Buffer* input, const gl::Buffer& output) {
  if (input) input->bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_INPUT);
  output.bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_OUTPUT);
}

// The output -> storage reads (the step, the camera) and buffer copies (readbacks).
void outputBarrier() { glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT); }

// Additions a value goes through in one grid-stride group pass: its run of `items` (two more for
// the pairwise combine of four loads), then the log2(group) steps of the shared-memory tree, and
// for a wide payload the fold into 64 slots before it (group_tree.glsl).
std::uint64_t passAdditions(std::uint64_t items, std::uint32_t group, bool wide) {
  const std::uint64_t fold = wide && group > 64 ? group / 64 - 1 : 0;
  return items + 2 + fold + ceilLog2(group);
}

// Items one invocation of a grid-stride pass of `groups` groups of `group` reads at most.
std::uint64_t runLength(std::uint32_t count, std::uint32_t groups, std::uint32_t group) {
  return (std::uint64_t(count) + std::uint64_t(groups) * group - 1) / (std::uint64_t(groups) * group);
}

// A grid-stride pass of `groups` groups over `count` items, then one group over their partials
// (tree, single-pass).
verify::ErrorModel gridThenOneModel(std::uint32_t count, std::uint32_t groups, std::uint32_t group, bool wide) {
  return {passAdditions(runLength(count, groups, group), group, wide) + passAdditions(runLength(groups, 1, group), group, wide)};
}

// The groups of a grid-stride pass over `count` inputs (tree, subgroup, single-pass).
GLuint gridGroups(const gl::Caps& caps, std::uint32_t count, const ReducePayload& payload) {
  const std::uint32_t most = payload.mostGroups > 0 ? std::min(payload.mostGroups, kReduceMostPartials) : kReduceMostPartials;
  return gl::groupsFor(count, payload.group, caps, payload.itemsPerInvocation, most);
}

// The words of a buffer, for a watch (engine/gl/watch.hpp).
std::size_t wordsOf(const gl::Buffer& b) { return b.size() / 4; }

// Two dispatches: `groups` groups of `first` write one partial each (of `partialWords` words), then
// one group of `last` combines those partials and stores the result (tree, subgroup, two-pass-64).
void partialsThenFinal(const Reduce& self, const gl::Program& first, GLuint groups, const gl::Program& last, std::uint32_t partials,
                       const gl::Buffer& scratch, std::size_t partialWords, const gl::Buffer* input, std::uint32_t count,
                       const gl::Buffer& output, TreePhases* phases = nullptr) {
  bindEnds(input, output);
  scratch.bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_PARTIALS_OUT);
  if (phases) phases->show(self, 0, groups, count, count);
  first.use();
  bindItems(count, count);
  glDispatchCompute(groups, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // partials -> the final pass
  self.dispatched("partials", {{"in", input, input ? wordsOf(*input) : 0}, {"partials", &scratch, partials * partialWords}});
  scratch.bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_PARTIALS);
  if (phases) phases->show(self, 1, 1, partials, count);
  last.use();
  bindItems(partials, count);
  glDispatchCompute(1, 1, 1);
  outputBarrier();
  self.dispatched("final", {{"partials", &scratch, partials * partialWords}, {"out", &output, wordsOf(output)}});
}

// ---------------------------------------------------------------------------------------------
// A grid-stride pass into per-group partials, then one group over the partials (tree, subgroup).
class GridThenOne : public Reduce {
 public:
  GridThenOne(const gl::Caps& caps, const ReducePayload& payload, gl::Program first, gl::Program last, const char* label,
              TreePhases phases = {})
      : caps_(caps),
        payload_(payload),
        first_(std::move(first)),
        last_(std::move(last)),
        partials_(partialsFor(first_, "PartialsOut", kReduceMostPartials, label)),
        phases_(std::move(phases)) {}

  void run(const gl::Buffer* input, std::uint32_t count, const gl::Buffer& output) override {
    const GLuint groups = gridGroups(caps_, count, payload_);
    partialsThenFinal(*this, first_, groups, last_, groups, partials_, partials_.size() / 4 / kReduceMostPartials, input, count, output,
                      &phases_);
  }

 protected:
  const gl::Caps& caps_;
  ReducePayload payload_;

 private:
  gl::Program first_, last_;
  gl::Buffer partials_;
  TreePhases phases_;
};

// The tree's passes, the grid's and the partials' (`watchTree`: built to copy their trees out).
gl::Program treePass(const gl::ShaderLibrary& lib, const ReducePayload& payload, bool readsPartials, bool watchTree = false) {
  return groupReduce(lib, payload, payload.group, readsPartials, !readsPartials, 4, false, watchTree);
}
TreePhases treePhases(const gl::ShaderLibrary& lib, const ReducePayload& payload) {
  std::vector<gl::Program> passes;
  for (bool readsPartials : {false, true}) passes.push_back(treePass(lib, payload, readsPartials, true));
  return TreePhases(std::move(passes), payload.group);
}

class Tree final : public GridThenOne {
 public:
  // `watchTree`: made to watch, with the phases of each group's tree (TreePhases).
  Tree(const gl::ShaderLibrary& lib, const gl::Caps& caps, const ReducePayload& payload, bool watchTree = false)
      : GridThenOne(caps, payload, treePass(lib, payload, false), treePass(lib, payload, true), "reduce.tree.partials",
                    watchTree ? treePhases(lib, payload) : TreePhases()) {}

  verify::ErrorModel errorModel(std::uint32_t count) const override {
    return gridThenOneModel(count, gridGroups(caps_, count, payload_), payload_.group, payload_.wide);
  }
};

// ---------------------------------------------------------------------------------------------
// One group reduces everything: groupshared-single (512 invocations) and single-thread (1).
class OneGroup final : public Reduce {
 public:
  OneGroup(const gl::ShaderLibrary& lib, const gl::Caps& caps, const ReducePayload& payload, std::uint32_t group)
      : loopLimit_(caps.loopIterationLimit),
        group_(group),
        wide_(payload.wide),
        program_(groupReduce(lib, payload, group, false, false, 4, group == 1)) {}

  std::string unavailableFor(std::uint32_t count) const override {
    // The run of one invocation, four items per iteration, then the tree's steps.
    return loopLimitProblem(runLength(count, 1, group_) / 4 + 4 + ceilLog2(group_), loopLimit_);
  }

  void run(const gl::Buffer* input, std::uint32_t count, const gl::Buffer& output) override {
    bindEnds(input, output);
    program_.use();
    bindItems(count, count);
    glDispatchCompute(1, 1, 1);
    outputBarrier();
    dispatched("one-group", {{"in", input, input ? wordsOf(*input) : 0}, {"out", &output, wordsOf(output)}});
  }

  verify::ErrorModel errorModel(std::uint32_t count) const override {
    return {passAdditions(runLength(count, 1, group_), group_, wide_)};
  }

 private:
  std::uint64_t loopLimit_;
  std::uint32_t group_;
  bool wide_;
  gl::Program program_;
};

// ---------------------------------------------------------------------------------------------
class RecursiveMultipass final : public Reduce {
 public:
  // `watchTree`: made to watch, with the phases of each group's tree (TreePhases).
  RecursiveMultipass(const gl::ShaderLibrary& lib, const gl::Caps& caps, const ReducePayload& payload, bool watchTree = false)
      : caps_(caps),
        wide_(payload.wide),
        group_(payload.group),
        passes_(passesOf(lib, payload, false)),
        phases_(watchTree ? TreePhases(passesOf(lib, payload, true), payload.group) : TreePhases()) {}

  void run(const gl::Buffer* input, std::uint32_t count, const gl::Buffer& output) override {
    bindEnds(input, output);
    std::uint32_t items = count;
    bool fromInput = true;
    int latest = 0;  // which ping-pong buffer holds the latest partials
    // One group per 256 items (one item per invocation) until a single group is left.
    while (true) {
      const GLuint groups = groupsFor(items);
      const bool last = groups == 1;
      if (!last) ensure(groups);
      if (fromInput) {
        if (!last) buffers_[0].bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_PARTIALS_OUT);
        latest = 0;
      } else {
        buffers_[latest].bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_PARTIALS);
        if (!last) buffers_[latest ^ 1].bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_PARTIALS_OUT);
        latest ^= 1;
      }
      const std::size_t role = (fromInput ? 0 : 1) + (last ? 2 : 0);  // as passesOf lists the passes
      phases_.show(*this, role, groups, items, count);
      passes_[role].use();
      bindItems(items, count);
      glDispatchCompute(groups, 1, 1);
      if (last) break;
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // this level -> the next
      if (watched()) watchLevel(fromInput ? input : &buffers_[latest ^ 1], fromInput, items, buffers_[latest], groups * stride_ / 4);
      items = groups;
      fromInput = false;
    }
    outputBarrier();
    if (watched()) watchLevel(fromInput ? input : &buffers_[latest ^ 1], fromInput, items, output, wordsOf(output));
  }

  verify::ErrorModel errorModel(std::uint32_t count) const override {
    std::uint64_t additions = 0;
    for (std::uint32_t items = count;;) {
      const std::uint32_t groups = groupsFor(items);
      additions += passAdditions(runLength(items, groups, group_), group_, wide_);
      if (groups == 1) break;
      items = groups;
    }
    return {additions};
  }

 private:
  GLuint groupsFor(std::uint32_t items) const { return gl::groupsFor(items, group_, caps_); }
  // A level for a watch: what it read (the whole input, or the last level's `items` partials) and
  // `outWords` of what it wrote.
  void watchLevel(const gl::Buffer* in, bool fromInput, std::uint32_t items, const gl::Buffer& out, std::size_t outWords) const {
    const std::size_t inWords = !in ? 0 : fromInput ? wordsOf(*in) : std::size_t(items) * stride_ / 4;
    dispatched("level", {{"in", in, inWords}, {"out", &out, outWords}});
  }
  void ensure(std::uint32_t partials) {
    if (stride_ == 0) stride_ = passes_[0].storageArrayStride("PartialsOut");  // asked once, not every frame
    for (int k = 0; k < 2; ++k) {
      if (buffers_[k].size() < std::size_t(partials) * stride_) {
        buffers_[k] = partialsFor(passes_[0], "PartialsOut", partials, k ? "reduce.multipass.b" : "reduce.multipass.a");
      }
    }
  }

  // The four passes by role, as run() picks them: + 1 reads the level before's partials (else the
  // input), + 2 writes the output (the last level; else partials). `watchTree`: built to copy
  // their trees out.
  static std::vector<gl::Program> passesOf(const gl::ShaderLibrary& lib, const ReducePayload& payload, bool watchTree) {
    std::vector<gl::Program> passes;
    for (std::size_t role = 0; role < 4; ++role) {
      passes.push_back(groupReduce(lib, payload, payload.group, (role & 1) != 0, (role & 2) == 0, 1, false, watchTree));
    }
    return passes;
  }

  const gl::Caps& caps_;
  bool wide_;
  std::uint32_t group_;
  std::vector<gl::Program> passes_;  // by role (passesOf)
  TreePhases phases_;
  gl::Buffer buffers_[2];
  std::size_t stride_ = 0;
};

// ---------------------------------------------------------------------------------------------
class TwoPass64 final : public Reduce {
 public:
  TwoPass64(const gl::ShaderLibrary& lib, const gl::Caps& caps, const ReducePayload& payload, bool column)
      : loopLimit_(caps.loopIterationLimit),
        partialsPass_(kernel(lib, payload, "two_pass_64.comp", {{"PATTERN_COLUMN", column ? "1" : "0"}})),
        finalPass_(kernel(lib, payload, "two_pass_64.comp", {{"READS_PARTIALS", "1"}})),
        partials_(partialsFor(partialsPass_, "PartialsOut", kTwoPassInvocations, "reduce.twoPass64.partials")) {}

  void run(const gl::Buffer* input, std::uint32_t count, const gl::Buffer& output) override {
    partialsThenFinal(*this, partialsPass_, 1, finalPass_, kTwoPassInvocations, partials_, partials_.size() / 4 / kTwoPassInvocations, input, count,
                      output);
  }

  std::string unavailableFor(std::uint32_t count) const override {
    return loopLimitProblem(runLength(count, 1, kTwoPassInvocations), loopLimit_);
  }

  verify::ErrorModel errorModel(std::uint32_t count) const override {
    return {runLength(count, 1, kTwoPassInvocations) + kTwoPassInvocations};
  }

 private:
  std::uint64_t loopLimit_;
  gl::Program partialsPass_, finalPass_;
  gl::Buffer partials_;
};

// ---------------------------------------------------------------------------------------------
class SinglePass final : public Reduce {
 public:
  SinglePass(const gl::ShaderLibrary& lib, const gl::Caps& caps, const ReducePayload& payload)
      : caps_(caps),
        payload_(payload),
        program_(kernel(lib, payload, "single_pass.comp", {{"GROUP_SIZE", std::to_string(payload.group)}})),
        partials_(partialsFor(program_, "Partials", kReduceMostPartials, "reduce.singlePass.partials")),
        ticket_("reduce.singlePass.ticket", sizeof(std::uint32_t)) {
    ticket_.zero(sizeof(std::uint32_t));  // the last group resets it after each dispatch
  }

  void run(const gl::Buffer* input, std::uint32_t count, const gl::Buffer& output) override {
    bindEnds(input, output);
    partials_.bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_PARTIALS);
    ticket_.bindBase(GL_SHADER_STORAGE_BUFFER, REDUCE_SLOT_TICKET);
    program_.use();
    bindItems(count, count);
    const GLuint groups = gridGroups(caps_, count, payload_);
    glDispatchCompute(groups, 1, 1);
    outputBarrier();
    dispatched("single-pass", {{"in", input, input ? wordsOf(*input) : 0},
                               {"partials", &partials_, groups * (partials_.size() / 4 / kReduceMostPartials)},
                               {"ticket", &ticket_, 1},
                               {"out", &output, wordsOf(output)}});
  }

  verify::ErrorModel errorModel(std::uint32_t count) const override {
    return gridThenOneModel(count, gridGroups(caps_, count, payload_), payload_.group, payload_.wide);
  }

 private:
  const gl::Caps& caps_;
  ReducePayload payload_;
  gl::Program program_;
  gl::Buffer partials_, ticket_;
};

// ---------------------------------------------------------------------------------------------
class Subgroup final : public GridThenOne {
 public:
  Subgroup(const gl::ShaderLibrary& lib, const gl::Caps& caps, const ReducePayload& payload)
      : Subgroup(lib, caps, payload, queriedSubgroupSize()) {}

  verify::ErrorModel errorModel(std::uint32_t count) const override {
    // The subgroup combine's order is the driver's: charge it a sequential sum over the subgroup.
    // Per pass: the run (+2), a subgroup combine, each lane of the first subgroup combining its
    // share of the group's subgroups, and a subgroup combine again.
    const std::uint32_t groups = gridGroups(caps_, count, payload_);
    const std::uint32_t group = payload_.group;
    const std::uint32_t subgroups = static_cast<std::uint32_t>(runLength(group, 1, subgroupSize_));
    auto pass = [&](std::uint64_t items) { return items + 2 + 2 * (subgroupSize_ - 1) + runLength(subgroups, 1, subgroupSize_); };
    return {pass(runLength(count, groups, group)) + pass(runLength(groups, 1, group))};
  }

  std::string detail() const override { return "subgroup size " + std::to_string(subgroupSize_); }

 private:
  static std::uint32_t queriedSubgroupSize() {
    GLint size = 0;
    glGetIntegerv(GL_SUBGROUP_SIZE_KHR, &size);
    return static_cast<std::uint32_t>(std::max(size, 1));
  }
  // One shared slot per subgroup of a group (subgroup.comp's SUBGROUP_SLOTS): 8 of 112 bytes for
  // the projection where subgroups are 32 wide, not one per invocation (28 KiB).
  static gl::Defines defines(std::uint32_t group, std::uint32_t subgroupSize, const char* end) {
    return {{"GROUP_SIZE", std::to_string(group)}, {"SUBGROUP_SLOTS", std::to_string(std::max(group / subgroupSize, 1u))}, {end, "1"}};
  }
  Subgroup(const gl::ShaderLibrary& lib, const gl::Caps& caps, const ReducePayload& payload, std::uint32_t subgroupSize)
      : GridThenOne(caps, payload, kernel(lib, payload, "subgroup.comp", defines(payload.group, subgroupSize, "WRITES_PARTIALS")),
                    kernel(lib, payload, "subgroup.comp", defines(payload.group, subgroupSize, "READS_PARTIALS")),
                    "reduce.subgroup.partials"),
        subgroupSize_(subgroupSize) {}

  std::uint32_t subgroupSize_;
};

using Lib = const gl::ShaderLibrary&;
using Caps = const gl::Caps&;
using Payload = const ReducePayload&;

const ReduceVariant kReductions[] = {
    {"single-thread", "one invocation loops over every item: the baseline that shows why not", true,
     [](Lib lib, Caps caps, Payload p) { return std::make_unique<OneGroup>(lib, caps, p, 1); }},
    {"two-pass-64/row", "64 invocations each combine every 64th item (neighbours read neighbours), then one combines the 64",
     true, [](Lib lib, Caps caps, Payload p) { return std::make_unique<TwoPass64>(lib, caps, p, false); }},
    {"two-pass-64/column", "64 invocations each combine a contiguous slice (reads a slice apart), then one combines the 64",
     true, [](Lib lib, Caps caps, Payload p) { return std::make_unique<TwoPass64>(lib, caps, p, true); }},
    {"groupshared-single", "one workgroup of 512 (the centroid's 48 B each fit the 32 KiB GL guarantees): strided runs, then a tree",
     true, [](Lib lib, Caps caps, Payload p) { return std::make_unique<OneGroup>(lib, caps, p, 512); }},
    {"recursive-multipass", "groups of 256 reduce 256 items each; repeat on their results until one is left", true,
     [](Lib lib, Caps caps, Payload p) { return std::make_unique<RecursiveMultipass>(lib, caps, p); }, nullptr,
     [](Lib lib, Caps caps, Payload p) { return std::make_unique<RecursiveMultipass>(lib, caps, p, true); }},
    {"tree", "Harris's optimised tree: runs per invocation, four loads in flight, sequential addressing; 2 dispatches",
     true, [](Lib lib, Caps caps, Payload p) { return std::make_unique<Tree>(lib, caps, p); }, nullptr,
     [](Lib lib, Caps caps, Payload p) { return std::make_unique<Tree>(lib, caps, p, true); }},
    {"subgroup", "like tree, with the payload's subgroup combine (GL_KHR_shader_subgroup) within subgroups; 2 dispatches",
     true, [](Lib lib, Caps caps, Payload p) { return std::make_unique<Subgroup>(lib, caps, p); },
     [](Caps caps) { return caps.subgroupArithmeticMissing; }},
    {"single-pass", "one dispatch: groups publish partials, the last to finish (atomic ticket) combines them", true,
     [](Lib lib, Caps caps, Payload p) { return std::make_unique<SinglePass>(lib, caps, p); }},
};

}  // namespace

std::span<const ReduceVariant> reductions() { return kReductions; }

}  // namespace boids::primitives
