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
// Reads and writes SORT_SLOT_PAIRS.

#ifndef TILE
#define TILE 4096  // pairs per shared-memory tile, a power of two (32 KiB of uvec2)
#endif
#ifndef ITEM_BITS
#define ITEM_BITS 3  // MODE 1 and 2: 2^ITEM_BITS pairs per invocation, in registers (at most 4)
#endif
#ifndef GROUP_SIZE
#define GROUP_SIZE 256  // MODE 0; MODE 1 and 2 take TILE >> ITEM_BITS
#endif
#ifndef MODE
#define MODE 0
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "primitives/sort/sort_slots.h"
#include "primitives/sort/sort_common.glsl"

layout(std430, binding = SORT_SLOT_PAIRS) buffer Pairs { uvec2 b_pairs[]; };
// MODE 0: (k, j, exchanges in a step = padded length / 2); MODE 2: (k, hi, lo); MODE 1: unused
layout(location = SORT_LOC_STAGE) uniform uvec3 u_stage;

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
// The tile passes keep ITEMS pairs per invocation in registers. A round gives each invocation the
// ITEMS pairs whose tile slots differ only in the bits [w, w + ITEM_BITS) (the "window"), so the
// strides of those bits are compare-exchanges between its own registers, with no barrier; only a
// change of window goes through shared memory (one store, one barrier, one load). With 8 pairs
// per invocation a tile sort of 4096 pairs takes 28 windows for its 78 steps, a 12-stride merge 4.
#define ITEMS (1 << ITEM_BITS)
shared uvec2 g_tile[TILE];
uvec2 r_items[ITEMS];

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

// Shared-memory address of a tile slot: XOR-swizzled so that the invocations of a warp hit
// distinct banks whichever window they hold. A uvec2 access is served per half-warp: 16 lanes,
// conflict-free when their addresses differ in bits 0-3. The lanes' slots differ in the 4 slot
// bits their index bits 0-3 land on, which move with the window (ITEM_BITS 3: {3,4,5,6} in window
// 0, {0,1,2,6} in window 3, {0,1,2,3} above); XOR-ing bits 0-3 with bits that vary in the windows
// where they do not maps every window's lanes onto 16 distinct banks. Bits 4 and up stay as they
// are, so the map is a permutation of the tile.
uint bank(uint e) {
#if ITEM_BITS == 3
  return e ^ ((e >> 4u) & 7u) ^ ((e >> 3u) & 8u);
#elif ITEM_BITS == 4
  return e ^ ((e >> 4u) & 15u);
#else
  return e ^ ((e >> ITEM_BITS) & uint(ITEMS - 1));
#endif
}

// While an invocation holds window w, its item m sits at tile slot threadSlots(w) | (m << w):
// the invocation's index with a gap of ITEM_BITS zeros opened at bit w.
uint threadSlots(uint w) {
  uint t = gl_LocalInvocationID.x;
  return ((t >> w) << (w + uint(ITEM_BITS))) | (t & ((1u << w) - 1u));
}

void loadWindow(uint w) {
  uint slots = threadSlots(w);
  for (uint m = 0u; m < uint(ITEMS); ++m) r_items[m] = g_tile[bank(slots | (m << w))];
}

void storeWindow(uint w) {
  uint slots = threadSlots(w);
  for (uint m = 0u; m < uint(ITEMS); ++m) g_tile[bank(slots | (m << w))] = r_items[m];
}

// The step of stage k whose stride is bit `b` of the window w: between registers m and m + 2^b.
// The direction is bit k of the pair's global index. `where` = layout base | threadSlots(w): in a
// tile sort (base a multiple of TILE, consecutive pairs) that OR with the slot is the index; in a
// tile pass k lies above every tile bit, so only the base's bit k matters, and the OR keeps it.
void exchangeInRegisters(uint k, uint where, uint w, const uint b) {
  for (uint m = 0u; m < uint(ITEMS); ++m) {
    if ((m & (1u << b)) != 0u) continue;
    uint l = m | (1u << b);
    bool ascending = ((where | (m << w)) & k) == 0u;
    uvec2 a = r_items[m], c = r_items[l];
    if (pairLess(c, a) == ascending) {
      r_items[m] = c;
      r_items[l] = a;
    }
  }
}

// The steps of stage k for the tile bits top, top - 1, ..., bottom, in windows; `held` is the
// window in the registers (-1: none), kept across calls so a stage that starts in the window the
// previous one ended in goes on without touching shared memory.
void runBits(Layout t, uint k, int top, int bottom, inout int held) {
  while (top >= bottom) {
    int w = max(top - ITEM_BITS + 1, 0);
    if (w != held) {
      if (held >= 0) {
        storeWindow(uint(held));
        barrier();
      }
      loadWindow(uint(w));
      held = w;
    }
    uint where = t.base | threadSlots(uint(w));
    for (int b = ITEM_BITS - 1; b >= 0; --b) {
      int bit = w + b;
      if (bit > top || bit < bottom) continue;
      // Constant arguments, so the register indices are constants once unrolled.
#if ITEM_BITS > 3
      if (b == 3) exchangeInRegisters(k, where, uint(w), 3u);
#endif
#if ITEM_BITS > 2
      if (b == 2) exchangeInRegisters(k, where, uint(w), 2u);
#endif
#if ITEM_BITS > 1
      if (b == 1) exchangeInRegisters(k, where, uint(w), 1u);
#endif
      if (b == 0) exchangeInRegisters(k, where, uint(w), 0u);
    }
    top = w - 1;
  }
}

void main() {
  Layout t = tileLayout();
#if MODE == 1
  // In through shared memory in slot order (window 0 would read 8 pairs per invocation, lanes
  // 64 bytes apart), so the global reads stay coalesced.
  for (uint e = gl_LocalInvocationID.x; e < uint(TILE); e += gl_WorkGroupSize.x) g_tile[bank(e)] = b_pairs[pairIndex(t, e)];
  barrier();
  int held = -1;
  for (int s = 1; (1 << s) <= TILE; ++s) runBits(t, 1u << s, s - 1, 0, held);
#else
  // Global stride j is tile stride (j / lo) << columnBits. The first window holds the top bits,
  // where neighbouring lanes hold neighbouring slots: it is read straight from global memory.
  int bottom = int(t.columnBits), top = findMSB(TILE_HI / TILE_LO) + bottom;
  int held = max(top - ITEM_BITS + 1, 0);
  uint slots = threadSlots(uint(held));
  for (uint m = 0u; m < uint(ITEMS); ++m) r_items[m] = b_pairs[pairIndex(t, slots | (m << uint(held)))];
  runBits(t, u_stage.x, top, bottom, held);
#endif
  // Out through shared memory in slot order: the last window holds each invocation's pairs side
  // by side, which written straight out would scatter every store over a warp's 2 KiB.
  storeWindow(uint(held));
  barrier();
  for (uint e = gl_LocalInvocationID.x; e < uint(TILE); e += gl_WorkGroupSize.x) b_pairs[pairIndex(t, e)] = g_tile[bank(e)];
}
#endif
