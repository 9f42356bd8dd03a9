#version 430 core
// Flock centroid and bounds, two dispatches: the first reduces positions to one partial per
// workgroup, the second (one workgroup) reduces the partials and writes FlockStats. Each
// invocation first accumulates a grid-stride run of inputs, then the group combines its values
// in shared memory with sequential addressing (Harris, "Optimizing Parallel Reduction in CUDA").
// FINAL_PASS 0 reads SSBO_POS_IN, writes SSBO_PARTIALS[group].
// FINAL_PASS 1 reads SSBO_PARTIALS, writes SSBO_FLOCK_STATS.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256  // invocations per workgroup; a power of two
#endif
#ifndef FINAL_PASS
#define FINAL_PASS 0
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "common/bindings.h"
#include "common/flock_stats.h"

layout(location = LOC_REDUCE_INPUT_COUNT) uniform uint u_inputCount;
layout(location = LOC_REDUCE_BOID_COUNT) uniform uint u_boidCount;

#if FINAL_PASS
layout(std430, binding = SSBO_PARTIALS) readonly buffer PartialsIn { ReducePartial b_partials[]; };
layout(std430, binding = SSBO_FLOCK_STATS) writeonly buffer Stats { FlockStats b_stats; };
#else
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_PARTIALS) writeonly buffer PartialsOut { ReducePartial b_partials[]; };
#endif

shared vec3 g_sum[GROUP_SIZE];
shared vec3 g_lo[GROUP_SIZE];
shared vec3 g_hi[GROUP_SIZE];

void main() {
  const float inf = uintBitsToFloat(0x7f800000u);
  vec3 sum = vec3(0), lo = vec3(inf), hi = vec3(-inf);
  uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
  for (uint k = gl_GlobalInvocationID.x; k < u_inputCount; k += stride) {
#if FINAL_PASS
    ReducePartial q = b_partials[k];
    sum += q.sum.xyz;
    lo = min(lo, q.lo.xyz);
    hi = max(hi, q.hi.xyz);
#else
    vec3 p = b_pos[k].xyz;
    sum += p;
    lo = min(lo, p);
    hi = max(hi, p);
#endif
  }

  uint lane = gl_LocalInvocationID.x;
  g_sum[lane] = sum;
  g_lo[lane] = lo;
  g_hi[lane] = hi;
  barrier();
  for (uint s = uint(GROUP_SIZE) / 2u; s > 0u; s >>= 1u) {
    if (lane < s) {
      g_sum[lane] += g_sum[lane + s];
      g_lo[lane] = min(g_lo[lane], g_lo[lane + s]);
      g_hi[lane] = max(g_hi[lane], g_hi[lane + s]);
    }
    barrier();
  }

  if (lane == 0u) {
#if FINAL_PASS
    b_stats = FlockStats(vec4(g_sum[0] / float(u_boidCount), float(u_boidCount)), vec4(g_lo[0], 0.0),
                         vec4(g_hi[0], 0.0));
#else
    b_partials[gl_WorkGroupID.x] = ReducePartial(vec4(g_sum[0], 0.0), vec4(g_lo[0], 0.0), vec4(g_hi[0], 0.0));
#endif
  }
}
