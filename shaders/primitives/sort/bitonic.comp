#version 430 core
// Bitonic sort of (key, value) pairs (Batcher 1968), padded to a power of two with sentinels.
// Step (s, b) of the network: pairs i and i ^ 2^b are compared, ascending where bit s of i is 0;
// the steps run in order, stage s = 1 .. log2 n taking the bits s - 1, s - 2, ..., 0.
//   MODE 0, global step: one (k = 2^s, j = 2^b) over the whole array, one compare-exchange per
//           invocation (bitonic-global does every step this way; bitonic-shared the strides >= TILE).
//   MODE 1, tile sort:   each group sorts TILE consecutive pairs in shared memory: every stage
//           up to TILE.
//   MODE 2, general tile pass: each group holds the TILE pairs whose indices agree outside a set
//           of log2 TILE "held" index bits, and runs a list of steps whose strides are held bits.
//           A step only ever pairs indices that differ in its stride bit, so any run of
//           consecutive steps whose stride bits are held is a pass over memory, whatever stages
//           it crosses: the C++ plan (planBitonicPasses, sort.hpp) packs the tail of one stage
//           and the head of the next into one pass (with tiles of 4096, 12 passes instead of 16
//           after the tile sort at 1M pairs). The held bits keep their order in the tile: tile
//           slot bit t is the t-th lowest held index bit, so slot e is pair base | deposit(e), the
//           slot's bits spread over the held bits, and base is the group's ID spread over the
//           others (both given as a few runs of contiguous bits). The plan holds index bits
//           0 .. 2 always, so a pass reads and writes runs of at least 8 consecutive pairs (64
//           bytes, 2 sectors). A step gives its stride as a slot bit and its direction bit as a
//           slot bit mask when bit s is held, or else a mask of the base (then the whole group
//           goes one way).
//           This is the column sort of the transpose formulation when the held bits are 0 .. 2
//           and a run of high bits, and bitonic-shared's tile merge when they are 0 .. 11.
// Reads and writes SORT_SLOT_PAIRS.

#ifndef TILE
#define TILE 4096  // pairs per shared-memory tile, a power of two (16 KiB: it passes in halves)
#endif
#ifndef ITEM_BITS
#define ITEM_BITS 3  // MODE 1 and 2: 2^ITEM_BITS pairs per invocation, in registers (at most 4; sort.cpp picks)
#endif
#ifndef GROUP_SIZE
#define GROUP_SIZE 256  // MODE 0; MODE 1 and 2 take TILE >> ITEM_BITS
#endif
#ifndef MODE
#define MODE 0
#endif
// SORT_INT64, defined where the context has GL_ARB_gpu_shader_int64: a pair compares as one
// uint64 key << 32 | value (sort_common.glsl); without it, as two uints.
#ifdef SORT_INT64
#extension GL_ARB_gpu_shader_int64 : require
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "primitives/sort/sort_slots.h"
#include "primitives/sort/sort_common.glsl"

// CHAINED (tile sort and tile passes): the dispatches of a sort go with no glMemoryBarrier between
// them; each group waits only until the groups of the dispatch before that wrote its pairs have
// counted themselves done, and reads the pairs from L2 (coherent). See waitForDispatchBefore().
#ifdef CHAINED
#define PAIRS_QUALIFIER coherent
#else
#define PAIRS_QUALIFIER
#endif
layout(std430, binding = SORT_SLOT_PAIRS) PAIRS_QUALIFIER buffer Pairs { uvec2 b_pairs[]; };

#if MODE == 0
layout(location = SORT_LOC_STAGE) uniform uvec3 u_stage;  // (k, j, exchanges in a step = padded length / 2)

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
// change of window goes through shared memory (exchange() below). A tile sort of 4096 pairs
// takes 21 windows for its 78 steps with 16 pairs per invocation (28 with 8); a 12-step pass
// of bitonic-transpose at 1M pairs, with 16, takes 3 or 4 (4 or 5 with 8).
#define ITEMS (1 << ITEM_BITS)

// An item in registers. With int64 a pair is one uint64, key << 32 | value, so that a
// compare-exchange is a min and a max with nothing to repack; memory holds (key, value).
#ifdef SORT_INT64
#define Item uint64_t
Item toItem(uvec2 pair) { return packUint2x32(pair.yx); }
uvec2 toPair(Item item) { return unpackUint2x32(item).yx; }
#else
#define Item uvec2
Item toItem(uvec2 pair) { return pair; }
uvec2 toPair(Item item) { return item; }
#endif
uint pairHalf(Item item, int h) {  // h 0: the key, 1: the value
  uvec2 pair = toPair(item);
  return pair[h];
}
Item withHalf(Item item, int h, uint value) {
  uvec2 pair = toPair(item);
  pair[h] = value;
  return toItem(pair);
}
Item r_items[ITEMS];

