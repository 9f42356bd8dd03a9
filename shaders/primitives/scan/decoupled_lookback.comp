#version 430 core
// Exclusive prefix sum of uints in one pass: single-pass scan with decoupled look-back (Merrill and
// Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVIDIA 2016). Each group
// takes a tile (its group index on a GPU, which launches groups in order; elsewhere the next tile
// from a counter, so that a tile only ever waits on tiles that have started), scans it, publishes
// its aggregate, then walks back over its predecessors' published aggregates and inclusive
// prefixes until it meets an inclusive one, publishes its own inclusive prefix and writes its
// outputs. Reads the input once and writes the output once: 2n words.
//
// Forward progress: GL promises nothing about groups running concurrently (Mesa's llvmpipe may run
// them one after another). A tile that waits on a predecessor for SPIN_LIMIT polls reduces that
// predecessor's inputs itself and looks further back (the decoupled fallback of Smith, Levien and
// Owens, "Decoupled Fallback", 2024), so the pass always ends. Out of place: the fallback reads
// inputs that the predecessor may already be overwriting if input and output were one buffer.
//
// Status (SCAN_SLOT_STATUS): two tile counters, then one word per tile, (value << 3) | (parity << 2)
// | flag, flag 1 aggregate, 2 inclusive prefix: a flag and its value are written by one atomic and
// read by one load, with no fence between two words (as GPUSorting does). Runs alternate parity
// (u_parity) and counter: a word left by the run before reads as "nothing yet", and each run
// zeroes the counter of the run after it, so a run needs no clearing pass (the C++ side clears
// the words only when the tile count grows, past what the last run overwrote). So a value has 29
// bits: this variant scans inputs whose total is below 2^29 (the counts and flags it serves: at
// most a few per element of an array of at most 2^26), where reduce-then-scan takes any uints.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef VEC
#define VEC 2      // uvec4s per invocation: a tile of GROUP_SIZE * 4 * VEC uints (engine/primitives/scan/scan.cpp chooses, and says why)
#endif
#ifndef SUBGROUPS
#define SUBGROUPS 0
#endif
#ifndef SPIN_LIMIT
#define SPIN_LIMIT 1024   // polls of one predecessor's flag before the group reduces its inputs instead
#endif
#ifndef TILES_BY_GROUP_ID
#define TILES_BY_GROUP_ID 0  // 1: tile = group index (a group a tile); 0: tiles claimed from a counter as groups start
#endif
#ifndef ALWAYS_FALL_BACK
#define ALWAYS_FALL_BACK 0  // 1 (tests): never read a predecessor's sums, always reduce its inputs
#endif
#if SUBGROUPS
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#endif


#define FLAG_NONE 0u
#define FLAG_AGGREGATE 1u
#define FLAG_INCLUSIVE 2u

layout(local_size_x = GROUP_SIZE) in;
#include "primitives/scan/scan_slots.h"

layout(std430, binding = SCAN_SLOT_IN) readonly buffer In4 { uvec4 b_in4[]; };
layout(std430, binding = SCAN_SLOT_IN) readonly buffer In { uint b_in[]; };
layout(std430, binding = SCAN_SLOT_OUT) writeonly buffer Out4 { uvec4 b_out4[]; };
layout(std430, binding = SCAN_SLOT_OUT) writeonly buffer Out { uint b_out[]; };
// volatile: a predecessor's word is read with a plain load each poll (measured on an H200, 16M:
// 66.4 us against 69.0 with atomicAdd(word, 0), whose read-modify-writes of one word serialise).
layout(std430, binding = SCAN_SLOT_STATUS) coherent volatile buffer Status { uint b_counters[2]; uint b_status[]; };
layout(location = SCAN_LOC_COUNT) uniform uint u_count;
layout(location = SCAN_LOC_TILES) uniform uint u_tiles;
layout(location = SCAN_LOC_PARITY) uniform uint u_parity;  // this run's: 0 or 1, alternating

#include "primitives/scan/scan_tile.glsl"

void publish(uint tile, uint flag, uint value) {
  atomicExchange(b_status[tile], (value << 3u) | (u_parity << 2u) | flag);  // only this tile's group writes it, in order
}

// A tile's flag, and the value it announces (one word: no ordering between two loads needed).
uint readStatus(uint tile, out uint value) {
  uint word = b_status[tile];
  value = word >> 3u;
  return ((word >> 2u) & 1u) == u_parity ? word & 3u : FLAG_NONE;  // the last run's word: nothing yet
}

shared uint g_exclusive;  // the look-back's running sum of everything before this tile
shared int g_back;        // the predecessor it stopped at: -1 when done, else a stalled one

// Invocation 0 walks back from `back`, adding predecessors' aggregates until an inclusive prefix
// (done: g_back = -1), or until one predecessor stays silent for SPIN_LIMIT polls (g_back = that
// one). Loops are short: on Mesa's llvmpipe every loop iteration of an invocation counts against
// one budget (65535), after which loops end silently.
void walkBack(int back, uint exclusive) {
  uint spins = 0u;
  while (back >= 0) {
    uint value = 0u;
    uint flag = ALWAYS_FALL_BACK != 0 ? FLAG_NONE : readStatus(uint(back), value);
    if (flag != FLAG_NONE) {
      exclusive += value;
      back = flag == FLAG_INCLUSIVE ? -1 : back - 1;
      spins = 0u;
    } else if (++spins >= uint(SPIN_LIMIT) || ALWAYS_FALL_BACK != 0) {
      break;  // stalled: the group reduces its inputs instead
    }
  }
  g_exclusive = exclusive;
  g_back = back;
}

