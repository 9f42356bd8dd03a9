#version 430 core
// Counting sort of (key, value) pairs by key (Hoetzlein, "Fast Fixed-Radius Nearest Neighbors",
// GTC 2014): count each key with atomics, exclusive-scan the counts into offsets, scatter each
// pair to its key's offset with an atomic increment. Linear in N plus the number of keys. Pairs of
// one key land in the order their atomics arrive: sorted by key, not by value.
//   MODE 0: count   SSBO_SORT_PAIRS -> SSBO_SORT_SCRATCH[key] (zeroed before)
//   MODE 1: scatter SSBO_SORT_PAIRS -> SSBO_PARTIALS_OUT (pairs), via SSBO_SORT_SCRATCH (offsets)

#ifndef MODE
#define MODE 0
#endif

layout(local_size_x = 256) in;
#include "common/bindings.h"

layout(std430, binding = SSBO_SORT_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_SORT_SCRATCH) buffer Counts { uint b_counts[]; };
layout(std430, binding = SSBO_PARTIALS_OUT) writeonly buffer Sorted { uvec2 b_sorted[]; };
layout(location = LOC_SORT_COUNT) uniform uint u_count;

void main() {
  for (uint i = gl_GlobalInvocationID.x; i < u_count; i += gl_NumWorkGroups.x * 256u) {
    uvec2 p = b_pairs[i];
#if MODE == 0
    atomicAdd(b_counts[p.x], 1u);
#else
    b_sorted[atomicAdd(b_counts[p.x], 1u)] = p;
#endif
  }
}