// The tile passes through shared memory half a pair at a time (the keys, then the values), 4
// bytes a pair: a tile of 4096 pairs in 16 KiB. On the H200 a group's shared memory, not its
// registers, limited how many groups a multiprocessor ran: in halves, two groups of 4096 pairs
// share one. The halves cost two more barriers a window move (three: before each half's stores
// but the first, and between its stores and loads).
shared uint g_tile[TILE];

#if MODE == 1
uint groupBase() { return gl_WorkGroupID.x * uint(TILE); }
uint pairIndex(uint base, uint e) { return base + e; }
#else
layout(location = SORT_LOC_PASS) uniform uvec3 u_pass;                  // (steps, read straight, write straight)
layout(location = SORT_LOC_HELD) uniform uvec3 u_held[SORT_MAX_RUNS];   // (slot shift, mask, index shift); mask 0: unused
layout(location = SORT_LOC_FREE) uniform uvec3 u_free[SORT_MAX_RUNS];   // (group ID shift, mask, index shift)
// (stride bit in the window | SORT_STEP_STARTS_STAGE, window, slot mask, base mask): sort_slots.h
layout(location = SORT_LOC_STEPS) uniform uvec4 u_steps[SORT_MAX_STEPS];

// The group ID's bits deposited into the index bits the pass does not hold.
uint groupBase() {
  uint base = 0u;
  for (int r = 0; r < SORT_MAX_RUNS; ++r) base |= ((gl_WorkGroupID.x >> u_free[r].x) & u_free[r].y) << u_free[r].z;
  return base;
}
// The slot's bits deposited into the held index bits.
uint pairIndex(uint base, uint e) {
  uint i = base;
  for (int r = 0; r < SORT_MAX_RUNS; ++r) i |= ((e >> u_held[r].x) & u_held[r].y) << u_held[r].z;
  return i;
}
#endif

// Shared-memory address of a tile slot: XOR-swizzled so that the invocations of a warp hit
// distinct banks whichever window they hold. A uint access is served per warp, conflict-free
// when the 32 lanes' addresses differ in bits 0-4. The lanes' slots differ in the 5 lowest slot
// bits outside the window, which move with it. Address bit i (i < 5) is slot bit i XOR slot
// bit i + ITEM_BITS: a window holds at most one bit of each such pair and the lanes vary the
// others of bits 0 .. 4 + ITEM_BITS, so in every window the lanes give 32 distinct values of
// bits 0-4 (slot order, below, too: lanes are slot bits 0-4). Bits 5 and up stay as they are,
// and bit i + ITEM_BITS is recovered before bit i, top down: a permutation (TILE >= 32).
uint bank(uint e) { return e ^ ((e >> uint(ITEM_BITS)) & 31u); }

// While an invocation holds window w, its item m sits at tile slot threadSlots(w) | (m << w):
// the invocation's index with a gap of ITEM_BITS zeros opened at bit w.
uint threadSlots(uint w) {
  uint t = gl_LocalInvocationID.x;
  return ((t >> w) << (w + uint(ITEM_BITS))) | (t & ((1u << w) - 1u));
}

// A map that moves each slot bit on its own (bank(), a pass's slot-to-index map) at an
// invocation's items, slots | (m << w) for m = 0 .. ITEMS - 1: XORs of its value at `slots` and at
// each of the ITEM_BITS window bits, rather than the map once per item.
void spreadOverItems(uint atSlots, uint atBit[ITEM_BITS], out uint value[ITEMS]) {
  value[0] = atSlots;
  for (int k = 0; k < ITEM_BITS; ++k) {
    for (int m = 0; m < (1 << k); ++m) value[m + (1 << k)] = value[m] ^ atBit[k];
  }
}

// The shared-memory addresses of an invocation's items in window w.
void windowAddresses(uint w, out uint address[ITEMS]) {
  uint atBit[ITEM_BITS];
  for (int k = 0; k < ITEM_BITS; ++k) atBit[k] = bank(1u << (w + uint(k)));
  spreadOverItems(bank(threadSlots(w)), atBit, address);
}

