// Strategy atomic: group reductions combined through global integer atomics (reduce/atomic.comp).
#include <cmath>
#include <cstring>

#include "engine/gl/program.hpp"
#include "engine/reduce/strategies.hpp"
#include "shaders/common/bindings.h"

namespace boids::reduce {
namespace {

constexpr std::uint32_t kGroup = 256;
constexpr std::uint32_t kItemsPerInvocation = 8;
constexpr std::uint32_t kMaxGroups = 4096;

// The accumulators as reduce/atomic_accum.glsl lays them out (std430).
struct Accumulators {
  std::int64_t sum[3];
  std::uint32_t lo[3];
  std::uint32_t hi[3];
  std::uint32_t count;
  std::uint32_t padding;
};
static_assert(sizeof(Accumulators) == 56);

class Atomic final : public Strategy {
 public:
  Atomic(const gl::ShaderLibrary& lib, bool int64)
      : int64_(int64),
        addPass_(gl::Program::compute(lib, "reduce/atomic.comp",
                                      {{"GROUP_SIZE", std::to_string(kGroup)}, {"FINISH", "0"}, {"INT64_ATOMICS", int64 ? "1" : "0"}})),
        finishPass_(gl::Program::compute(lib, "reduce/atomic.comp", {{"FINISH", "1"}, {"INT64_ATOMICS", int64 ? "1" : "0"}})),
        accumulators_("reduce.atomic.accumulators", sizeof(Accumulators)) {
    // The identities; afterwards the finishing pass puts them back after every reduction.
    Accumulators identity{{0, 0, 0}, {~0u, ~0u, ~0u}, {0, 0, 0}, 0, 0};
    accumulators_.upload(0, sizeof(identity), &identity);
  }

  void reduce(const Input& in, const gl::Buffer& stats) override {
    const std::uint32_t groups = gridGroups(in.count, kGroup, kItemsPerInvocation, kMaxGroups);
    in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
    accumulators_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_REDUCE_ACCUM);
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
    const float scale = scaleFor(in.count, in.coordinateBound);
    addPass_.use();
    bindCounts(in.count, in.count);
    glUniform1f(LOC_REDUCE_SCALE, scale);
    glDispatchCompute(groups, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // every group's atomics -> the finishing pass
    finishPass_.use();
    bindCounts(1, in.count);
    glUniform1f(LOC_REDUCE_SCALE, scale);
    glDispatchCompute(1, 1, 1);
    statsBarrier();
  }

  ErrorModel errorModel(std::uint32_t count, float bound) const override {
    const std::uint32_t groups = gridGroups(count, kGroup, kItemsPerInvocation, kMaxGroups);
    // Float sums inside each group, then each group's sum rounded to the nearest fixed-point unit:
    // half a unit per group at most. The integer sum of the groups is exact.
    return {gl::groupsFor(count, std::size_t(groups) * kGroup) + 2 + ceilLog2(kGroup), 0,
            0.5 * groups / scaleFor(count, bound)};
  }

  std::string detail() const override {
    return int64_ ? "64-bit fixed-point sums with GL_NV_shader_atomic_int64"
                  : "64-bit fixed-point sums as two 32-bit atomics with carry (no 64-bit atomics here)";
  }

  // A power of two such that count * bound * scale < 2^62: no sum, partial or total, overflows int64.
  static float scaleFor(std::uint32_t count, float bound) {
    const double limit = std::ldexp(1.0, 62) / (static_cast<double>(std::max(count, 1u)) * std::max(bound, 1e-30f));
    return static_cast<float>(std::ldexp(1.0, std::min(100, static_cast<int>(std::floor(std::log2(limit))))));
  }

 private:
  bool int64_;
  gl::Program addPass_, finishPass_;
  gl::Buffer accumulators_;
};

}  // namespace

bool hasInt64Atomics(const gl::Caps& caps) {
  return caps.has("GL_NV_shader_atomic_int64") && caps.has("GL_ARB_gpu_shader_int64");
}

std::unique_ptr<Strategy> makeAtomic(const gl::ShaderLibrary& lib, bool int64Atomics) {
  return std::make_unique<Atomic>(lib, int64Atomics);
}

}  // namespace boids::reduce
