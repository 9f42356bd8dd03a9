#version 430 core
// Strategy atomic: each workgroup reduces its share in shared memory, then its first invocation
// adds the group's result to global accumulators with one atomic per value (centroid/atomic_accum.glsl).
// A second dispatch (FINISH 1, one invocation) turns the accumulators into FlockStats and resets
// them for the next frame.
// Built on the reduce primitive's group tree with the centroid payload (REDUCE_PAYLOAD).
// Pass 0 reads the positions, adds into CENTROID_SLOT_ACCUM; pass 1 reads and resets it, writes the stats.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef FINISH
#define FINISH 0
#endif

#if INT64_ATOMICS
#extension GL_ARB_gpu_shader_int64 : require
#extension GL_NV_shader_atomic_int64 : require
#endif

#if FINISH
layout(local_size_x = 1) in;
#else
layout(local_size_x = GROUP_SIZE) in;
#endif
#include "primitives/reduce/reduce_io.glsl"
#include "centroid/atomic_accum.glsl"

layout(location = CENTROID_LOC_SCALE) uniform float u_scale;  // fixed-point units per world unit

#if FINISH
void main() {
  vec3 sum;
  for (int a = 0; a < 3; ++a) {
#if INT64_ATOMICS
    double total = double(b_sum[a]);
    b_sum[a] = 0l;
#else
    double total = integralFromWords(uvec2(b_sumWords[2 * a], b_sumWords[2 * a + 1]));
    b_sumWords[2 * a] = 0u;
    b_sumWords[2 * a + 1] = 0u;
#endif
    sum[a] = float(total / double(u_scale) / double(u_total));
  }
  vec3 lo = vec3(floatFromOrdered(b_lo[0]), floatFromOrdered(b_lo[1]), floatFromOrdered(b_lo[2]));
  vec3 hi = vec3(floatFromOrdered(b_hi[0]), floatFromOrdered(b_hi[1]), floatFromOrdered(b_hi[2]));
  b_stats = FlockStats(vec4(sum, float(b_count)), vec4(lo, 0.0), vec4(hi, 0.0));
  b_count = 0u;
  for (int a = 0; a < 3; ++a) {
    b_lo[a] = 0xffffffffu;  // above the encoding of every non-NaN float
    b_hi[a] = 0u;           // below the encoding of every float
  }
}
#else
#include "primitives/reduce/group_tree.glsl"

void main() {
  Acc acc = loadRun(gl_GlobalInvocationID.x, gl_NumWorkGroups.x * uint(GROUP_SIZE), true);
  Acc total = groupReduce(acc);
  if (gl_LocalInvocationIndex != 0u) return;

  atomicAdd(b_count, uint(total.sum.w));
  for (int a = 0; a < 3; ++a) {
    // The group's float sum, rounded to the nearest fixed-point unit (exact in double).
    double units = roundEven(double(total.sum[a]) * double(u_scale));
#if INT64_ATOMICS
    atomicAdd(b_sum[a], int64_t(units));
#else
    uvec2 w = wordsFromIntegral(units);
    uint before = atomicAdd(b_sumWords[2 * a], w.x);
    uint carry = before + w.x < before ? 1u : 0u;  // the low word wrapped around
    atomicAdd(b_sumWords[2 * a + 1], w.y + carry);
#endif
    atomicMin(b_lo[a], orderedFromFloat(total.lo[a]));
    atomicMax(b_hi[a], orderedFromFloat(total.hi[a]));
  }
}
#endif
