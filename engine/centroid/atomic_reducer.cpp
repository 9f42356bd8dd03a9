// The atomic variant: group reductions combined through global integer atomics (centroid/atomic.comp).
#include <cmath>
#include <cstring>

#include "engine/gl/program.hpp"
#include "engine/centroid/reducers.hpp"
#include "engine/gpu_types.hpp"
#include "engine/gl/dispatch.hpp"
#include "shaders/centroid/centroid_slots.h"

namespace boids::centroid {
namespace {

constexpr std::uint32_t kGroup = 256;
constexpr std::uint32_t kItemsPerInvocation = 8;
constexpr std::uint32_t kMaxGroups = 4096;

// The accumulators as centroid/atomic_accum.glsl lays them out (std430).
struct Accumulators {
  std::int64_t sum[3];
  std::uint32_t lo[3];
  std::uint32_t hi[3];
  std::uint32_t count;
  std::uint32_t padding;
};
static_assert(sizeof(Accumulators) == 56);

class Atomic final : public Reducer {
 public:
  Atomic(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool int64)
      : caps_(caps),
        int64_(int64),
        addPass_(gl::Program::compute(lib, "centroid/atomic.comp",
                                      {{"GROUP_SIZE", std::to_string(kGroup)}, {"FINISH", "0"}, {"INT64_ATOMICS", int64 ? "1" : "0"},
                                       kPayload.define()})),
        finishPass_(gl::Program::compute(lib, "centroid/atomic.comp",
                                         {{"FINISH", "1"}, {"INT64_ATOMICS", int64 ? "1" : "0"}, kPayload.define()})),
        accumulators_("reduce.atomic.accumulators", sizeof(Accumulators)) {
    // The identities; afterwards the finishing pass puts them back after every reduction.
    Accumulators identity{{0, 0, 0}, {~0u, ~0u, ~0u}, {0, 0, 0}, 0, 0};
    accumulators_.upload(0, sizeof(identity), &identity);
  }

  void reduce(const Input& in, const gl::Buffer& stats) override {
    in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_POSITIONS);
    accumulators_.bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_ACCUM);
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_STATS);
    const float scale = scaleFor(in.count, in.coordinateBound);
    addPass_.use();
    glUniform1ui(CENTROID_LOC_ITEMS, in.count);
    glUniform1ui(CENTROID_LOC_BOID_COUNT, in.count);
    glUniform1f(CENTROID_LOC_SCALE, scale);
    glDispatchCompute(groupsFor(in.count), 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // every group's atomics -> the finishing pass
    constexpr std::size_t kWords = sizeof(Accumulators) / 4;
    dispatched("add", {{"positions", in.positions, 4 * std::size_t(in.count)}, {"accumulators", &accumulators_, kWords}});
    finishPass_.use();
    glUniform1ui(CENTROID_LOC_BOID_COUNT, in.count);
    glUniform1f(CENTROID_LOC_SCALE, scale);
    glDispatchCompute(1, 1, 1);
    statsBarrier();
    dispatched("finish", {{"accumulators", &accumulators_, kWords}, {"stats", &stats, sizeof(gpu::FlockStats) / 4}});
  }

  verify::ErrorModel errorModel(std::uint32_t count, float bound) const override {
    const std::uint64_t groups = groupsFor(count), run = (count + groups * kGroup - 1) / (groups * kGroup);
    // Float sums inside each group, then each group's sum rounded to the nearest fixed-point unit:
    // half a unit per group at most. The integer sum of the groups is exact.
    return {run + 2 + primitives::ceilLog2(kGroup), 0,
            0.5 * groups / scaleFor(count, bound)};
  }

  std::string detail() const override {
    return int64_ ? "64-bit fixed-point sums with GL_NV_shader_atomic_int64"
                  : "64-bit fixed-point sums as two 32-bit atomics with carry (no 64-bit atomics here)";
  }

 private:
  static float scaleFor(std::uint32_t count, float bound) { return atomicScale(count, bound); }

  GLuint groupsFor(std::uint32_t count) const { return gl::groupsFor(count, kGroup, caps_, kItemsPerInvocation, kMaxGroups); }

  const gl::Caps& caps_;
  bool int64_;
  gl::Program addPass_, finishPass_;
  gl::Buffer accumulators_;
};

}  // namespace

float atomicScale(std::uint32_t count, float bound) {
  const double limit = std::ldexp(1.0, 62) / (static_cast<double>(std::max(count, 1u)) * std::max(bound, 1e-30f));
  return static_cast<float>(std::ldexp(1.0, std::min(100, static_cast<int>(std::floor(std::log2(limit))))));
}

bool hasInt64Atomics(const gl::Caps& caps) {
  return caps.has("GL_NV_shader_atomic_int64") && caps.has("GL_ARB_gpu_shader_int64");
}

std::unique_ptr<Reducer> makeAtomic(const gl::ShaderLibrary& lib, const gl::Caps& caps, bool int64Atomics) {
  return std::make_unique<Atomic>(lib, caps, int64Atomics);
}

}  // namespace boids::centroid
