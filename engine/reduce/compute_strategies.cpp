// The compute-shader strategies: tree, groupshared-single, single-thread, recursive-multipass
// (all one kernel, reduce/group_reduce.comp), two-pass-64, single-pass and subgroup.
#include <algorithm>
#include <bit>

#include "engine/gl/program.hpp"
#include "engine/gpu_types.hpp"
#include "engine/reduce/strategies.hpp"

namespace boids::reduce {

std::uint32_t ceilLog2(std::uint64_t v) { return v <= 1 ? 0 : static_cast<std::uint32_t>(std::bit_width(v - 1)); }

std::string loopLimitProblem(std::uint64_t iterations, std::uint64_t limit) {
  if (limit == 0 || iterations <= limit) return {};
  return "one invocation would loop " + std::to_string(iterations) + " times, over this driver's limit of " +
         std::to_string(limit) + " (Mesa llvmpipe stops loops there)";
}

void bindCounts(std::uint32_t inputCount, std::uint32_t boidCount) {
  glUniform1ui(LOC_REDUCE_INPUT_COUNT, inputCount);
  glUniform1ui(LOC_REDUCE_BOID_COUNT, boidCount);
}

void statsBarrier() {
  // FlockStats -> the step and the camera (storage reads) and readback copies (buffer updates).
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

std::uint32_t gridGroups(std::uint32_t count, std::uint32_t groupSize, std::uint32_t itemsPerInvocation,
                         std::uint32_t maxGroups) {
  return std::clamp<std::uint32_t>(gl::groupsFor(count, std::size_t(groupSize) * itemsPerInvocation), 1u, maxGroups);
}

namespace {

constexpr std::uint32_t kGroup = 256;
constexpr std::uint32_t kItemsPerInvocation = 8;  // aim: enough groups to fill the GPU at 1M boids
constexpr std::uint32_t kMaxPartials = 1024;      // the final pass reads them 4 per invocation

gl::Program groupReduceProgram(const gl::ShaderLibrary& lib, std::uint32_t group, bool positions, bool stats,
                               int loadsInFlight) {
  return gl::Program::compute(lib, "reduce/group_reduce.comp",
                              {{"GROUP_SIZE", std::to_string(group)},
                               {"INPUT_POSITIONS", positions ? "1" : "0"},
                               {"OUTPUT_STATS", stats ? "1" : "0"},
                               {"LOADS_IN_FLIGHT", std::to_string(loadsInFlight)}});
}

// Additions a value goes through in one grid-stride group pass: its run of `items` (two more for
// the pairwise combine of four loads), then the log2(group) steps of the shared-memory tree.
std::uint64_t passAdditions(std::uint64_t items, std::uint32_t group) { return items + 2 + ceilLog2(group); }

// A grid-stride pass over the boids into partials, then one group over the partials (tree and
// single-pass): the additions a position's value goes through.
std::uint64_t partialsThenFinal(std::uint32_t count) {
  const std::uint32_t groups = gridGroups(count, kGroup, kItemsPerInvocation, kMaxPartials);
  return passAdditions(gl::groupsFor(count, std::size_t(groups) * kGroup), kGroup) +
         passAdditions(gl::groupsFor(groups, kGroup), kGroup);
}

// The two dispatches of tree and subgroup: a grid-stride pass into per-group partials, then one
// group over the partials into the stats.
void partialsThenFinalPass(const gl::Program& partialsPass, const gl::Program& finalPass, const gl::Buffer& partials,
                           const Input& in, const gl::Buffer& stats) {
  const std::uint32_t groups = gridGroups(in.count, kGroup, kItemsPerInvocation, kMaxPartials);
  in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  partials.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS);
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  partialsPass.use();
  bindCounts(in.count, in.count);
  glDispatchCompute(groups, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // partials -> the final pass
  finalPass.use();
  bindCounts(groups, in.count);
  glDispatchCompute(1, 1, 1);
  statsBarrier();
}

// ---------------------------------------------------------------------------------------------
class Tree final : public Strategy {
 public:
  explicit Tree(const gl::ShaderLibrary& lib)
      : partialsPass_(groupReduceProgram(lib, kGroup, true, false, 4)),
        finalPass_(groupReduceProgram(lib, kGroup, false, true, 4)),
        partials_("reduce.tree.partials", kMaxPartials * sizeof(gpu::ReducePartial)) {}

  void reduce(const Input& in, const gl::Buffer& stats) override {
    partialsThenFinalPass(partialsPass_, finalPass_, partials_, in, stats);
  }

  ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override { return {partialsThenFinal(count), 0, 0.0}; }

 private:
  gl::Program partialsPass_, finalPass_;
  gl::Buffer partials_;
};

// ---------------------------------------------------------------------------------------------
// One group reduces everything: groupshared-single (512 invocations) and single-thread (1).
class OneGroup final : public Strategy {
 public:
  OneGroup(const gl::ShaderLibrary& lib, const gl::Caps& caps, std::uint32_t group)
      : loopLimit_(caps.loopIterationLimit), group_(group), program_(groupReduceProgram(lib, group, true, true, 4)) {}

  std::string unavailableFor(std::uint32_t count) const override {
    // The run of one invocation, four items per iteration, then the tree's steps.
    return loopLimitProblem(gl::groupsFor(count, group_) / 4 + 4 + ceilLog2(group_), loopLimit_);
  }

  void reduce(const Input& in, const gl::Buffer& stats) override {
    in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
    program_.use();
    bindCounts(in.count, in.count);
    glDispatchCompute(1, 1, 1);
    statsBarrier();
  }

  ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override {
    return {passAdditions(gl::groupsFor(count, group_), group_), 0, 0.0};
  }

 private:
  std::uint64_t loopLimit_;
  std::uint32_t group_;
  gl::Program program_;
};

// ---------------------------------------------------------------------------------------------
class RecursiveMultipass final : public Strategy {
 public:
  static constexpr std::uint32_t kMaxGroups = 65535;  // the minimum GL_MAX_COMPUTE_WORK_GROUP_COUNT

  explicit RecursiveMultipass(const gl::ShaderLibrary& lib)
      : fromPositions_(groupReduceProgram(lib, kGroup, true, false, 1)),
        fromPartials_(groupReduceProgram(lib, kGroup, false, false, 1)),
        positionsToStats_(groupReduceProgram(lib, kGroup, true, true, 1)),
        partialsToStats_(groupReduceProgram(lib, kGroup, false, true, 1)) {}

  void reduce(const Input& in, const gl::Buffer& stats) override {
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
    in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
    std::uint32_t items = in.count;
    bool fromPositions = true;
    int current = 0;  // which ping-pong buffer holds the latest partials
    // One group per 256 items (one item per invocation) until a single group is left.
    while (true) {
      const std::uint32_t groups = groupsFor(items);
      const bool last = groups == 1;
      if (!last) ensure(groups);
      if (fromPositions) {
        (last ? positionsToStats_ : fromPositions_).use();
        buffers_[0].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS);
        current = 0;
      } else {
        (last ? partialsToStats_ : fromPartials_).use();
        buffers_[current].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS);
        buffers_[current ^ 1].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS_OUT);
        current ^= 1;
      }
      bindCounts(items, in.count);
      glDispatchCompute(groups, 1, 1);
      if (last) break;
      glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // this level -> the next
      items = groups;
      fromPositions = false;
    }
    statsBarrier();
  }

  ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override {
    std::uint64_t additions = 0;
    for (std::uint32_t items = count;;) {
      const std::uint32_t groups = groupsFor(items);
      additions += passAdditions(gl::groupsFor(items, std::size_t(groups) * kGroup), kGroup);
      if (groups == 1) break;
      items = groups;
    }
    return {additions, 0, 0.0};
  }

