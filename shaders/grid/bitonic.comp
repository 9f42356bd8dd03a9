#version 430 core
// Bitonic sort of (key, value) pairs (Batcher 1968), padded to a power of two with sentinels.
// Stage (k, j): pairs i and i ^ j are compared; the pair is ascending when (i & k) == 0.
//   MODE 0, global step: one (k, j) over the whole array, one compare-exchange per invocation
//           (bitonic-global does every step this way; bitonic-shared the strides >= TILE).
//   MODE 1, tile sort:   each group sorts TILE consecutive pairs in shared memory, every k <= TILE.
//   MODE 2, tile pass:   for one stage k, the strides hi, hi / 2, ..., lo in shared memory at once.
//           The pairs these strides connect are the matrix of R = 2 hi / lo rows, lo pairs apart,
//           that agree in every index bit outside [log2 lo, log2 hi]. A group takes C = TILE / R
//           neighbouring columns of it, R x C pairs, transposed into the tile (row-major), so a
//           global stride j becomes the local stride (j / lo) C. With lo = 1 this is a plain
//           merge of TILE consecutive pairs (bitonic-shared's tile merge); with lo >= TILE it is
//           the transpose formulation's column sort (bitonic-transpose), reading runs of C >= 4
//           consecutive pairs (whole 32-byte memory sectors).
// Several elements per invocation: each does TILE / (2 GROUP_SIZE) exchanges per step.
// Reads and writes SSBO_SORT_PAIRS.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef TILE
#define TILE 4096  // pairs per shared-memory tile, a power of two >= 2 GROUP_SIZE (32 KiB of uvec2)
#endif
#ifndef MODE
#define MODE 0
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "common/bindings.h"
#include "grid/sort_common.glsl"

layout(std430, binding = SSBO_SORT_PAIRS) buffer Pairs { uvec2 b_pairs[]; };
// MODE 0: (k, j, exchanges in a step = padded length / 2); MODE 2: (k, hi, lo); MODE 1: unused
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

#if MODE == 1
#define TILE_HI (uint(TILE) / 2u)  // TILE consecutive pairs
#define TILE_LO 1u
#else
#define TILE_HI u_stage.y
#define TILE_LO u_stage.z
#endif

// Tile slot e = row * C + column  <->  pair base + row * lo + column.
struct Layout {
  uint base, columnBits, lo;
};

Layout tileLayout() {
  uint rows = 2u * TILE_HI / TILE_LO;
  uint columns = uint(TILE) / rows;
  uint blocksPerRow = TILE_LO / columns;  // column blocks side by side within lo
  uint block = gl_WorkGroupID.x % blocksPerRow, high = gl_WorkGroupID.x / blocksPerRow;
  return Layout(high * 2u * TILE_HI + block * columns, uint(findLSB(columns)), TILE_LO);
}

uint pairIndex(Layout t, uint e) { return t.base + (e >> t.columnBits) * t.lo + (e & ((1u << t.columnBits) - 1u)); }

// One compare-exchange step at global stride j (lo <= j <= hi) of stage k, in the tile.
void exchange(Layout t, uint k, uint j) {
  uint local = (j / t.lo) << t.columnBits;
  for (uint s = gl_LocalInvocationID.x; s < uint(TILE) / 2u; s += uint(GROUP_SIZE)) {
    uint e = 2u * s - (s & (local - 1u));
    uint l = e + local;
    uvec2 a = g_tile[e], b = g_tile[l];
    bool ascending = (pairIndex(t, e) & k) == 0u;  // the direction follows the global index
    if (pairLess(b, a) == ascending) {
      g_tile[e] = b;
      g_tile[l] = a;
    }
  }
  barrier();
}

void main() {
  Layout t = tileLayout();
  for (uint e = gl_LocalInvocationID.x; e < uint(TILE); e += uint(GROUP_SIZE)) g_tile[e] = b_pairs[pairIndex(t, e)];
  barrier();
#if MODE == 1
  for (uint k = 2u; k <= uint(TILE); k <<= 1u) {
    for (uint j = k >> 1u; j > 0u; j >>= 1u) exchange(t, k, j);
  }
#else
  for (uint j = TILE_HI; j >= TILE_LO && j > 0u; j >>= 1u) exchange(t, u_stage.x, j);
#endif
  for (uint e = gl_LocalInvocationID.x; e < uint(TILE); e += uint(GROUP_SIZE)) b_pairs[pairIndex(t, e)] = g_tile[e];
}
#endif