// With 8 pairs an invocation, the addresses of the window held are kept from the move that
// brought it in, so that a move works out only those of the window it brings (H100: 152.5 us at
// 1M pairs against 154.6, 52.5 at 64K against 54.3). With 16, the 16 more registers cost more than
// the addresses save (the tile sort alone at 1M: 64.0 us against 52.3; 16M: 3492 against 2975).
#if ITEM_BITS == 3
uint r_heldAddresses[ITEMS];
void heldAddresses(uint w, out uint address[ITEMS]) { address = r_heldAddresses; }
void keepAddresses(uint address[ITEMS]) { r_heldAddresses = address; }
#else
void heldAddresses(uint w, out uint address[ITEMS]) { windowAddresses(w, address); }
void keepAddresses(uint address[ITEMS]) {}
#endif

// An invocation's item k in slot order: slot k * GROUP_SIZE + the invocation, so that
// neighbouring lanes touch neighbouring slots.
uint orderedSlot(int k) { return gl_LocalInvocationID.x + uint(k * GROUP_SIZE); }

void slotAddresses(out uint address[ITEMS]) {
  for (int k = 0; k < ITEMS; ++k) address[k] = bank(orderedSlot(k));
}

// Every invocation's items through shared memory: item m leaves from address from[m] and comes
// back as the pair at address to[m], keys first, then values (each item keeps its old value
// while its new key comes in, and stores that value in the second round). The first stores go
// where this invocation's own last loads came from (or to a tile not used yet), so they need
// no barrier before them.
void exchange(uint from[ITEMS], uint to[ITEMS]) {
  for (int h = 0; h < 2; ++h) {
    if (h > 0) barrier();
    for (int m = 0; m < ITEMS; ++m) g_tile[from[m]] = pairHalf(r_items[m], h);
    barrier();
    for (int m = 0; m < ITEMS; ++m) r_items[m] = withHalf(r_items[m], h, g_tile[to[m]]);
  }
}

// The pair indices of an invocation's items in window w (the base's bits and the mapped slot bits
// never overlap, so XOR is OR here).
void itemIndices(uint base, uint w, out uint index[ITEMS]) {
  uint atBit[ITEM_BITS];
  for (int k = 0; k < ITEM_BITS; ++k) atBit[k] = pairIndex(0u, 1u << (w + uint(k)));
  spreadOverItems(pairIndex(base, threadSlots(w)), atBit, index);
}

// Window w in, straight from memory / out, straight to memory: coalesced where the lanes' low
// slot bits (those below w) are the lowest index bits.
void readWindow(uint base, uint w) {
  uint index[ITEMS];
  itemIndices(base, w, index);
  for (int m = 0; m < ITEMS; ++m) r_items[m] = toItem(b_pairs[index[m]]);
}

void writeWindow(uint base, uint w) {
  uint index[ITEMS];
  itemIndices(base, w, index);
  for (int m = 0; m < ITEMS; ++m) b_pairs[index[m]] = toPair(r_items[m]);
}

// The whole tile from memory into window w / from window w out to memory, in slot order
// through shared memory (window 0 would give each lane ITEMS neighbouring pairs, lanes far
// apart). Each slot's index is mapped on its own here: itemIndices measured slower for these
// loops, while it made the window reads and writes above faster.
void tileIn(uint base, uint w) {
  for (int k = 0; k < ITEMS; ++k) r_items[k] = toItem(b_pairs[pairIndex(base, orderedSlot(k))]);
  uint from[ITEMS], to[ITEMS];
  slotAddresses(from);
  windowAddresses(w, to);
  exchange(from, to);
  keepAddresses(to);
}

void tileOut(uint base, uint w) {
  uint from[ITEMS], to[ITEMS];
  heldAddresses(w, from);
  slotAddresses(to);
  exchange(from, to);
  for (int k = 0; k < ITEMS; ++k) b_pairs[pairIndex(base, orderedSlot(k))] = toPair(r_items[k]);
}

// Window w into the registers in place of window `held`, through shared memory.
void moveWindow(inout int held, int w) {
  if (w == held) return;
  uint from[ITEMS], to[ITEMS];
  heldAddresses(uint(held), from);
  windowAddresses(uint(w), to);
  exchange(from, to);
  keepAddresses(to);
  held = w;
}

// Every comparator of the network points one way here. Step (s, b) sorts pair i descending
// where bit s of i is set; as the bitwise complement reverses the order of pairs, a pair that
// is complemented while its stage sorts it descending is sorted ascending like every other. So
// the registers hold each pair complemented where its current stage's direction bit is set, and
// a change of stage complements the pairs whose direction changes (those whose bits s and s + 1
// differ): a few operations per pair and stage, where working out the direction for every
// compare-exchange cost the H200 about 40 us at 1M pairs. Between dispatches, memory holds the
// pairs turned for the stage of the next step to run (u_turns: the C++ plan says which), so a
// pass turns its registers only where a stage ends inside it; the last dispatch leaves them
// ascending, as they are in memory before and after a sort and around every global step.
struct Direction {
  uint slotMask;  // the stage's direction bit as a tile slot bit, or 0 where the tile does not hold it
  bool base;      // or the group's base has it (then every pair of the group goes one way)
};