#if SUBGROUPS
// The same walk by the lanes of subgroup 0 together, a window of gl_SubgroupSize predecessors at a
// time (lane i reads tile back - i), as CUB does: a wave of groups that all published aggregates at
// once is walked past 32 tiles a step instead of one. Before tile 0 reads as an inclusive zero.
void walkBackTogether(int back, uint exclusive) {
  uint lane = gl_SubgroupInvocationID;
  uint spins = 0u;
  while (back >= 0) {
    int p = back - int(lane);
    uint flag = FLAG_INCLUSIVE, value = 0u;
    if (p >= 0) flag = ALWAYS_FALL_BACK != 0 ? FLAG_NONE : readStatus(uint(p), value);
    uvec4 inclusives = subgroupBallot(flag == FLAG_INCLUSIVE);
    uvec4 silent = subgroupBallot(flag == FLAG_NONE);
    uint firstInclusive = subgroupBallotBitCount(inclusives) > 0u ? subgroupBallotFindLSB(inclusives) : gl_SubgroupSize;
    uint firstSilent = subgroupBallotBitCount(silent) > 0u ? subgroupBallotFindLSB(silent) : gl_SubgroupSize;
    if (firstSilent < firstInclusive) {  // a predecessor has published nothing yet: take what comes before it
      exclusive += subgroupAdd(lane < firstSilent ? value : 0u);
      back -= int(firstSilent);
      spins = firstSilent > 0u ? 0u : spins + 1u;
      if (spins >= uint(SPIN_LIMIT) || ALWAYS_FALL_BACK != 0) break;  // stalled at `back`
      continue;
    }
    exclusive += subgroupAdd(lane <= firstInclusive ? value : 0u);
    spins = 0u;
    back = firstInclusive < gl_SubgroupSize ? -1 : back - int(gl_SubgroupSize);
  }
  if (subgroupElect()) {
    g_exclusive = exclusive;
    g_back = back;
  }
}
#endif

// The sum of every element before `tile`, by the whole group in step (uniform control flow): every
// invocation keeps the running sum in a register, read back from shared memory after each walk.
uint lookBack(uint tile) {
  uint exclusive = 0u;
  int back = int(tile) - 1;
  for (;;) {
#if SUBGROUPS
    if (gl_SubgroupID == 0u) walkBackTogether(back, exclusive);
#else
    if (gl_LocalInvocationID.x == 0u) walkBack(back, exclusive);
#endif
    barrier();
    back = g_back;
    exclusive = g_exclusive;
    barrier();
    if (back < 0) return exclusive;
    // The fallback: no waiting on a group that may not be running; its inputs are still intact
    // (the pass is out of place), so their sum is its aggregate.
    exclusive += reduceTile(uint(back) * uint(TILE));
    --back;
  }
}

shared uint g_tile;

// One tile per group. In group order on a GPU (TILES_BY_GROUP_ID); elsewhere claimed from this
// run's counter, one group a tile up to the context's limit and only past it more (a fair share
// each, never another group's): on llvmpipe,
// groups run one after another on each thread, so a group's invocation 0 then waits on at most one
// unpublished predecessor per other thread, and its loops stay far inside llvmpipe's
// per-invocation iteration budget. Group 0 zeroes the counter of the run after this one.
void main() {
  uint lane = gl_LocalInvocationID.x;
  if (gl_WorkGroupID.x == 0u && lane == 0u) b_counters[1u - u_parity] = 0u;  // for the next run
  // At most a fair share of the tiles: a group that finished early must not claim the tiles of
  // groups that have not started, or on llvmpipe one invocation's loops would run through many
  // tiles and out of its iteration budget (where loops stop silently).
  uint share = (u_tiles + gl_NumWorkGroups.x - 1u) / gl_NumWorkGroups.x;
  for (uint claimed = 0u; claimed < share; ++claimed) {
#if TILES_BY_GROUP_ID
    uint tile = gl_WorkGroupID.x;  // exactly u_tiles groups
#else
    if (lane == 0u) g_tile = atomicAdd(b_counters[u_parity], 1u);
    barrier();
    uint tile = g_tile;
    barrier();
    if (tile >= u_tiles) return;  // uniform: every lane read the same tile
#endif
    uint start = tile * uint(TILE);

    uvec4 values[VEC];
    uint aggregate = scanTile(start, values);
    if (lane == 0u) publish(tile, tile == 0u ? FLAG_INCLUSIVE : FLAG_AGGREGATE, aggregate);
    uint exclusive = tile == 0u ? 0u : lookBack(tile);
    if (lane == 0u && tile > 0u) publish(tile, FLAG_INCLUSIVE, exclusive + aggregate);
    storeTile(start, values, exclusive);
#if TILES_BY_GROUP_ID
    break;  // one tile a group: the barrier below guards a next tile there is none of
#endif
    barrier();  // the shared state is rewritten by the next tile
  }
}
