#version 430 core
// Grid stage 3, ranges: where each cell's boids start and end in the sorted pairs. A cell starts
// where the key differs from the one before and ends where it differs from the one after; the
// ranges buffer was cleared to (0, 0), so empty cells stay empty.
// Reads SSBO_SORT_PAIRS; writes SSBO_CELL_RANGES.
layout(local_size_x = 256) in;
#include "common/bindings.h"

layout(std430, binding = SSBO_SORT_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_CELL_RANGES) buffer Ranges { uvec2 b_ranges[]; };
layout(location = LOC_SORT_COUNT) uniform uint u_count;

void main() {
  for (uint s = gl_GlobalInvocationID.x; s < u_count; s += gl_NumWorkGroups.x * 256u) {
    uint key = b_pairs[s].x;
    if (s == 0u || b_pairs[s - 1u].x != key) b_ranges[key].x = s;
    if (s + 1u == u_count || b_pairs[s + 1u].x != key) b_ranges[key].y = s + 1u;
  }
}