// Complement the pairs whose direction differs between `from` and `to`: item m where the bits of
// the two slot masks at its slot, with the two base flags, have odd parity.
void turn(uint w, Direction from, Direction to) {
  uint slotMask = from.slotMask ^ to.slotMask;
  bool flip = (from.base != to.base) != ((bitCount(threadSlots(w) & slotMask) & 1) != 0);
  // Bit m of `odd`: item m is complemented. Item bit k flips the items that have it. (This mask:
  // 235.4 us at 1M on the H200 against 241.6 for a parity per item. Then each item complemented
  // under a test of its bit, where it was XORed with the bit spread over a pair: on an H100 165.0
  // us at 1M against 168.8, 2982 at 16M against 3033.)
  const uint kItemsWithBit[4] = uint[4](0xaaaau, 0xccccu, 0xf0f0u, 0xff00u);
  uint odd = flip ? 0xffffu : 0u;
  for (int k = 0; k < ITEM_BITS; ++k) {
    if ((slotMask & (1u << (w + uint(k)))) != 0u) odd ^= kItemsWithBit[k];
  }
  for (int m = 0; m < ITEMS; ++m) {
    if ((odd & (1u << uint(m))) != 0u) r_items[m] = ~r_items[m];
  }
}

// A step whose stride is bit b of window w: between registers m and m + 2^b, the lesser pair to m.
// The compare-exchanges are the largest part of a sort's time and, by our count, bound by the
// integer pipe's issue rate, so each instruction counts. As a uint64 min with no branch (faster
// than an `if` around the swap), and the greater as the XOR of both with the lesser, which is
// cheaper than a max (a compare and a select for each was slower than the min and max; the greater
// as `a + c - low` measured the same as the XOR: docs/PERFORMANCE.md, "Sort").
void exchangeInRegisters(const uint b) {
  for (uint m = 0u; m < uint(ITEMS); ++m) {
    if ((m & (1u << b)) != 0u) continue;
    uint l = m | (1u << b);
    Item a = r_items[m], c = r_items[l];
#ifdef SORT_INT64
    Item low = min(a, c);
    r_items[m] = low;
    r_items[l] = a ^ c ^ low;
#else
    if (pairLess(c, a)) {
      r_items[m] = c;
      r_items[l] = a;
    }
#endif
  }
}

// The step whose stride is slot bit w + b, with b passed on as a constant, so that the register
// indices are constants once unrolled.
void exchangeBit(uint b) {
#if ITEM_BITS > 3
  if (b == 3u) exchangeInRegisters(3u);
#endif
#if ITEM_BITS > 2
  if (b == 2u) exchangeInRegisters(2u);
#endif
#if ITEM_BITS > 1
  if (b == 1u) exchangeInRegisters(1u);
#endif
  if (b == 0u) exchangeInRegisters(0u);
}

// The registers (window `held`), turned for direction `dir`, turned for `to` instead.
void turnTo(int held, inout Direction dir, Direction to) {
  if (to.slotMask != dir.slotMask || to.base != dir.base) {
    turn(uint(held), dir, to);
    dir = to;
  }
}

// What the tile sort or a tile pass starts from and leaves: x, whether memory holds the pairs
// turned for its first step's stage (else ascending); y and z, the slot mask and base mask of the
// direction to leave them in (that of the stage of the step after its last, or none).
layout(location = SORT_LOC_TURNS) uniform uvec3 u_turns;

Direction exitDirection(uint base) { return Direction(u_turns.y, (base & u_turns.z) != 0u); }

#ifdef CHAINED
#ifndef SPIN_LIMIT
#define SPIN_LIMIT 4000000u  // polls (each an L2 round trip) before a wait gives up and counts a stall
#endif
layout(std430, binding = SORT_SLOT_CHAIN) coherent volatile buffer Chain { uint b_chain[]; };
layout(location = SORT_LOC_WAIT) uniform uvec3 u_wait;
layout(location = SORT_LOC_DONE) uniform uvec4 u_done;

// The bits of `value` under `mask`, packed down.
uint extractBits(uint value, uint mask) {
  uint bits = 0u;
  for (uint k = 0u; mask != 0u; ++k) {
    int b = findLSB(mask);
    bits |= ((value >> uint(b)) & 1u) << k;
    mask &= mask - 1u;
  }
  return bits;
}

