#ifndef BOIDS_TOPOLOGICAL_GLSL
#define BOIDS_TOPOLOGICAL_GLSL
// The topological rule (Ballerini et al., PNAS 2008: a starling reacts to its 6-7 nearest, whatever
// the density): each boid finds its k = u_sim.nearest nearest boids within the range
// (sqrt(u_sim.reach.y)) exactly, ties broken by the lower boid index, through the grid: the cells
// around its own in growing shells (rings), until the k-th nearest so far is nearer than any boid
// of an unsearched cell can be, or the shells cover the range; a cell farther than the k-th so far
// is passed over unread. The grid's cells are sized from the flock (about the k-th nearest's
// distance, engine/sim/simulation.cpp), so the first ring of 27 cells nearly always holds them,
// however dense the flock: the cost follows k, not the density.
// Then: alignment with the k (a steer toward their mean velocity, which with banked flight's cruise
// speed does not speed the flock up, as the CIS 565 rule's adding of it does); cohesion toward
// their centre, a direction scaled by the boid's centrality (how one-sided its neighbours are: 0
// amid the flock, near 1 on its border; Hildenbrandt et al. 2010), so that only the border is
// pulled in, as a surface tension; and separation from the closest u_sim.separateFrom, harder the
// closer (0 at the separation radius).
// engine/verify/topological.cpp is the same in double.
// Needs positionAt(), velocityAt(), b_pairs, b_starts (sim_step_grid.comp), grid/grid_cells.glsl
// and sim/boid_rules.glsl.

float g_dist[NEAREST_MOST];  // squared distances, nearest first
uint g_slot[NEAREST_MOST];   // their sorted slots
uint g_found;

bool nearerThan(float d, uint slot, uint m) {
  return d < g_dist[m] || (d == g_dist[m] && b_pairs[slot].y < b_pairs[g_slot[m]].y);
}

void considerNeighbour(float d, uint slot) {
  uint k = u_sim.nearest;
  if (d >= u_sim.reach.y) return;  // beyond the range
  if (g_found == k && !nearerThan(d, slot, k - 1u)) return;
  uint m = g_found < k ? g_found++ : k - 1u;
  while (m > 0u && nearerThan(d, slot, m - 1u)) {
    g_dist[m] = g_dist[m - 1u];
    g_slot[m] = g_slot[m - 1u];
    --m;
  }
  g_dist[m] = d;
  g_slot[m] = slot;
}

// How far the cell `o` cells from the boid's own (along each axis) is from the boid at `f` (its
// place in its own cell, 0..1 a side), less the rounding slack: no boid of it is nearer.
float gapToCell(ivec3 o, vec3 f, float slack) {
  vec3 gap = max(max(vec3(o) - f, f - vec3(o) - 1.0), 0.0) * u_sim.grid.x;
  return max(length(gap) - slack, 0.0);
}

// The boids of the cell `o` cells from the boid's own cell c (but the boid's own slot s) into the
// list, unless the cell is farther than the list's last (or the range). Beyond a face: no cell
// (walls), or the cell across the world (wrap-around; the rings never reach around to a cell
// twice: the range is at most a quarter of the world and there are at least kMinCellsPerAxis
// cells a side).
void considerCell(ivec3 c, ivec3 o, vec3 f, float slack, uint s, vec3 p) {
  float gap = gapToCell(o, f, slack);
  if (gap * gap > (g_found == u_sim.nearest ? g_dist[g_found - 1u] : u_sim.reach.y)) return;
  ivec3 cell = c + o;
  int n = int(u_sim.cellsPerAxis);
  if (u_sim.worldMode == WORLD_WRAP) {
    cell = ivec3(wrapCell(cell.x), wrapCell(cell.y), wrapCell(cell.z));
  } else if (any(lessThan(cell, ivec3(0))) || any(greaterThanEqual(cell, ivec3(n)))) {
    return;
  }
  uint key = cellKey(uvec3(cell));
  for (uint t = b_starts[key]; t < b_starts[key + 1u]; ++t) {
    if (t == s) continue;
    vec3 q = positionAt(t);
    if (gridHashed() && any(notEqual(cellOf(q), uvec3(cell)))) continue;  // another cell in the bucket
    vec3 d = worldOffset(p, q);
    considerNeighbour(dot(d, d), t);
  }
}

