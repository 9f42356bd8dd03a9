#version 430 core
// Least-significant-digit radix sorts of (key, value) pairs by key, stable: pairs of one key keep
// their input order. The grid's values are the pairs' own indices, so that is std::sort's order on
// (key, value). Only the key bits in use are sorted (a 64^3 grid: 18 bits, three passes of six).
// Each digit pass reads SORT_SLOT_RADIX_IN and writes SORT_SLOT_RADIX_OUT (out of place).
//
// radix, reduce-then-scan (Merrill and Grimshaw, "High Performance and Scalable Radix Sorting",
// 2011), three dispatches a digit:
//   MODE 0, count:   each tile's digit counts -> SORT_SLOT_DIGITS[digit * tiles + tile]
//   (the scan primitive turns them into each (digit, tile)'s first output slot, in a second buffer)
//   MODE 1, scatter: each tile ranked by digit in shared memory (radix_tile.glsl), then each pair
//                    written to its digit's slot for this tile plus its rank within the tile.
// onesweep (Adinets and Merrill, "Onesweep: A Faster Least Significant Digit Radix Sort for GPUs",
// 2022; after b0nes164's GPUSorting), one dispatch a digit after one that counts every digit:
//   MODE 2, histogram: every pass's digit counts over all pairs, at once -> SORT_SLOT_STATUS
//   MODE 3, pass:      a tile claimed from a counter, ranked, its digit counts published; then a
//                      look-back over the tiles before it (decoupled, as the scan primitive's) gives
//                      each digit's output slot, and the tile scatters. Tile 0 starts each digit
//                      where the digits below it end: the exclusive scan of the pass's counts.
//
// Forward progress: a tile waits only on tiles claimed before it (a counter, not the group index),
// and after SPIN_LIMIT polls of a silent predecessor it counts that tile's digits from its inputs
// itself (the pass is out of place, so they are intact) and looks further back: the decoupled
// fallback of Smith, Levien and Owens (2024). Where groups run one after another (llvmpipe) the
// pass ends all the same.

#ifndef MODE
#define MODE 0
#endif
#ifndef GROUP_SIZE
#define GROUP_SIZE 256  // invocations; also the most digits (RADIX) a group handles one a lane
#endif
#ifndef ITEMS
#define ITEMS 8         // pairs per invocation: a tile is GROUP_SIZE * ITEMS (radix.cpp picks by shared memory)
#endif
#ifndef RADIX
#define RADIX 256       // the most digits a pass sorts by (8 bits); a pass may use fewer (u_radix.z bits)
#endif
#ifndef RANK_SUBGROUP
// 1: rank by subgroup ballots and shuffles, scan by subgroup adds (needs SUBGROUP_SIZE); 0: by bit splits
#define RANK_SUBGROUP 0
#endif
#ifndef SUBGROUP_SIZE
#define SUBGROUP_SIZE 32
#endif
#ifndef SPIN_LIMIT
#define SPIN_LIMIT 1024  // onesweep: polls of a silent predecessor before counting its inputs instead
#endif
#ifndef LOOK_AHEAD
#define LOOK_AHEAD 4  // onesweep: predecessors' status words a look-back step reads at once
#endif
#ifndef ALWAYS_FALL_BACK
#define ALWAYS_FALL_BACK 0  // 1 (tests): never read a predecessor's counts, always count its inputs
#endif
#ifndef PASSES
#define PASSES 4  // the most digit passes (32-bit keys in 8-bit digits)
#endif
#if RANK_SUBGROUP
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle : require
#endif

layout(local_size_x = GROUP_SIZE) in;
#include "primitives/sort/sort_slots.h"

