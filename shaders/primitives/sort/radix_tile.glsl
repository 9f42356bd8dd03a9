#ifndef BOIDS_RADIX_TILE_GLSL
#define BOIDS_RADIX_TILE_GLSL
// A tile of (key, value) pairs ordered stably by one radix digit of the key, through shared
// memory: the step that radix.comp's scatter (reduce-then-scan) and its one-sweep pass share.
// rankTile() takes the tile's keys in registers as loaded (tileSlot()) and finds each one's slot in
// the tile ordered by digit, keys of one digit in their input order; g_start[d] is then where digit
// d begins in the ordered tile and g_count[d] how many real pairs have it. orderTile() then gives
// the keys back in registers ordered, invocation i holding ordered slots i, i + GROUP_SIZE, ...,
// and puts the values in g_tile at their ordered slots, where the scatter reads them. The values
// come straight from memory (valueAt(), an L2 hit: the keys' loads brought their sectors in), so
// only the keys are in registers while the tile is ranked: 11% faster at 16M pairs on the H200 than
// holding both from the start (885 against 994 us).
//
// Two ways to rank, the same result:
//   RANK_SUBGROUP 1: warp-level multisplit (Ashkiani et al. 2016, as CUB's and GPUSorting's
//     one-sweep passes do): each subgroup takes a contiguous stretch of the tile, ITEMS pairs a
//     lane in rounds of one pair a lane; per round, one ballot per digit bit finds the lanes that
//     share a digit, and a per-subgroup count of each digit in shared memory (one atomic add a
//     round by the digit's highest lane, the old count shuffled to the others) gives each pair its
//     rank. Keys, then values, go through shared memory in one array, 4 bytes a pair (16 KiB for
//     4096 pairs): more groups fit on a multiprocessor, which is what hides the loads' latency.
//   RANK_SUBGROUP 0 (no subgroup ballots, shuffles and adds, e.g. llvmpipe): a split per digit
//     bit (Blelloch's radix sort of a block): each invocation holds ITEMS consecutive pairs, and
//     each bit moves the pairs with it clear before those with it set, keeping order, through one
//     scan of the group.
// Pairs past the end of the input (the last tile) take the key 0xffffffff: their digit is the
// largest and they come last in the tile, after every real pair, where nothing reads them.
//
// Needs (with GL_KHR_shader_subgroup_ballot, _shuffle and _arithmetic enabled where RANK_SUBGROUP
// is 1): GROUP_SIZE, ITEMS, RADIX (most digits: 1 << most digit bits), RANK_SUBGROUP, and
// SUBGROUP_SIZE where RANK_SUBGROUP is 1; the includer's `uint digitOf(uint key)`, `uint
// valueAt(uint tile, uint i)` (the value of this invocation's pair i of the tile, as loaded) and
// u_digitBits.

#define TILE (GROUP_SIZE * ITEMS)

// Exclusive sum of one uint per invocation over the group, and the group's total. Called by
// every invocation in uniform control flow. With subgroups: each subgroup's scan, then one
// subgroup scans their totals (two barriers where Hillis-Steele over 512 invocations takes 18:
// 1% of a 16M-pair sort on the H200).
#if RANK_SUBGROUP
#define SUBGROUPS_PER_GROUP (GROUP_SIZE / SUBGROUP_SIZE)
shared uint g_subgroupSums[SUBGROUPS_PER_GROUP];
shared uint g_groupTotal;

uint groupExclusiveSum(uint v, out uint total) {
  uint lane = gl_LocalInvocationID.x, sub = lane / uint(SUBGROUP_SIZE);
  uint inclusive = subgroupInclusiveAdd(v);
  if (gl_SubgroupInvocationID == uint(SUBGROUP_SIZE - 1)) g_subgroupSums[sub] = inclusive;
  barrier();
  if (sub == 0u) {
    uint sum = lane < uint(SUBGROUPS_PER_GROUP) ? g_subgroupSums[lane] : 0u;
    uint before = subgroupExclusiveAdd(sum);
    if (lane < uint(SUBGROUPS_PER_GROUP)) g_subgroupSums[lane] = before;
    if (lane == uint(SUBGROUPS_PER_GROUP - 1)) g_groupTotal = before + sum;
  }
  barrier();
  total = g_groupTotal;
  uint exclusive = g_subgroupSums[sub] + inclusive - v;
  barrier();  // g_subgroupSums is reused by the next call
  return exclusive;
}
#else
// Hillis-Steele in shared memory.
shared uint g_scan[GROUP_SIZE];

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
#endif

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

#if RANK_SUBGROUP
#if SUBGROUPS_PER_GROUP * RADIX > TILE
#error "the subgroups' digit counts share the tile's shared memory: they must fit in it"
#endif

