#version 430 core
// The k nearest of each boid through the implicit octree of the Morton order: cells of every level
// from one finest cell (1/1024 of the cube's side) to the whole cube, each one run of sorted slots.
//   1. The boid's level m: the finest whose cell around it holds more than k boids. Those k others
//      are within the cell's diagonal, sqrt(3) e (e its edge), so its k-th nearest is too.
//   2. The 27 cells of level m + 1 around it cover at least 2e beyond it in every direction, so
//      they hold its k nearest. They are walked depth first with a stack: a cell farther from the
//      boid than its k-th nearest so far is passed over; one of few boids is scanned into the list;
//      a larger one is opened into its 8 children, the one nearest the boid walked first.
// A boid in a dense school stops at a fine level, one on a sparse border at a coarse one, and no
// boid scans a crowd it is not in: the cost follows k, not the density. Exact: what is passed over
// is farther than a list that only gets nearer.

#ifndef LEAF
#define LEAF 24u  // a cell of at most this many boids is scanned rather than opened
#endif
#define STACK 100  // 27 cells, then at most 7 more for each of the 10 levels opened

#include "primitives/knn/knn_list.glsl"
#include "primitives/knn/knn_morton.glsl"

// A cell to visit: its coordinates' Morton code, and its sorted slots [x, y) with its level in the
// top 4 bits of x (slots stay below 2^27: at most 2^26 boids).
uint g_stackCode[STACK];
uvec2 g_stackSlots[STACK];
uint g_top = 0u;

void push(uint m, uvec3 c, uvec2 slots) {
  if (slots.y == slots.x) return;  // an empty cell: nothing to visit
  g_stackCode[g_top] = morton(c);
  g_stackSlots[g_top++] = uvec2(slots.x | (m << 28), slots.y);
}

// The coordinates whose Morton code is `code` (the inverse of morton()).
uint compact(uint v) {
  v &= 0x09249249u;
  v = (v | (v >> 2)) & 0x030c30c3u;
  v = (v | (v >> 4)) & 0x0300f00fu;
  v = (v | (v >> 8)) & 0x030000ffu;
  v = (v | (v >> 16)) & 0x3ffu;
  return v;
}
uvec3 unmorton(uint code) { return uvec3(compact(code), compact(code >> 1), compact(code >> 2)); }

// The squared distance from p to the level-m cell at c (0 inside it).
float boxDistance2(vec3 p, uint m, uvec3 c) {
  const float edge = finestEdge() * float(1u << m);
  const vec3 lo = u_origin + vec3(c) * edge;
  const vec3 d = max(max(lo - p, p - (lo + edge)), vec3(0.0));
  return dot(d, d);
}

void main() {
  const uint slot = gl_GlobalInvocationID.x;
  if (slot >= u_count) return;
  const vec3 p = b_pos[slot].xyz;
  const uint want = min(u_k, u_count - 1u);
  const uvec3 fine = finestCell(p);
  uint m = 0u;
  while (m < uint(KNN_LEVELS)) {
    const uvec2 own = cellSlots(m, fine >> m);
    if (own.y - own.x > want) break;
    ++m;
  }
  const uint level = min(m + 1u, uint(KNN_LEVELS));
  const ivec3 c = ivec3(fine >> level), last = ivec3((1 << KNN_LEVELS) >> level) - 1;
  for (int z = max(c.z - 1, 0); z <= min(c.z + 1, last.z); ++z) {
    for (int y = max(c.y - 1, 0); y <= min(c.y + 1, last.y); ++y) {
      for (int x = max(c.x - 1, 0); x <= min(c.x + 1, last.x); ++x) {
        push(level, uvec3(x, y, z), cellSlots(level, uvec3(x, y, z)));
      }
    }
  }
  while (want > 0u && g_top > 0u) {
    --g_top;
    const uint nodeLevel = g_stackSlots[g_top].x >> 28;
    const uvec3 cell = unmorton(g_stackCode[g_top]);
    const uvec2 slots = uvec2(g_stackSlots[g_top].x & 0x0fffffffu, g_stackSlots[g_top].y);
    // Passed over when farther than the k-th so far (plus 1e-4 for the rounding of both).
    if (g_found == want && boxDistance2(p, nodeLevel, cell) > g_dist[want - 1u] * 1.0001) continue;
    if (slots.y - slots.x <= LEAF || nodeLevel == 0u) {
      considerSlots(slots.x, slots.y, slot, p);
      continue;
    }
    // The 8 children, each a run within this cell's (child j's code is the cell's * 8 + j), the one
    // holding (or nearest) the boid pushed last, so walked first.
    const uint child = nodeLevel - 1u;
    const uvec3 near = uvec3(clamp(ivec3(fine >> child), ivec3(cell * 2u), ivec3(cell * 2u + 1u)));
    uint bounds[9];
    bounds[0] = slots.x;
    bounds[8] = slots.y;
    const uint base = (morton(cell) << 3u) << (3u * child);
    for (uint j = 1u; j < 8u; ++j) bounds[j] = firstAtLeastIn(base + (j << (3u * child)), bounds[j - 1u], slots.y);
    uint nearest = 0u;
    for (uint j = 0u; j < 8u; ++j) {
      const uvec3 c2 = cell * 2u + uvec3(j & 1u, (j >> 1) & 1u, j >> 2);
      if (c2 == near) nearest = j; else push(child, c2, uvec2(bounds[j], bounds[j + 1u]));
    }
    push(child, near, uvec2(bounds[nearest], bounds[nearest + 1u]));
  }
  writeList(b_ids[slot], u_k);
}
