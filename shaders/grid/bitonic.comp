#version 430 core
// Bitonic sort of (key, value) pairs (Batcher 1968), padded to a power of two with sentinels.
// Stage (k, j): elements i and i ^ j are compared; the pair is ascending when (i & k) == 0.
//   MODE 0, global step: one (k, j) over the whole array, one compare-exchange per invocation
//           (bitonic-global does every step this way; bitonic-shared only the strides >= TILE).
//   MODE 1, tile sort:   each group sorts a TILE of pairs in shared memory, every stage k <= TILE.
//   MODE 2, tile merge:  for one k > TILE, all strides j < TILE in shared memory at once.
// Several elements per invocation: TILE / GROUP_SIZE, so each does TILE / (2 GROUP_SIZE) exchanges
// per step. Reads and writes SSBO_SORT_PAIRS.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef TILE
#define TILE 2048  // pairs per shared-memory tile, a power of two >= 2 GROUP_SIZE (16 KiB of uvec2)
#endif
#ifndef MODE
#define MODE 0
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "common/bindings.h"
#include "grid/sort_common.glsl"

layout(std430, binding = SSBO_SORT_PAIRS) buffer Pairs { uvec2 b_pairs[]; };
// (k, j, number of exchanges in a step = padded length / 2) for MODE 0; (k, -, -) for MODE 2
layout(location = LOC_SORT_STAGE) uniform uvec3 u_stage;

#if MODE == 0
void main() {
  uint k = u_stage.x, j = u_stage.y;
  // Grid-stride: 2^26 pairs need more exchanges than one dispatch has groups.
  for (uint t = gl_GlobalInvocationID.x; t < u_stage.z; t += gl_NumWorkGroups.x * uint(GROUP_SIZE)) {
    uint i = 2u * t - (t & (j - 1u));  // t with a zero inserted at bit log2(j)
    uint l = i + j;
    uvec2 a = b_pairs[i], b = b_pairs[l];
    bool ascending = (i & k) == 0u;
    if (pairLess(b, a) == ascending) {
      b_pairs[i] = b;
      b_pairs[l] = a;
    }
  }
}
#else
shared uvec2 g_tile[TILE];

void exchange(uint k, uint j, uint base) {
  for (uint t = gl_LocalInvocationID.x; t < uint(TILE) / 2u; t += uint(GROUP_SIZE)) {
    uint i = 2u * t - (t & (j - 1u));
    uint l = i + j;
    uvec2 a = g_tile[i], b = g_tile[l];
    bool ascending = ((base + i) & k) == 0u;  // the direction follows the global index
    if (pairLess(b, a) == ascending) {
      g_tile[i] = b;
      g_tile[l] = a;
    }
  }
  barrier();
}

void main() {
  uint base = gl_WorkGroupID.x * uint(TILE);
  for (uint e = gl_LocalInvocationID.x; e < uint(TILE); e += uint(GROUP_SIZE)) g_tile[e] = b_pairs[base + e];
  barrier();
#if MODE == 1
  for (uint k = 2u; k <= uint(TILE); k <<= 1u) {
    for (uint j = k >> 1u; j > 0u; j >>= 1u) exchange(k, j, base);
  }
#else
  for (uint j = uint(TILE) >> 1u; j > 0u; j >>= 1u) exchange(u_stage.x, j, base);
#endif
  for (uint e = gl_LocalInvocationID.x; e < uint(TILE); e += uint(GROUP_SIZE)) b_pairs[base + e] = g_tile[e];
}
#endif