// The cells at Chebyshev distance r from c: the faces of the (2r + 1)^3 block (in z, y, x order:
// measured faster than nearest first, docs/PERFORMANCE.md, "The murmuration").
void considerRing(ivec3 c, int r, vec3 f, float slack, uint s, vec3 p) {
  for (int z = -r; z <= r; ++z) {
    for (int y = -r; y <= r; ++y) {
      bool face = abs(y) == r || abs(z) == r;
      for (int x = -r; x <= r; x += (face || r == 0) ? 1 : 2 * r) considerCell(c, ivec3(x, y, z), f, slack, s, p);
    }
  }
}

// The k nearest of the boid in slot s at p, into the list.
void findNearest(uint s, vec3 p) {
  g_found = 0u;
  ivec3 c = ivec3(cellOf(p));
  vec3 f = clamp((p + vec3(u_sim.world.x)) * u_sim.grid.y - vec3(c), 0.0, 1.0);  // the boid's place in its cell
  // How far p is from its own cell's nearest face: every boid of a cell outside the block of rings
  // 0..r is at least r edges and this much away.
  float margin = min(min(min(f.x, 1.0 - f.x), min(f.y, 1.0 - f.y)), min(f.z, 1.0 - f.z)) * u_sim.grid.x;
  // The rounding of a position's cell and offset (a few float ulps of the half side, charged 64),
  // taken off every distance to a cell, so that a boid just across a face by rounding is never
  // taken for farther than it is.
  float slack = 3.8e-6 * u_sim.world.x;
  float range = sqrt(u_sim.reach.y);
  for (int r = 0;; ++r) {
    considerRing(c, r, f, slack, s, p);
    float sure = max(float(r) * u_sim.grid.x + margin - slack, 0.0);  // no unsearched boid is nearer
    if (sure >= range) break;
    if (g_found == u_sim.nearest && g_dist[g_found - 1u] < sure * sure) break;
    if (2 * r + 1 >= int(u_sim.cellsPerAxis)) break;  // the whole world searched
  }
}

// The rule's sums over the list (in its order, so the result does not depend on the cells' order).
RuleSums topologicalSums(vec3 p, vec3 v) {
  RuleSums sums = rulesBegin();
  vec3 facing = vec3(0);
  float guard = 0.05 * u_sim.reach.z;  // offsets shorter than this count as this long (coincident boids)
  for (uint m = 0u; m < g_found; ++m) {
    vec3 d = worldOffset(p, positionAt(g_slot[m]));
    float len = sqrt(g_dist[m]);
    sums.cohesion += d;
    sums.alignment += velocityAt(g_slot[m]) - v;  // toward their mean velocity (not adding to it)
    facing += d / max(len, guard);
    if (m < u_sim.separateFrom && len < u_sim.reach.z) sums.separation -= d * (1.0 / max(len, guard) - u_sim.reach.w);
  }
  sums.alignmentCount = sums.neighbourCount = g_found;
  if (g_found > 0u) {
    // Cohesion as a direction (toward the k's centre, shorter than the guard: scaled down), so that
    // it is the border's inward pull the centrality gives it, whatever the spacing.
    vec3 toCentre = sums.cohesion / float(g_found);
    sums.cohesion = toCentre / max(length(toCentre), guard);
    sums.cohesionCount = 1u;
    sums.centrality = length(facing) / float(g_found);
    float kth = sqrt(g_dist[g_found - 1u]);
    sums.density = float(g_found) / (4.18879 * max(kth * kth * kth, 1e-30));
  }
  return sums;
}

#endif
