#version 430 core
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// Strategy subgroup: like tree, but the group's combine uses subgroup operations
// (GL_KHR_shader_subgroup: subgroupAdd/Min/Max across the lanes of a subgroup, in registers),
// then one shared-memory step across the group's subgroups. Two dispatches.
// Pass 0 reads SSBO_POS_IN, writes SSBO_PARTIALS[group]; pass 1 reads them, writes SSBO_FLOCK_STATS.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef FINAL_PASS
#define FINAL_PASS 0
#endif

layout(local_size_x = GROUP_SIZE) in;

#if FINAL_PASS
#define READS_PARTIALS
#define WRITES_STATS
#else
#define READS_POSITIONS
#define WRITES_PARTIALS
#endif
#include "reduce/reduce_io.glsl"

// One slot per subgroup; a subgroup has at least one lane, so GROUP_SIZE slots always suffice.
shared vec4 g_sum[GROUP_SIZE];
shared vec3 g_lo[GROUP_SIZE];
shared vec3 g_hi[GROUP_SIZE];

Acc subgroupCombine(Acc a) { return Acc(subgroupAdd(a.sum), subgroupMin(a.lo), subgroupMax(a.hi)); }

void main() {
  uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
  uint k = gl_GlobalInvocationID.x;
  Acc acc = accEmpty();
  for (; k + 3u * stride < u_inputCount; k += 4u * stride) {
    Acc a = accAdd(loadItem(k), loadItem(k + stride));
    Acc b = accAdd(loadItem(k + 2u * stride), loadItem(k + 3u * stride));
    acc = accAdd(acc, accAdd(a, b));
  }
  for (; k < u_inputCount; k += stride) acc = accAdd(acc, loadItem(k));

  Acc mine = subgroupCombine(acc);
  if (subgroupElect()) {
    g_sum[gl_SubgroupID] = mine.sum;
    g_lo[gl_SubgroupID] = mine.lo;
    g_hi[gl_SubgroupID] = mine.hi;
  }
  barrier();
  if (gl_SubgroupID == 0u) {
    Acc group = accEmpty();
    for (uint s = gl_SubgroupInvocationID; s < gl_NumSubgroups; s += gl_SubgroupSize) {
      group = accAdd(group, Acc(g_sum[s], g_lo[s], g_hi[s]));
    }
    group = subgroupCombine(group);
    if (subgroupElect()) {
#if FINAL_PASS
      b_stats = statsFromAcc(group, u_boidCount);
#else
      b_partialsOut[gl_WorkGroupID.x] = partialFromAcc(group);
#endif
    }
  }
}
