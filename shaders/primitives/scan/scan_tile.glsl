// One tile of uints scanned by one workgroup of GROUP_SIZE invocations, each holding VEC uvec4s:
// TILE = GROUP_SIZE * 4 * VEC elements, in rounds of GROUP_SIZE uvec4s read and written whole and
// coalesced (round r, lane l, component c is element r * 4 GROUP_SIZE + 4 l + c of the tile). Each
// lane scans its uvec4s in registers; the lanes' sums are scanned across the group with subgroup
// operations where SUBGROUPS is 1 (GL_KHR_shader_subgroup_arithmetic: one barrier a tile), else in
// shared memory (Hillis and Steele, 2 log2(GROUP_SIZE) barriers a round). Shared by both scan
// variants. Expects GROUP_SIZE, VEC, SUBGROUPS, u_count and the buffers b_in4/b_in (uvec4 and uint
// views of the input).

#define TILE (GROUP_SIZE * 4 * VEC)

#if SUBGROUPS
// One slot per subgroup and round: a subgroup has at least one lane.
shared uint g_parts[VEC * GROUP_SIZE];
#else
shared uint g_lanes[GROUP_SIZE];
#endif
shared uint g_total;

// The uvec4 at `quad` (element 4 quad) of the input; zeros past the end.
uvec4 loadQuad(uint quad) {
  uint i = quad * 4u;
  if (i + 3u < u_count) return b_in4[quad];
  uvec4 v = uvec4(0u);
  for (uint c = 0u; c < 4u && i + c < u_count; ++c) v[c] = b_in[i + c];
  return v;
}

// Scans this group's tile: `values` come back as the exclusive prefix sums of the tile's elements
// within the tile; the return value is the tile's total. Every invocation calls it.
uint scanTile(uint tileStart, out uvec4 values[VEC]) {
  uint lane = gl_LocalInvocationID.x;
  uint laneSums[VEC];
  for (uint r = 0u; r < uint(VEC); ++r) {
    uvec4 v = loadQuad(tileStart / 4u + r * uint(GROUP_SIZE) + lane);
    uvec4 ex = uvec4(0u, v.x, v.x + v.y, v.x + v.y + v.z);
    laneSums[r] = ex.w + v.w;
    values[r] = ex;
  }
#if SUBGROUPS
  uint sg = gl_SubgroupID, subgroups = gl_NumSubgroups;
  uint before[VEC];
  for (uint r = 0u; r < uint(VEC); ++r) {
    before[r] = subgroupExclusiveAdd(laneSums[r]);
    uint all = subgroupAdd(laneSums[r]);
    if (subgroupElect()) g_parts[r * subgroups + sg] = all;
  }
  barrier();
  // Subgroup 0 scans the VEC x subgroups parts in element order (round-major), once for the group.
  if (sg == 0u) {
    uint parts = uint(VEC) * subgroups, carry = 0u;
    for (uint first = 0u; first < parts; first += gl_SubgroupSize) {
      uint i = first + gl_SubgroupInvocationID;
      uint part = i < parts ? g_parts[i] : 0u;
      uint ex = subgroupExclusiveAdd(part);
      if (i < parts) g_parts[i] = carry + ex;
      carry += subgroupAdd(part);
    }
    if (subgroupElect()) g_total = carry;
  }
  barrier();
  for (uint r = 0u; r < uint(VEC); ++r) values[r] += uvec4(g_parts[r * subgroups + sg] + before[r]);
  uint total = g_total;
  barrier();  // g_parts and g_total are free for the next tile
  return total;
#else
  uint base = 0u;
  for (uint r = 0u; r < uint(VEC); ++r) {
    g_lanes[lane] = laneSums[r];
    barrier();
    for (uint d = 1u; d < uint(GROUP_SIZE); d <<= 1u) {  // inclusive, in place
      uint add = lane >= d ? g_lanes[lane - d] : 0u;
      barrier();
      g_lanes[lane] += add;
      barrier();
    }
    uint inclusive = g_lanes[lane];
    uint roundTotal = g_lanes[GROUP_SIZE - 1];
    barrier();
    values[r] += uvec4(base + inclusive - laneSums[r]);
    base += roundTotal;
  }
  return base;
#endif
}

// The sum of a tile's inputs, by the whole group.
uint reduceTile(uint tileStart) {
  uint lane = gl_LocalInvocationID.x;
  uint sum = 0u;
  for (uint r = 0u; r < uint(VEC); ++r) {
    uvec4 v = loadQuad(tileStart / 4u + r * uint(GROUP_SIZE) + lane);
    sum += (v.x + v.y) + (v.z + v.w);
  }
#if SUBGROUPS
  uint all = subgroupAdd(sum);
  if (subgroupElect()) g_parts[gl_SubgroupID] = all;
  barrier();
  if (lane == 0u) {
    uint total = 0u;
    for (uint s = 0u; s < gl_NumSubgroups; ++s) total += g_parts[s];
    g_total = total;
  }
#else
  g_lanes[lane] = sum;
  barrier();
  for (uint d = uint(GROUP_SIZE) >> 1u; d > 0u; d >>= 1u) {
    if (lane < d) g_lanes[lane] += g_lanes[lane + d];
    barrier();
  }
  if (lane == 0u) g_total = g_lanes[0];
#endif
  barrier();
  uint total = g_total;
  barrier();
  return total;
}

// Writes a lane's scanned uvec4s back, whole where they are inside the array.
void storeTile(uint tileStart, uvec4 values[VEC], uint add) {
  uint lane = gl_LocalInvocationID.x;
  for (uint r = 0u; r < uint(VEC); ++r) {
    uint quad = tileStart / 4u + r * uint(GROUP_SIZE) + lane;
    uint i = quad * 4u;
    uvec4 v = values[r] + uvec4(add);
    if (i + 3u < u_count) {
      b_out4[quad] = v;
    } else {
      for (uint c = 0u; c < 4u && i + c < u_count; ++c) b_out[i + c] = v[c];
    }
  }
}