layout(std430, binding = SORT_SLOT_RADIX_IN) readonly buffer In { uvec2 b_in[]; };
layout(std430, binding = SORT_SLOT_RADIX_OUT) writeonly buffer Out { uvec2 b_out[]; };
#if MODE <= 1
layout(std430, binding = SORT_SLOT_DIGITS) buffer Digits { uint b_digits[]; };
#else
// One buffer, zeroed once when made and then kept ready by the sorts themselves (no clear
// between sorts): a tile counter per pass, every pass's digit counts, and a status word per
// (pass, tile, digit). volatile: a predecessor's status word is read with a plain load each poll
// (as the scan's).
layout(std430, binding = SORT_SLOT_STATUS) coherent volatile buffer Status {
  uint b_claimed[PASSES];           // zeroed by the histogram pass
  uint b_digits[2 * PASSES * RADIX];  // two sets of every pass's digit counts, sorts alternating (u_parity):
                                      // a sort counts into its set and zeroes the other for the next
  uint b_status[];                  // zeroed by the histogram pass
};
#endif
layout(location = SORT_LOC_RADIX) uniform uvec4 u_radix;  // (pairs, shift, digit bits, tiles)
layout(location = SORT_LOC_RADIX_PASS) uniform uint u_pass;
// MODE 0 and 2: 1 when the passes are odd in number: the counting pass also copies the pairs to
// SORT_SLOT_RADIX_OUT, where the first digit pass then starts, so the last one ends in place.
layout(location = SORT_LOC_RADIX_COPY) uniform uint u_copy;
layout(location = SORT_LOC_RADIX_PARITY) uniform uint u_parity;  // onesweep: which set of digit counts this sort uses

#define u_count u_radix.x
#define u_shift u_radix.y
#define u_digitBits u_radix.z
#define u_tiles u_radix.w

uint digitOf(uint key) { return (key >> u_shift) & ((1u << u_digitBits) - 1u); }

#if MODE == 1 || MODE == 3
#define RANK_TILE
uint valueAt(uint tile, uint i);  // below: it needs radix_tile.glsl's tileSlot()
#endif
#include "primitives/sort/radix_tile.glsl"

// ---------------------------------------------------------------------------------------------
#if MODE == 0 || MODE == 2
// A group's digit counts in shared memory (MODE 2: of every pass at once).
#if MODE == 0
#define COUNTED RADIX
#else
#define COUNTED (PASSES * RADIX)
#endif
shared uint g_counts[COUNTED];

// Counts the digits of tile `tile` into g_counts (MODE 2: of u_pass passes), copying its pairs to
// SORT_SLOT_RADIX_OUT when u_copy is set. All ITEMS loads first, then the atomics.
void countTile(uint tile) {
  uint lane = gl_LocalInvocationID.x;
  uvec2 pairs[ITEMS];
  for (uint j = 0u; j < uint(ITEMS); ++j) {
    uint i = tile * uint(TILE) + j * uint(GROUP_SIZE) + lane;
    pairs[j] = i < u_count ? b_in[i] : uvec2(0u);
  }
  for (uint j = 0u; j < uint(ITEMS); ++j) {
    uint i = tile * uint(TILE) + j * uint(GROUP_SIZE) + lane;
    if (i >= u_count) break;
    if (u_copy != 0u) b_out[i] = pairs[j];
#if MODE == 0
    atomicAdd(g_counts[digitOf(pairs[j].x)], 1u);
#else
    uint mask = (1u << u_digitBits) - 1u;
    for (uint p = 0u; p < u_pass; ++p) atomicAdd(g_counts[p * uint(RADIX) + ((pairs[j].x >> (p * u_digitBits)) & mask)], 1u);
#endif
  }
}

void main() {
  uint lane = gl_LocalInvocationID.x;
  for (uint d = lane; d < uint(COUNTED); d += uint(GROUP_SIZE)) g_counts[d] = 0u;
  barrier();
#if MODE == 0
  for (uint tile = gl_WorkGroupID.x; tile < u_tiles; tile += gl_NumWorkGroups.x) {
    countTile(tile);
    barrier();
    for (uint d = lane; d < (1u << u_digitBits); d += uint(GROUP_SIZE)) {
      b_digits[d * u_tiles + tile] = g_counts[d];
      g_counts[d] = 0u;
    }
    barrier();
  }
#else
  // The passes' status words and tile counters, zeroed for this sort (nothing reads them before
  // the first digit pass, after this dispatch's barrier).
  uint words = (u_pass * u_tiles) << u_digitBits;
  uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
  for (uint k = gl_GlobalInvocationID.x; k < words; k += stride) b_status[k] = 0u;
  uint mine = u_parity * uint(PASSES * RADIX), next = (1u - u_parity) * uint(PASSES * RADIX);
  for (uint k = gl_GlobalInvocationID.x; k < uint(PASSES * RADIX); k += stride) b_digits[next + k] = 0u;
  if (gl_GlobalInvocationID.x < uint(PASSES)) b_claimed[gl_GlobalInvocationID.x] = 0u;
  for (uint tile = gl_WorkGroupID.x; tile < u_tiles; tile += gl_NumWorkGroups.x) countTile(tile);
  barrier();
  for (uint d = lane; d < u_pass * uint(RADIX); d += uint(GROUP_SIZE)) {
    if (g_counts[d] != 0u) atomicAdd(b_digits[mine + d], g_counts[d]);
  }
#endif
}

