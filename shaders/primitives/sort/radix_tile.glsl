#ifndef BOIDS_RADIX_TILE_GLSL
#define BOIDS_RADIX_TILE_GLSL
// A tile of (key, value) pairs ordered stably by one radix digit of the key, through shared
// memory: the step that radix.comp's scatter (reduce-then-scan) and its one-sweep pass share.
// rankTile() takes the tile in registers as loaded (tileSlot()) and gives it back in registers
// ordered by digit, pairs of one digit in their input order, invocation i holding ordered slots
// i, i + GROUP_SIZE, ...; g_start[d] is where digit d begins in the ordered tile and g_count[d]
// how many real pairs have it.
//
// Two ways to rank, the same result:
//   RANK_SUBGROUP 1: warp-level multisplit (Ashkiani et al. 2016, as CUB's and GPUSorting's
//     one-sweep passes do): each subgroup takes a contiguous stretch of the tile, ITEMS pairs a
//     lane in rounds of one pair a lane; per round, one ballot per digit bit finds the lanes that
//     share a digit, and a per-subgroup count of each digit in shared memory gives each pair its
//     rank. The tile then goes through shared memory keys first, values after, in one array, so
//     a group holds 4 bytes a pair there (16 KiB for 4096 pairs): more groups fit on a
//     multiprocessor, which is what hides the loads' latency.
//   RANK_SUBGROUP 0 (no subgroup ballot, e.g. llvmpipe): a split per digit bit (Blelloch's radix
//     sort of a block): each invocation holds ITEMS consecutive pairs, and each bit moves the pairs
//     with it clear before those with it set, keeping order, through one scan of the group.
// Pairs past the end of the input (the last tile) take the key 0xffffffff: their digit is the
// largest and they come last in the tile, after every real pair, where nothing reads them.
//
// Needs (with GL_KHR_shader_subgroup_ballot enabled where RANK_SUBGROUP is 1): GROUP_SIZE, ITEMS,
// RADIX (most digits: 1 << most digit bits), RANK_SUBGROUP, and SUBGROUP_SIZE where RANK_SUBGROUP
// is 1; the includer's `uint digitOf(uint key)` and u_digitBits.

#define TILE (GROUP_SIZE * ITEMS)

shared uint g_scan[GROUP_SIZE];

// Exclusive sum of one uint per invocation over the group (Hillis-Steele in shared memory), and
// the group's total. Called by every invocation in uniform control flow.
uint groupExclusiveSum(uint v, out uint total) {
  uint lane = gl_LocalInvocationID.x;
  g_scan[lane] = v;
  barrier();
  for (uint offset = 1u; offset < uint(GROUP_SIZE); offset <<= 1u) {
    uint add = lane >= offset ? g_scan[lane - offset] : 0u;
    barrier();
    g_scan[lane] += add;
    barrier();
  }
  total = g_scan[GROUP_SIZE - 1];
  uint exclusive = g_scan[lane] - v;
  barrier();  // g_scan is reused by the next call
  return exclusive;
}

#ifdef RANK_TILE
shared uint g_tile[TILE];
shared uint g_start[RADIX];
shared uint g_count[RADIX];

// The largest digit of this pass (padding pairs have it), below RADIX when it sorts fewer bits.
uint lastDigit() { return (1u << u_digitBits) - 1u; }

// Where pair i of this invocation sits in the tile when loaded (and what rankTile expects).
uint tileSlot(uint i) {
#if RANK_SUBGROUP
  // Subgroup-striped: a subgroup's ITEMS * SUBGROUP_SIZE pairs are contiguous, lanes side by side
  // in each round (coalesced loads).
  uint lane = gl_LocalInvocationID.x % uint(SUBGROUP_SIZE), sub = gl_LocalInvocationID.x / uint(SUBGROUP_SIZE);
  return sub * uint(ITEMS * SUBGROUP_SIZE) + i * uint(SUBGROUP_SIZE) + lane;
#else
  return gl_LocalInvocationID.x * uint(ITEMS) + i;  // blocked: each invocation's pairs consecutive
#endif
}

// Each pair to its slot through g_tile (keys, then values), read back in ordered slots
// lane + j * GROUP_SIZE.
void exchange(uint keys[ITEMS], uint values[ITEMS], uint slots[ITEMS], out uint outKeys[ITEMS], out uint outValues[ITEMS]) {
  uint lane = gl_LocalInvocationID.x;
  for (uint i = 0u; i < uint(ITEMS); ++i) g_tile[slots[i]] = keys[i];
  barrier();
  for (uint j = 0u; j < uint(ITEMS); ++j) outKeys[j] = g_tile[lane + j * uint(GROUP_SIZE)];
  barrier();
  for (uint i = 0u; i < uint(ITEMS); ++i) g_tile[slots[i]] = values[i];
  barrier();
  for (uint j = 0u; j < uint(ITEMS); ++j) outValues[j] = g_tile[lane + j * uint(GROUP_SIZE)];
  barrier();
}

#if RANK_SUBGROUP
#define SUBGROUPS_PER_GROUP (GROUP_SIZE / SUBGROUP_SIZE)
#if SUBGROUPS_PER_GROUP * RADIX > TILE
#error "the subgroups' digit counts share the tile's shared memory: they must fit in it"
#endif

