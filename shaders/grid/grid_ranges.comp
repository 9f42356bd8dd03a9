#version 430 core
// Grid stage 3, ranges: where each cell's boids start in the sorted pairs. starts[c] is the first
// sorted slot whose key is at least c, and starts[cellCount] = count, so cell c holds the slots
// [starts[c], starts[c + 1]) - empty when equal - and cells x0..x1 of one row of the grid hold
// [starts[key(x0)], starts[key(x1) + 1]), one contiguous run for the step.
// Every key is written once, by the boundary before it: between slots b - 1 and b (b in 0..count,
// slot -1 and slot count standing for the keys' ends) lie the keys key[b - 1] + 1 .. key[b], all of
// which start at b (the empty ones hold nothing before b). No clearing pass, no search:
//   PASS 0: one invocation a boundary writes its keys, up to FILL_MOST of them; a longer run of
//           empty keys (a sparse flock, a hashed table's holes) goes to the gap list in pieces of
//           GAP_PIECE keys, so that no invocation writes more than that;
//   PASS 1: a group a listed piece (grid-stride) fills its keys.
// Reads SSBO_GRID_PAIRS; writes SSBO_CELL_STARTS[0 .. cellCount] and SSBO_RANGE_GAPS (whose count
// the caller zeroes before PASS 0).
#ifndef PASS
#define PASS 0
#endif
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef FILL_MOST
#define FILL_MOST 64   // keys one boundary writes itself (given by engine/grid/spatial_grid.cpp)
#endif
#ifndef GAP_PIECE
#define GAP_PIECE 4096 // keys a listed piece holds at most (the same)
#endif
layout(local_size_x = GROUP_SIZE) in;
#include "common/bindings.h"

layout(std430, binding = SSBO_GRID_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_CELL_STARTS) buffer Starts { uint b_starts[]; };
// The pieces: first and last key, and the start they all hold. The caller sizes the list for
// every piece the keys can make (each holds more than FILL_MOST keys or is a GAP_PIECE of a run).
layout(std430, binding = SSBO_RANGE_GAPS) buffer Gaps { uint b_gapCount; uint b_unused[3]; uvec4 b_gaps[]; };
layout(location = LOC_GRID_COUNTS) uniform uvec2 u_sizes;  // (boids, cells)

#if PASS == 0
void main() {
  uint count = u_sizes.x, cells = u_sizes.y;
  for (uint b = gl_GlobalInvocationID.x; b <= count; b += gl_NumWorkGroups.x * uint(GROUP_SIZE)) {
    uint first = b == 0u ? 0u : b_pairs[b - 1u].x + 1u;
    uint last = b == count ? cells : b_pairs[b].x;
    if (first > last) continue;  // slots b - 1 and b share a key
    if (last - first < uint(FILL_MOST)) {
      for (uint c = first; c <= last; ++c) b_starts[c] = b;
    } else {
      uint pieces = (last - first) / uint(GAP_PIECE) + 1u;
      uint at = atomicAdd(b_gapCount, pieces);
      for (uint p = 0u; p < pieces; ++p) {
        uint from = first + p * uint(GAP_PIECE);
        b_gaps[at + p] = uvec4(from, min(from + uint(GAP_PIECE - 1), last), b, 0u);
      }
    }
  }
}
#else
void main() {
  uint pieces = b_gapCount;
  for (uint g = gl_WorkGroupID.x; g < pieces; g += gl_NumWorkGroups.x) {
    uvec4 piece = b_gaps[g];
    for (uint c = piece.x + gl_LocalInvocationID.x; c <= piece.y; c += uint(GROUP_SIZE)) b_starts[c] = piece.z;
  }
}
#endif