// ---------------------------------------------------------------------------------------------
#else  // MODE 1 and 3: rank a tile, find each digit's first output slot, scatter
shared uint g_base[RADIX];  // output slot of each digit's first pair of this tile

// A tile's keys into registers; pairs past the end become padding (key 0xffffffff, radix_tile.glsl).
void loadKeys(uint tile, out uint keys[ITEMS]) {
  for (uint i = 0u; i < uint(ITEMS); ++i) {
    uint at = tile * uint(TILE) + tileSlot(i);
    keys[i] = at < u_count ? b_in[at].x : 0xffffffffu;
  }
}

uint valueAt(uint tile, uint i) {
  uint at = tile * uint(TILE) + tileSlot(i);
  return at < u_count ? b_in[at].y : 0xffffffffu;
}

// The ordered tile (rankTile's keys: slot lane + j * GROUP_SIZE; the values in g_tile) to each
// digit's output slots.
void scatter(uint keys[ITEMS], uint valid) {
  for (uint j = 0u; j < uint(ITEMS); ++j) {
    uint e = gl_LocalInvocationID.x + j * uint(GROUP_SIZE);
    if (e >= valid) break;
    uint digit = digitOf(keys[j]);
    b_out[g_base[digit] + e - g_start[digit]] = uvec2(keys[j], g_tile[e]);
  }
}

#if MODE == 1
void main() {
  uint lane = gl_LocalInvocationID.x;
  for (uint tile = gl_WorkGroupID.x; tile < u_tiles; tile += gl_NumWorkGroups.x) {
    // The digits' output slots first: their load overlaps the ranking (barriers inside).
    for (uint d = lane; d < (1u << u_digitBits); d += uint(GROUP_SIZE)) g_base[d] = b_digits[d * u_tiles + tile];
    uint keys[ITEMS];
    loadKeys(tile, keys);
    uint valid = min(u_count - tile * uint(TILE), uint(TILE));
    uint slots[ITEMS], ordered[ITEMS];
    rankTile(tile, keys, valid, slots);
    orderTile(tile, keys, slots, ordered);
    scatter(ordered, valid);
    barrier();  // the next tile rewrites the shared tile
  }
}

#else  // MODE 3
#define FLAG_NONE 0u
#define FLAG_AGGREGATE 1u  // the tile's own count of the digit
#define FLAG_INCLUSIVE 2u  // the digit's first output slot after this tile
shared uint g_claimedTile;
shared int g_stalled;  // the highest tile a digit's walk stalled at this round; -1: none
shared uint g_pastFirst;  // 1: some digit's walk went past tile 0
shared uint g_fallback[RADIX];

// Where each digit of this pass starts in the output (lane d: digit d): the exclusive scan of the
// pass's counts, made by the group that needs it. Uniform control flow (barriers inside).
uint passOffset() {
  uint lane = gl_LocalInvocationID.x;
  uint count = lane < uint(RADIX) ? b_digits[u_parity * uint(PASSES * RADIX) + u_pass * uint(RADIX) + lane] : 0u;
  uint total;
  return groupExclusiveSum(count, total);
}

uint statusAt(uint tile, uint digit) { return ((u_pass * u_tiles + tile) << u_digitBits) + digit; }
void publish(uint tile, uint digit, uint flag, uint value) { atomicExchange(b_status[statusAt(tile, digit)], (value << 2u) | flag); }