// A barrier between dispatches waits for every group of the one before, and a dispatch and its
// barrier have a fixed cost however little they do (docs/PERFORMANCE.md, "Reduce":
// baseline/dispatch). Chained, a group of a pass starts as soon as the 2 to 256 groups it reads
// from (at 1M pairs; planBitonicChain, sort.hpp) are done, while the rest of the dispatch before
// still runs. Forward progress: the groups waited on belong to an earlier dispatch, all of whose
// groups the driver starts before any of this one's (sort.cpp, dispatchesStartInOrder); the wait
// is bounded all the same, and one that gives up is counted (Sorter::stalledWaits) and goes on.
// The handoff is CUDA's grid-sync pattern: the writers' barrier, then one invocation's fence and
// atomic; the reader's poll, fence and barrier. It relies on the barrier and a device-scope fence
// being cumulative (they are on NVIDIA, PTX's memory model); by the letter of GLSL every
// invocation would fence its own stores, which measured slower. On llvmpipe dispatches run one
// after another and nothing waits.
void waitForDispatchBefore() {
  if (u_done.w != 0u) {  // the tile sort: the other set of counts, zeroed for the next sort
    uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
    for (uint k = gl_GlobalInvocationID.x; k < u_done.w; k += stride) b_chain[u_done.z + k] = 0u;
  }
  if (gl_LocalInvocationIndex == 0u && u_wait.x != 0u) {
    uint at = u_wait.x - 1u + extractBits(gl_WorkGroupID.x, u_wait.y);
    uint polls = 0u;
    while (b_chain[at] < u_wait.z) {
      if (++polls == SPIN_LIMIT) {
        atomicAdd(b_chain[0], 1u);
        break;
      }
    }
    memoryBarrierBuffer();
  }
  barrier();
}

void countDone() {
  if (u_done.x == 0u) return;
  barrier();
  if (gl_LocalInvocationIndex == 0u) {
    memoryBarrierBuffer();  // after the barrier: the group's pairs are out before it counts itself done (see above)
    atomicAdd(b_chain[u_done.x - 1u + extractBits(gl_WorkGroupID.x, u_done.y)], 1u);
  }
}
#else
void waitForDispatchBefore() {}
void countDone() {}
#endif

#if MODE == 1
void main() {
  uint base = groupBase();
  waitForDispatchBefore();
  // Stage s, stride bits s - 1 .. 0, in windows aligned to the top one; `held` carries over, so a
  // stage that starts in the window the previous one ended in goes on without shared memory.
  // The direction is bit s of base + slot: a slot bit below TILE, the base's bit at TILE.
  int held = 0;  // stage 1's window
  tileIn(base, 0u);
  Direction dir = Direction(0u, false);
  for (int s = 1; (1 << s) <= TILE; ++s) {
    uint k = 1u << s;
    turnTo(held, dir, Direction(k & uint(TILE - 1), (base & k) != 0u));
    for (int top = s - 1; top >= 0;) {
      int w = max(top - ITEM_BITS + 1, 0);
      moveWindow(held, w);
      for (int bit = top; bit >= w; --bit) exchangeBit(uint(bit - held));
      top = w - 1;
    }
  }
  turnTo(held, dir, exitDirection(base));
  tileOut(base, uint(held));
  countDone();
}
#else
void main() {
  uint base = groupBase();
  waitForDispatchBefore();
  // The windows come from the plan (the C++ side): a new one only where a step's stride leaves
  // the one held; the first and last straight from and to memory where that is coalesced.
  int held = int(u_steps[0].y);
  if (u_pass.y != 0u) {
    readWindow(base, uint(held));
    uint at[ITEMS];
    windowAddresses(uint(held), at);
    keepAddresses(at);
  } else {
    tileIn(base, uint(held));
  }
  Direction dir = u_turns.x != 0u ? Direction(u_steps[0].z, (base & u_steps[0].w) != 0u) : Direction(0u, false);
  // The direction is worked out only where a stage starts (the plan marks those steps), and the
  // stride comes as its bit in the window.
  for (uint i = 0u; i < u_pass.x; ++i) {
    uvec4 s = u_steps[i];
    moveWindow(held, int(s.y));
    if ((s.x & SORT_STEP_STARTS_STAGE) != 0u) turnTo(held, dir, Direction(s.z, (base & s.w) != 0u));
    exchangeBit(s.x & (SORT_STEP_STARTS_STAGE - 1u));
  }
  turnTo(held, dir, exitDirection(base));
  if (u_pass.z != 0u) {
    writeWindow(base, uint(held));
  } else {
    tileOut(base, uint(held));
  }
  countDone();
}
#endif
#endif