 private:
  static std::uint32_t groupsFor(std::uint32_t items) {
    return std::clamp<std::uint32_t>(gl::groupsFor(items, kGroup), 1u, kMaxGroups);
  }
  void ensure(std::uint32_t partials) {
    const std::size_t bytes = std::size_t(partials) * sizeof(gpu::ReducePartial);
    for (int k = 0; k < 2; ++k) {
      if (buffers_[k].size() < bytes) buffers_[k] = gl::Buffer(k ? "reduce.multipass.b" : "reduce.multipass.a", bytes);
    }
  }

  gl::Program fromPositions_, fromPartials_, positionsToStats_, partialsToStats_;
  gl::Buffer buffers_[2];
};

// ---------------------------------------------------------------------------------------------
class TwoPass64 final : public Strategy {
 public:
  TwoPass64(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool column)
      : loopLimit_(caps.loopIterationLimit),
        partialsPass_(gl::Program::compute(lib, "reduce/two_pass_64.comp",
                                           {{"FINAL_PASS", "0"}, {"PATTERN_COLUMN", column ? "1" : "0"}})),
        finalPass_(gl::Program::compute(lib, "reduce/two_pass_64.comp", {{"FINAL_PASS", "1"}})),
        partials_("reduce.twoPass64.partials", 64 * sizeof(gpu::ReducePartial)) {}

