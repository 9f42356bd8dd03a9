#version 430 core
// Grid stage 4, reorder: a stream of the flock (positions, then velocities: a dispatch each,
// through the same two bindings) gathered into sorted order, so that a cell's boids sit next to
// each other in memory and the step reads them in few, contiguous lines (the "coherent grid").
// One stream a dispatch: gathering both at once costs more than twice one (docs/PERFORMANCE.md).
// Reads SSBO_GRID_PAIRS and the stream at SSBO_POS_IN; writes its sorted copy at SSBO_SORTED_POS.
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;
#include "common/bindings.h"

layout(std430, binding = SSBO_GRID_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_POS_IN) readonly buffer Stream { vec4 b_stream[]; };
layout(std430, binding = SSBO_SORTED_POS) writeonly buffer Sorted { vec4 b_sorted[]; };
layout(location = LOC_GRID_COUNTS) uniform uint u_count;

void main() {
  for (uint s = gl_GlobalInvocationID.x; s < u_count; s += gl_NumWorkGroups.x * uint(GROUP_SIZE)) b_sorted[s] = b_stream[b_pairs[s].y];
}
