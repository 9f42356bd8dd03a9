#version 430 core
// Exclusive prefix sum of uints, in blocks of GROUP_SIZE * ITEMS (Blelloch 1990, work-efficient
// up-sweep / down-sweep in shared memory over the per-invocation totals).
//   MODE 0: scan each block in place (SSBO_SORT_SCRATCH), write the block's total to
//           SSBO_PARTIALS[block] (as uints);
//   MODE 1: add the scanned block totals (SSBO_PARTIALS) to every element of their block.
// Longer arrays scan their block totals the same way, recursively (engine/grid/scan.cpp).

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef ITEMS
#define ITEMS 8
#endif
#ifndef MODE
#define MODE 0
#endif
#define BLOCK (GROUP_SIZE * ITEMS)

layout(local_size_x = GROUP_SIZE) in;
#include "common/bindings.h"

layout(std430, binding = SSBO_SORT_SCRATCH) buffer Values { uint b_values[]; };
layout(std430, binding = SSBO_PARTIALS) buffer Totals { uint b_totals[]; };
layout(location = LOC_SORT_COUNT) uniform uint u_count;

#if MODE == 0
shared uint g_sums[GROUP_SIZE];

void main() {
  uint lane = gl_LocalInvocationID.x;
  uint first = gl_WorkGroupID.x * uint(BLOCK) + lane * uint(ITEMS);
  // Each invocation scans its ITEMS consecutive values serially...
  uint local[ITEMS];
  uint run = 0u;
  for (uint e = 0u; e < uint(ITEMS); ++e) {
    uint v = first + e < u_count ? b_values[first + e] : 0u;
    local[e] = run;
    run += v;
  }
  // ...then the invocations' totals are scanned across the group.
  g_sums[lane] = run;
  barrier();
  for (uint d = 1u; d < uint(GROUP_SIZE); d <<= 1u) {  // up-sweep
    uint i = (lane + 1u) * (d << 1u) - 1u;
    if (i < uint(GROUP_SIZE)) g_sums[i] += g_sums[i - d];
    barrier();
  }
  if (lane == 0u) {
    b_totals[gl_WorkGroupID.x] = g_sums[GROUP_SIZE - 1];
    g_sums[GROUP_SIZE - 1] = 0u;
  }
  barrier();
  for (uint d = uint(GROUP_SIZE) >> 1u; d > 0u; d >>= 1u) {  // down-sweep
    uint i = (lane + 1u) * (d << 1u) - 1u;
    if (i < uint(GROUP_SIZE)) {
      uint t = g_sums[i - d];
      g_sums[i - d] = g_sums[i];
      g_sums[i] += t;
    }
    barrier();
  }
  uint offset = g_sums[lane];
  for (uint e = 0u; e < uint(ITEMS); ++e) {
    if (first + e < u_count) b_values[first + e] = offset + local[e];
  }
}
#else
void main() {
  for (uint block = gl_WorkGroupID.x; block * uint(BLOCK) < u_count; block += gl_NumWorkGroups.x) {
    uint add = b_totals[block];
    for (uint e = gl_LocalInvocationID.x; e < uint(BLOCK); e += uint(GROUP_SIZE)) {
      uint i = block * uint(BLOCK) + e;
      if (i < u_count) b_values[i] += add;
    }
  }
}
#endif