void rankTile(uint keys[ITEMS], uint values[ITEMS], uint valid, out uint outKeys[ITEMS], out uint outValues[ITEMS]) {
  uint lane = gl_LocalInvocationID.x;
  uint sub = lane / uint(SUBGROUP_SIZE);
  // g_tile holds each subgroup's count of each digit while ranking: [subgroup][digit].
  for (uint d = lane; d < uint(SUBGROUPS_PER_GROUP * RADIX); d += uint(GROUP_SIZE)) g_tile[d] = 0u;
  barrier();
  uint slots[ITEMS];
  uvec4 everyone = subgroupBallot(true);
  for (uint i = 0u; i < uint(ITEMS); ++i) {
    uint digit = digitOf(keys[i]);
    uvec4 same = everyone;  // the lanes whose digit agrees in every bit
    for (uint b = 0u; b < u_digitBits; ++b) {
      bool set = ((digit >> b) & 1u) != 0u;
      uvec4 ballot = subgroupBallot(set);
      same &= set ? ballot : ~ballot;
    }
    uint before = subgroupBallotExclusiveBitCount(same);
    uint at = sub * uint(RADIX) + digit;
    uint prior = g_tile[at];
    subgroupBarrier();  // every lane has read before the last lane of its digit adds the round's
    if (before + 1u == subgroupBallotBitCount(same)) g_tile[at] = prior + before + 1u;
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    slots[i] = prior + before;  // rank within the subgroup's pairs of this digit, for now
  }
  barrier();
  // Per digit: its pairs in the subgroups before each subgroup (they hold the tile in order).
  uint total = 0u;
  if (lane < uint(RADIX)) {
    for (uint s = 0u; s < uint(SUBGROUPS_PER_GROUP); ++s) {
      uint c = g_tile[s * uint(RADIX) + lane];
      g_tile[s * uint(RADIX) + lane] = total;
      total += c;
    }
  }
  uint tileTotal;
  uint start = groupExclusiveSum(lane < uint(RADIX) ? total : 0u, tileTotal);  // barriers inside
  if (lane < uint(RADIX)) {
    g_start[lane] = start;
    g_count[lane] = total;
  }
  barrier();
  for (uint i = 0u; i < uint(ITEMS); ++i) {
    uint digit = digitOf(keys[i]);
    slots[i] += g_start[digit] + g_tile[sub * uint(RADIX) + digit];
  }
  barrier();  // the counts are read: g_tile takes the pairs
  // The padding pairs are the last TILE - valid of the last digit: not counted.
  if (lane == lastDigit()) g_count[lane] -= uint(TILE) - valid;
  exchange(keys, values, slots, outKeys, outValues);
}

#else
shared uint g_values[TILE];  // the split moves keys (g_tile) and values together

void rankTile(uint keys[ITEMS], uint values[ITEMS], uint valid, out uint outKeys[ITEMS], out uint outValues[ITEMS]) {
  uint lane = gl_LocalInvocationID.x;
  for (uint b = 0u; b < u_digitBits; ++b) {
    uint clear = 0u;
    for (uint i = 0u; i < uint(ITEMS); ++i) clear += ((digitOf(keys[i]) >> b) & 1u) ^ 1u;
    uint clearTotal;
    uint clearBefore = groupExclusiveSum(clear, clearTotal);
    for (uint i = 0u; i < uint(ITEMS); ++i) {
      uint setBefore = lane * uint(ITEMS) + i - clearBefore;  // pairs before this one with the bit set
      bool set = ((digitOf(keys[i]) >> b) & 1u) != 0u;
      uint at = set ? clearTotal + setBefore : clearBefore;
      clearBefore += set ? 0u : 1u;
      g_tile[at] = keys[i];
      g_values[at] = values[i];
    }
    barrier();
    for (uint i = 0u; i < uint(ITEMS); ++i) {
      keys[i] = g_tile[tileSlot(i)];
      values[i] = g_values[tileSlot(i)];
    }
    barrier();  // the next bit overwrites the tile
  }
  for (uint d = lane; d < uint(RADIX); d += uint(GROUP_SIZE)) g_start[d] = g_count[d] = 0u;
  uint slots[ITEMS];
  for (uint i = 0u; i < uint(ITEMS); ++i) slots[i] = tileSlot(i);  // ordered now: each pair where it is
  exchange(keys, values, slots, outKeys, outValues);  // barriers inside (after the zeroing too)
  // Digit boundaries in the ordered tile: where each digit starts and ends.
  for (uint j = 0u; j < uint(ITEMS); ++j) g_tile[lane + j * uint(GROUP_SIZE)] = outKeys[j];
  barrier();
  for (uint j = 0u; j < uint(ITEMS); ++j) {
    uint e = lane + j * uint(GROUP_SIZE), digit = digitOf(outKeys[j]);
    if (e == 0u || digitOf(g_tile[e - 1u]) != digit) g_start[digit] = e;
    if (e + 1u == uint(TILE) || digitOf(g_tile[e + 1u]) != digit) g_count[digit] = e + 1u;  // the end, for now
  }
  barrier();
  for (uint d = lane; d < uint(RADIX); d += uint(GROUP_SIZE)) {
    g_count[d] = g_count[d] - g_start[d];
    if (d == lastDigit()) g_count[d] -= uint(TILE) - valid;
  }
  barrier();
}

#endif
#endif  // RANK_TILE
#endif
