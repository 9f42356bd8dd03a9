#version 430 core
// Counting sort of (key, value) pairs by key, then value (Hoetzlein, "Fast Fixed-Radius Nearest
// Neighbors", GTC 2014, made stable): count each key with atomics, exclusive-scan the counts into
// offsets, scatter each pair into its key's range with an atomic increment (in the order the
// atomics arrive, which changes from run to run), then put each pair at its rank among its key's
// pairs by value. The grid's values are boid indices, so that is boid order within a cell: the
// same sequence as std::sort, bit for bit on every run. The rank pass reads the k pairs of its key
// for each of them: k^2 reads per key, cheap for cells of tens of boids, and never more than the
// grid step reads anyway (each boid reads every boid of the 27 or 8 cells around it, its own cell's
// k among them), so a flock packed into few cells is slow in the step first.
//   MODE 0: count   SORT_SLOT_PAIRS -> SORT_SLOT_COUNTS[key] (zeroed before)
//   MODE 1: scatter SORT_SLOT_PAIRS -> SORT_SLOT_SCATTERED (pairs by key), via SORT_SLOT_COUNTS
//           (each key's first slot before, its end after)
//   MODE 2: rank    SORT_SLOT_SCATTERED -> SORT_SLOT_PAIRS (pairs by key, then value), via the ends

#ifndef MODE
#define MODE 0
#endif

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;
#include "primitives/sort/sort_slots.h"

#if MODE == 2
layout(std430, binding = SORT_SLOT_PAIRS) writeonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SORT_SLOT_COUNTS) readonly buffer Ends { uint b_ends[]; };
layout(std430, binding = SORT_SLOT_SCATTERED) readonly buffer Scattered { uvec2 b_scattered[]; };
#else
layout(std430, binding = SORT_SLOT_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SORT_SLOT_COUNTS) buffer Counts { uint b_counts[]; };
layout(std430, binding = SORT_SLOT_SCATTERED) writeonly buffer Sorted { uvec2 b_sorted[]; };
#endif
layout(location = SORT_LOC_COUNT) uniform uint u_count;

void main() {
  for (uint i = gl_GlobalInvocationID.x; i < u_count; i += gl_NumWorkGroups.x * uint(GROUP_SIZE)) {
#if MODE == 0
    atomicAdd(b_counts[b_pairs[i].x], 1u);
#elif MODE == 1
    uvec2 p = b_pairs[i];
    b_sorted[atomicAdd(b_counts[p.x], 1u)] = p;
#else
    uvec2 p = b_scattered[i];
    uint first = p.x == 0u ? 0u : b_ends[p.x - 1u];  // a key's range starts where the previous key's ends
    uint end = b_ends[p.x];
    uint rank = 0u;
    for (uint q = first; q < end; ++q) {
      uvec2 other = b_scattered[q];
      // Equal pairs (the same key and value) are interchangeable: their slot order is arbitrary.
      rank += uint(other.y < p.y || (other.y == p.y && q < i));
    }
    b_pairs[first + rank] = p;
#endif
  }
}