  void reduce(const Input& in, const gl::Buffer& stats) override {
    in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
    partials_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS);
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
    partialsPass_.use();
    bindCounts(in.count, in.count);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    finalPass_.use();
    bindCounts(64, in.count);
    glDispatchCompute(1, 1, 1);
    statsBarrier();
  }

  std::string unavailableFor(std::uint32_t count) const override {
    return loopLimitProblem(gl::groupsFor(count, 64), loopLimit_);
  }

  ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override { return {gl::groupsFor(count, 64) + 64, 0, 0.0}; }

 private:
  std::uint64_t loopLimit_;
  gl::Program partialsPass_, finalPass_;
  gl::Buffer partials_;
};

// ---------------------------------------------------------------------------------------------
class SinglePass final : public Strategy {
 public:
  explicit SinglePass(const gl::ShaderLibrary& lib)
      : program_(gl::Program::compute(lib, "reduce/single_pass.comp", {{"GROUP_SIZE", std::to_string(kGroup)}})),
        partials_("reduce.singlePass.partials", kMaxPartials * sizeof(gpu::ReducePartial)),
        counter_("reduce.singlePass.counter", sizeof(std::uint32_t)) {
    const std::uint32_t zero = 0;
    counter_.upload(0, sizeof(zero), &zero);  // the last group resets it after each dispatch
  }

  void reduce(const Input& in, const gl::Buffer& stats) override {
    in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
    partials_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PARTIALS);
    counter_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_REDUCE_ACCUM);
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
    program_.use();
    bindCounts(in.count, in.count);
    glDispatchCompute(gridGroups(in.count, kGroup, kItemsPerInvocation, kMaxPartials), 1, 1);
    statsBarrier();
  }

  ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override { return {partialsThenFinal(count), 0, 0.0}; }

 private:
  gl::Program program_;
  gl::Buffer partials_, counter_;
};

// ---------------------------------------------------------------------------------------------
class Subgroup final : public Strategy {
 public:
  explicit Subgroup(const gl::ShaderLibrary& lib)
      : partialsPass_(gl::Program::compute(lib, "reduce/subgroup.comp", {{"GROUP_SIZE", std::to_string(kGroup)}, {"FINAL_PASS", "0"}})),
        finalPass_(gl::Program::compute(lib, "reduce/subgroup.comp", {{"GROUP_SIZE", std::to_string(kGroup)}, {"FINAL_PASS", "1"}})),
        partials_("reduce.subgroup.partials", kMaxPartials * sizeof(gpu::ReducePartial)) {
    GLint size = 0;
    glGetIntegerv(GL_SUBGROUP_SIZE_KHR, &size);
    subgroupSize_ = static_cast<std::uint32_t>(std::max(size, 1));
  }

  void reduce(const Input& in, const gl::Buffer& stats) override {
    partialsThenFinalPass(partialsPass_, finalPass_, partials_, in, stats);
  }

  ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override {
    // subgroupAdd's order is the driver's: charge it a sequential sum over the subgroup.
    const std::uint32_t groups = gridGroups(count, kGroup, kItemsPerInvocation, kMaxPartials);
    const std::uint64_t subgroups = gl::groupsFor(kGroup, subgroupSize_);
    auto pass = [&](std::uint64_t items) { return items + 2 + 2 * (subgroupSize_ - 1) + gl::groupsFor(subgroups, subgroupSize_); };
    return {pass(gl::groupsFor(count, std::size_t(groups) * kGroup)) + pass(gl::groupsFor(groups, kGroup)), 0, 0.0};
  }

  std::string detail() const override { return "subgroup size " + std::to_string(subgroupSize_); }

 private:
  gl::Program partialsPass_, finalPass_;
  gl::Buffer partials_;
  std::uint32_t subgroupSize_ = 32;
};

}  // namespace

std::unique_ptr<Strategy> makeTree(const gl::ShaderLibrary& lib) { return std::make_unique<Tree>(lib); }
std::unique_ptr<Strategy> makeOneGroup(const gl::ShaderLibrary& lib, const gl::Caps& caps, std::uint32_t group) {
  return std::make_unique<OneGroup>(lib, caps, group);
}
std::unique_ptr<Strategy> makeRecursiveMultipass(const gl::ShaderLibrary& lib) {
  return std::make_unique<RecursiveMultipass>(lib);
}
std::unique_ptr<Strategy> makeTwoPass64(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool column) {
  return std::make_unique<TwoPass64>(lib, caps, column);
}
std::unique_ptr<Strategy> makeSinglePass(const gl::ShaderLibrary& lib) { return std::make_unique<SinglePass>(lib); }
std::unique_ptr<Strategy> makeSubgroup(const gl::ShaderLibrary& lib) { return std::make_unique<Subgroup>(lib); }

}  // namespace boids::reduce