void rankTile(uint tile, inout uint keys[ITEMS], uint valid, out uint slots[ITEMS]) {
  uint lane = gl_LocalInvocationID.x;
  uint sub = lane / uint(SUBGROUP_SIZE);
  // g_tile holds each subgroup's count of each digit while ranking: [subgroup][digit].
  for (uint d = lane; d < uint(SUBGROUPS_PER_GROUP * RADIX); d += uint(GROUP_SIZE)) g_tile[d] = 0u;
  barrier();
  uvec4 everyone = subgroupBallot(true);
  for (uint i = 0u; i < uint(ITEMS); ++i) {
    uint digit = digitOf(keys[i]);
    uvec4 same = everyone;  // the lanes whose digit agrees in every bit
    for (uint b = 0u; b < u_digitBits; ++b) {
      bool set = ((digit >> b) & 1u) != 0u;
      uvec4 ballot = subgroupBallot(set);
      same &= set ? ballot : ~ballot;
    }
    // The digit's highest lane adds the round's count to the subgroup's and shuffles the old count
    // to the others: one shared atomic and one shuffle a round. (Before, every lane read the count
    // and the highest wrote it back between subgroup barriers and a shared-memory barrier: 873 us
    // for 16M pairs on the H200, against 675 now.)
    uint before = subgroupBallotExclusiveBitCount(same);
    uint highest = subgroupBallotFindMSB(same);
    uint prior = 0u;
    if (gl_SubgroupInvocationID == highest) prior = atomicAdd(g_tile[sub * uint(RADIX) + digit], before + 1u);
    prior = subgroupShuffle(prior, highest);
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
  barrier();
}

// The keys to their ordered slots through g_tile, read back in ordered slots lane + j * GROUP_SIZE;
// then the values, from memory, to theirs.
void orderTile(uint tile, uint keys[ITEMS], uint slots[ITEMS], out uint outKeys[ITEMS]) {
  uint lane = gl_LocalInvocationID.x;
  for (uint i = 0u; i < uint(ITEMS); ++i) g_tile[slots[i]] = keys[i];
  barrier();
  for (uint j = 0u; j < uint(ITEMS); ++j) outKeys[j] = g_tile[lane + j * uint(GROUP_SIZE)];
  barrier();
  for (uint i = 0u; i < uint(ITEMS); ++i) g_tile[slots[i]] = valueAt(tile, i);
  barrier();
}

#else
shared uint g_values[TILE];  // the split moves keys (g_tile) and values together

// The split orders the tile as it ranks it: keys come back ordered (slot lane + j * GROUP_SIZE) and
// the values are in g_tile already; slots is not used.
void rankTile(uint tile, inout uint keys[ITEMS], uint valid, out uint slots[ITEMS]) {
  uint lane = gl_LocalInvocationID.x;
  uint values[ITEMS];
  for (uint i = 0u; i < uint(ITEMS); ++i) values[i] = valueAt(tile, i);
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
  // Ordered now, each pair at its slot: the keys in g_tile, read back in ordered slots
  // lane + j * GROUP_SIZE, and where each digit starts and ends.
  for (uint d = lane; d < uint(RADIX); d += uint(GROUP_SIZE)) g_start[d] = g_count[d] = 0u;
  for (uint i = 0u; i < uint(ITEMS); ++i) g_tile[tileSlot(i)] = keys[i];
  barrier();
  uint ordered[ITEMS];
  for (uint j = 0u; j < uint(ITEMS); ++j) {
    uint e = lane + j * uint(GROUP_SIZE);
    ordered[j] = g_tile[e];
    uint digit = digitOf(ordered[j]);
    if (e == 0u || digitOf(g_tile[e - 1u]) != digit) g_start[digit] = e;
    if (e + 1u == uint(TILE) || digitOf(g_tile[e + 1u]) != digit) g_count[digit] = e + 1u;  // the end, for now
  }
  barrier();
  for (uint d = lane; d < uint(RADIX); d += uint(GROUP_SIZE)) {
    g_count[d] = g_count[d] - g_start[d];
    if (d == lastDigit()) g_count[d] -= uint(TILE) - valid;
  }
  // The values to their slots, where the scatter reads them (g_tile's keys are read).
  for (uint i = 0u; i < uint(ITEMS); ++i) g_tile[tileSlot(i)] = values[i];
  keys = ordered;
  barrier();
}

void orderTile(uint tile, uint keys[ITEMS], uint slots[ITEMS], out uint outKeys[ITEMS]) {
  outKeys = keys;
  barrier();  // as the subgroup path's: what the group wrote between the two calls is visible after
}

#endif
#endif  // RANK_TILE
#endif