// Each digit's output slot for this tile (into g_base). Lane d < digits walks back alone over the
// tiles before this one, adding their counts of digit d until a tile that published its inclusive
// slot, with no barrier while predecessors answer. A walk that polls a silent tile SPIN_LIMIT
// times stops there; then the group counts the digits of the highest such tile from its inputs,
// the lanes stalled at it take that count and step past it, and every open walk goes on: each
// round retires a stalled tile, so the look-back ends whether or not its predecessors run. A walk
// past tile 0 (only through counted tiles) starts from the pass's digit offset.
void lookBack(uint tile) {
  uint lane = gl_LocalInvocationID.x;
  bool done = lane >= (1u << u_digitBits);
  int back = int(tile) - 1;
  uint sum = 0u;
  bool pastFirst = false;
  if (lane == 0u) {
    g_stalled = -1;
    g_pastFirst = 0u;
  }
  barrier();
  for (;;) {
    uint spins = 0u;
    while (!done) {
      if (back < 0) {  // past tile 0 (only through counted tiles): from the pass's offset, below
        pastFirst = true;
        done = true;
        break;
      }
      // LOOK_AHEAD predecessors' words at once (one round trip, not one each), taken in order up
      // to the first inclusive or silent one.
      uint words[LOOK_AHEAD];
      for (int k = 0; k < LOOK_AHEAD; ++k) {
        words[k] = ALWAYS_FALL_BACK != 0 || back - k < 0 ? 0u : b_status[statusAt(uint(back - k), lane)];
      }
      bool silent = false;
      for (int k = 0; k < LOOK_AHEAD && !done && back >= 0; ++k) {
        uint flag = words[k] & 3u;
        if (flag == FLAG_NONE) {
          silent = true;
          break;
        }
        sum += words[k] >> 2u;
        spins = 0u;
        if (flag == FLAG_INCLUSIVE) {
          done = true;
        } else {
          --back;
        }
      }
      if (silent && (ALWAYS_FALL_BACK != 0 || ++spins >= uint(SPIN_LIMIT))) break;
    }
    if (!done) atomicMax(g_stalled, back);
    barrier();
    int stalled = g_stalled;
    barrier();  // every lane has read it
    if (stalled < 0) break;
    if (lane == 0u) g_stalled = -1;
    for (uint d = lane; d < uint(RADIX); d += uint(GROUP_SIZE)) g_fallback[d] = 0u;
    barrier();
    uint first = uint(stalled) * uint(TILE), end = min(first + uint(TILE), u_count);
    for (uint i = first + lane; i < end; i += uint(GROUP_SIZE)) atomicAdd(g_fallback[digitOf(b_in[i].x)], 1u);
    barrier();
    if (!done && back == stalled) {
      sum += g_fallback[lane];
      --back;
    }
  }
  if (pastFirst) g_pastFirst = 1u;
  barrier();
  if (g_pastFirst != 0u) {
    uint offset = passOffset();
    if (pastFirst) sum += offset;
  }
  if (lane < (1u << u_digitBits)) g_base[lane] = sum;
}

void main() {
  uint lane = gl_LocalInvocationID.x;
  if (lane == 0u) g_claimedTile = atomicAdd(b_claimed[u_pass], 1u);
  barrier();
  uint tile = g_claimedTile;
  uint keys[ITEMS];
  loadKeys(tile, keys);
  uint valid = min(u_count - tile * uint(TILE), uint(TILE));
  uint slots[ITEMS], ordered[ITEMS];
  rankTile(tile, keys, valid, slots);
  // Ordered before the look-back: publishing the counts and looking back as soon as they are known
  // measured slower on the H200 (1036 against 918 us at 16M pairs): the tiles before this one have
  // had the time of the exchange to publish theirs.
  orderTile(tile, keys, slots, ordered);
  uint digits = 1u << u_digitBits;
  if (tile == 0u) {
    uint offset = passOffset();
    if (lane < digits) {
      g_base[lane] = offset;
      publish(tile, lane, FLAG_INCLUSIVE, offset + g_count[lane]);
    }
  } else {
    if (lane < digits) publish(tile, lane, FLAG_AGGREGATE, g_count[lane]);
    lookBack(tile);
    if (lane < digits) publish(tile, lane, FLAG_INCLUSIVE, g_base[lane] + g_count[lane]);
  }
  barrier();
  scatter(ordered, valid);
}
#endif
#endif
