#version 430 core
// Grid stage 3, ranges: where each cell's boids start in the sorted pairs. starts[c] is the first
// sorted slot whose key is at least c (a lower bound, found by binary search in the sorted keys),
// and starts[cellCount] = count, so cell c holds the slots [starts[c], starts[c + 1]) - empty
// when equal - and cells x0..x1 of one row of the grid hold [starts[key(x0)], starts[key(x1) + 1]),
// one contiguous run for the step. One invocation per cell: no clearing pass, no serial walk
// over the empty cells of a sparse flock.
// Reads SSBO_GRID_PAIRS; writes SSBO_CELL_STARTS[0 .. cellCount].
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;
#include "common/bindings.h"

layout(std430, binding = SSBO_GRID_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_CELL_STARTS) writeonly buffer Starts { uint b_starts[]; };
layout(location = LOC_GRID_COUNTS) uniform uvec2 u_sizes;  // (boids, cells)

void main() {
  for (uint c = gl_GlobalInvocationID.x; c <= u_sizes.y; c += gl_NumWorkGroups.x * uint(GROUP_SIZE)) {
    uint lo = 0u, hi = u_sizes.x;  // the answer lies in [lo, hi]
    while (lo < hi) {
      uint mid = (lo + hi) >> 1u;
      if (b_pairs[mid].x < c) lo = mid + 1u; else hi = mid;
    }
    b_starts[c] = lo;
  }
}
