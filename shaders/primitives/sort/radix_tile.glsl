#ifndef BOIDS_RADIX_TILE_GLSL
#define BOIDS_RADIX_TILE_GLSL
// A tile of (key, value) pairs ranked stably by one radix digit of the key, in shared memory: the
// step that radix.comp's scatter (reduce-then-scan) and its one-sweep pass share. After
// rankTile(), g_keys / g_values hold the tile ordered by digit, pairs of one digit in their input
// order; g_start[d] is where digit d begins in the tile and g_count[d] how many real pairs have it.
//
// Two ways to rank, the same result:
//   RANK_SUBGROUP 1: warp-level multisplit (Ashkiani et al. 2016, as CUB's and GPUSorting's
//     one-sweep passes do): each subgroup takes a contiguous stretch of the tile, ITEMS pairs a
//     lane in rounds of one pair a lane; per round, DIGIT_BITS ballots find the lanes that share a
//     digit, and a per-subgroup histogram in shared memory gives each pair its rank.
//   RANK_SUBGROUP 0 (no subgroup ballot, e.g. llvmpipe): a split per digit bit (Blelloch's radix
//     sort of a block): each thread holds ITEMS consecutive pairs, and each bit moves the pairs
//     with it clear before those with it set, keeping order, through one scan of the group.
// Pairs past the end of the input (the last tile) take the key 0xffffffff: their digit is the
// largest and they come last in the tile, after every real pair, where nothing reads them.
//
// Needs (with GL_KHR_shader_subgroup_ballot enabled where RANK_SUBGROUP is 1): GROUP_SIZE, ITEMS, RADIX (most digits: 1 << most digit bits), RANK_SUBGROUP, and
// SUBGROUP_SIZE where RANK_SUBGROUP is 1; the includer's `uint digitOf(uint key)` and u_digitBits.

#define TILE (GROUP_SIZE * ITEMS)

shared uint g_keys[TILE];
shared uint g_values[TILE];
shared uint g_start[RADIX];
shared uint g_count[RADIX];
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

#if RANK_SUBGROUP
#define SUBGROUPS_PER_GROUP (GROUP_SIZE / SUBGROUP_SIZE)
shared uint g_subgroupDigits[SUBGROUPS_PER_GROUP * RADIX];

void rankTile(uint keys[ITEMS], uint values[ITEMS], uint valid) {
  uint lane = gl_LocalInvocationID.x;
  uint sub = lane / uint(SUBGROUP_SIZE);
  for (uint d = lane; d < uint(SUBGROUPS_PER_GROUP * RADIX); d += uint(GROUP_SIZE)) g_subgroupDigits[d] = 0u;
  barrier();
  uint rank[ITEMS];
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
    uint slot = sub * uint(RADIX) + digit;
    uint prior = g_subgroupDigits[slot];
    subgroupBarrier();  // every lane has read before the last lane of its digit adds the round's
    if (before + 1u == subgroupBallotBitCount(same)) g_subgroupDigits[slot] = prior + before + 1u;
    subgroupMemoryBarrierShared();
    subgroupBarrier();
    rank[i] = prior + before;
  }
  barrier();
  // Per digit: its pairs in each subgroup before the subgroup's (subgroups hold the tile in order).
  uint total = 0u;
  if (lane < uint(RADIX)) {
    for (uint s = 0u; s < uint(SUBGROUPS_PER_GROUP); ++s) {
      uint c = g_subgroupDigits[s * uint(RADIX) + lane];
      g_subgroupDigits[s * uint(RADIX) + lane] = total;
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
    uint at = g_start[digit] + g_subgroupDigits[sub * uint(RADIX) + digit] + rank[i];
    g_keys[at] = keys[i];
    g_values[at] = values[i];
  }
  barrier();
  // The padding pairs are the last TILE - valid of the last digit: not counted.
  if (lane == lastDigit()) g_count[lane] -= uint(TILE) - valid;
  barrier();
}

#else

void rankTile(uint keys[ITEMS], uint values[ITEMS], uint valid) {
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
      g_keys[at] = keys[i];
      g_values[at] = values[i];
    }
    barrier();
    for (uint i = 0u; i < uint(ITEMS); ++i) {
      keys[i] = g_keys[tileSlot(i)];
      values[i] = g_values[tileSlot(i)];
    }
    barrier();  // the next bit overwrites the tile
  }
  if (u_digitBits == 0u) {  // nothing to order by: the tile as it came
    for (uint i = 0u; i < uint(ITEMS); ++i) {
      g_keys[tileSlot(i)] = keys[i];
      g_values[tileSlot(i)] = values[i];
    }
  }
  for (uint d = lane; d < uint(RADIX); d += uint(GROUP_SIZE)) g_start[d] = g_count[d] = 0u;
  barrier();
  // Digit boundaries in the ordered tile: where each digit starts and ends.
  for (uint i = 0u; i < uint(ITEMS); ++i) {
    uint e = tileSlot(i), digit = digitOf(keys[i]);
    if (e == 0u || digitOf(g_keys[e - 1u]) != digit) g_start[digit] = e;
    if (e + 1u == uint(TILE) || digitOf(g_keys[e + 1u]) != digit) g_count[digit] = e + 1u;  // the end, for now
  }
  barrier();
  for (uint d = lane; d < uint(RADIX); d += uint(GROUP_SIZE)) {
    g_count[d] = g_count[d] - g_start[d];
    if (d == lastDigit()) g_count[d] -= uint(TILE) - valid;
  }
  barrier();
}

#endif
#endif
