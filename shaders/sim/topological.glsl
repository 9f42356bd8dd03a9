#ifndef BOIDS_TOPOLOGICAL_GLSL
#define BOIDS_TOPOLOGICAL_GLSL
// The topological rule (Ballerini et al., PNAS 2008: a starling reacts to its 6-7 nearest, whatever
// the density): each boid finds its NEAREST (k, a program's constant) nearest boids within the range
// (sqrt(u_sim.reach.y)) exactly, ties broken by the lower boid index, through the grid: the cells
// around its own in growing shells (rings; the first two together, nearest rows first), until the
// k-th nearest so far is nearer than any boid of an unsearched cell can be, or the shells cover
// the range. A ring is read row by row (a row's cells are consecutive keys, so one run of sorted
// slots), each row cut along x to the cells the k-th nearest so far reaches, a row farther than it
// passed over; "so far" starts from a guess, a little beyond the boid's k-th distance of the step
// before (nearestBound()). The grid's cells are sized from the flock (about the k-th nearest's
// distance, engine/sim/simulation.cpp), so the first ring nearly always holds them, however dense
// the flock: the cost follows k, not the density.
// Then: alignment with the k (a steer toward their mean velocity, which with banked flight's cruise
// speed does not speed the flock up, as the CIS 565 rule's adding of it does); cohesion toward
// their centre, a direction scaled by the boid's centrality (how one-sided its neighbours are: 0
// amid the flock, near 1 on its border; Hildenbrandt et al. 2010), so that only the border is
// pulled in, as a surface tension; and separation from the closest u_sim.separateFrom, harder the
// closer (0 at the separation radius).
// engine/verify/reference.cpp (topologicalSocial) is the same in double.
// Needs TIED, positionAt(), velocityAt(), b_pairs, b_starts (sim_step_grid.comp),
// grid/grid_cells.glsl, sim/boid_rules.glsl and primitives/knn/knn_slots.h (KNN_NONE: an empty place).

const uint kEmpty = KNN_NONE;
// The list, nearest first: squared distances (the range's square where empty) and sorted slots
// (kEmpty where empty). Indexed only by constants (the loops over it unroll), it stays in registers.
float g_dist[NEAREST];
uint g_slot[NEAREST];
// Two candidates at the same float distance are rare, but ordering them by boid index reads both
// indices from memory, and the compiler does so on every comparison where it may (the step's
// largest cost: docs/PERFORMANCE.md, "The murmuration"). So the search compares distances alone
// (TIED 0), taking an equal one after those the list holds, and notes where that may differ
// from the exact order: a candidate as far as the list's last left out, or one pushed out by a
// nearer one while as far as the new last, or two in the list as near (tied()). Such a boid is
// searched again comparing (distance, index) by a program of its own (TIED 1 in
// sim/sim_step_grid.comp), so that the step's program holds one copy of the walk.
bool g_tie = false;

// Is (d, slot) before the list's entry m: nearer, or (the TIED program) as near with the lower
// boid index.
bool before(float d, uint slot, int m) {
  if (TIED == 0) return d < g_dist[m];
  return d < g_dist[m] || (d == g_dist[m] && g_slot[m] != kEmpty && b_pairs[slot].y < b_pairs[g_slot[m]].y);
}

void considerNeighbour(float d, uint slot) {
  if (!before(d, slot, NEAREST - 1)) {  // (beyond the range: behind every empty entry too)
    g_tie = g_tie || (d == g_dist[NEAREST - 1] && g_slot[NEAREST - 1] != kEmpty);
    return;
  }
  for (int m = 0; m < NEAREST; ++m) {  // it takes its place; the ones after it move down one
    if (before(d, slot, m)) {
      float heldDist = g_dist[m];
      uint heldSlot = g_slot[m];
      g_dist[m] = d;
      g_slot[m] = slot;
      d = heldDist;
      slot = heldSlot;
    }
  }
  g_tie = g_tie || (d == g_dist[NEAREST - 1] && slot != kEmpty);  // (d, slot): the one pushed out
}

// Whether a tie may have ordered the list otherwise than (distance, index) would: one the search
// noted, or two of the list's boids as near (kept in the order they came).
bool tied() {
  bool tie = g_tie;
  for (int m = 1; m < NEAREST; ++m) tie = tie || (g_dist[m] == g_dist[m - 1] && g_slot[m] != kEmpty);
  return tie;
}

// How far the cell `o` cells from the boid's own (along each axis) is from the boid at `f` (its
// place in its own cell, 0..1 a side), less the rounding slack: no boid of it is nearer.
float gapToCell(ivec3 o, vec3 f, float slack) {
  vec3 gap = max(max(vec3(o) - f, f - vec3(o) - 1.0), 0.0) * u_sim.grid.x;
  return max(length(gap) - slack, 0.0);
}

// The boids (but the boid's own slot s) of the cells x0..x1 (inside [0, n)) of the row (y, z):
// consecutive keys, so one run of slots, or two where hashed keys wrap past the last bucket; with
// hashed keys a bucket's boids of other rows are passed over by their cell, asked only of those
// the list would take (a boid farther than its last is neither taken nor tied).
void considerRun(uint y, uint z, int x0, int x1, uint s, vec3 p) {
  uint row = rowKey(y, z);
  uint first = keyOf(row, uint(x0)), last = keyOf(row, uint(x1));
  bool split = last < first;
  uvec4 runs = uvec4(b_starts[first], b_starts[split ? uint(u_sim.grid.w) : last + 1u],
                     split ? b_starts[0] : 0u, split ? b_starts[last + 1u] : 0u);
  for (int r = 0; r < 2; ++r) {
    uvec2 run = r == 0 ? runs.xy : runs.zw;
    for (uint t = run.x; t < run.y; ++t) {
      if (t == s) continue;
      vec3 q = positionAt(t);
      vec3 d = worldOffset(p, q);
      float d2 = dot(d, d);
      if (d2 > g_dist[NEAREST - 1]) continue;
      if (gridHashed()) {
        uvec3 cell = cellOf(q);
        if (cell.y != y || cell.z != z || int(cell.x) < x0 || int(cell.x) > x1) continue;
      }
      considerNeighbour(d2, t);
    }
  }
}

// The cells a..b (cells from the boid's own, c.x + a .. c.x + b) of the row at offsets (y, z) from
// the boid's own: beyond a face, none (walls) or the cells across the world (wrap-around: the
// rings never reach around to a cell twice, as findNearest stops first).
void considerCells(ivec3 c, int y, int z, int a, int b, uint s, vec3 p) {
  int n = int(u_sim.cellsPerAxis);
  ivec3 lo = c + ivec3(a, y, z);
  int hi = c.x + b;
  if (u_sim.worldMode == WORLD_WRAP) {
    uint wy = wrapCell(lo.y), wz = wrapCell(lo.z);
    int x0 = int(wrapCell(lo.x)), x1 = x0 + hi - lo.x;  // x1 may pass the last cell: on from the first
    considerRun(wy, wz, x0, min(x1, n - 1), s, p);
    if (x1 >= n) considerRun(wy, wz, 0, x1 - n, s, p);
  } else if (lo.y >= 0 && lo.y < n && lo.z >= 0 && lo.z < n && max(lo.x, 0) <= min(hi, n - 1)) {
    considerRun(uint(lo.y), uint(lo.z), max(lo.x, 0), min(hi, n - 1), s, p);
  }
}

// The cells a..b along x (within -r..r of the boid's own) of the row at offsets (y, z) that the
// list's last reaches; false when the row's slab is beyond it.
bool rowReach(int y, int z, int r, vec3 f, float slack, out int a, out int b) {
  float gap = gapToCell(ivec3(0, y, z), f, slack);
  float last = g_dist[NEAREST - 1];
  if (gap * gap > last) return false;
  float span = min((sqrt(last - gap * gap) + slack) * u_sim.grid.y, float(r + 1));  // in cells along x
  a = max(-r, int(floor(f.x - span)));
  b = min(r, int(floor(f.x + span)));
  return true;
}

// Rings 0 and 1 (the 27 cells around the boid), nearest rows first, so that the list is full of
// near boids before the farther rows are cut to what it still reaches: the boid's own row (its
// cell and the two beside it, one run of slots), the four rows beside it (the nearer side of each
// axis first), then the four diagonal rows.
void considerBlock(ivec3 c, vec3 f, float slack, uint s, vec3 p) {
  const ivec2 kRows[8] = ivec2[8](ivec2(1, 0), ivec2(0, 1), ivec2(-1, 0), ivec2(0, -1), ivec2(1, 1), ivec2(-1, 1),
                                  ivec2(1, -1), ivec2(-1, -1));
  ivec2 nearer = ivec2(f.y < 0.5 ? -1 : 1, f.z < 0.5 ? -1 : 1);
  int a, b;
  if (rowReach(0, 0, 1, f, slack, a, b)) considerCells(c, 0, 0, a, b, s, p);
  for (int i = 0; i < 8; ++i) {
    ivec2 row = kRows[i] * nearer;
    if (rowReach(row.x, row.y, 1, f, slack, a, b)) considerCells(c, row.x, row.y, a, b, s, p);
  }
}

// Ring r >= 2 (the cells at Chebyshev distance r) row by row: a row on the ring's faces end to
// end, an inner row its two end cells; each cut along x to the cells the list's last reaches.
void considerRing(ivec3 c, int r, vec3 f, float slack, uint s, vec3 p) {
  for (int z = -r; z <= r; ++z) {
    for (int y = -r; y <= r; ++y) {
      int a, b;
      if (!rowReach(y, z, r, f, slack, a, b)) continue;
      if (abs(y) == r || abs(z) == r) {
        considerCells(c, y, z, a, b, s, p);
      } else {
        if (a == -r) considerCells(c, y, z, -r, -r, s, p);
        if (b == r) considerCells(c, y, z, r, r, s, p);
      }
    }
  }
}

// Reads the starts of ring 1's rows all at once, before the rings are walked row by row: the walk
// reads each row's starts only after the row before it is done, a round trip to memory a row, while
// these loads go out together and pay it once; the walk then finds them in the cache. (The sum is
// used only where no boid runs, so that the loads are not compiled away.) Ring 1 only: warming the
// candidates' positions too, or the outer rings, measured slower (docs/PERFORMANCE.md).
void warmRingOne(ivec3 c) {
  int n = int(u_sim.cellsPerAxis);
  uint sum = 0u;
  for (int z = -1; z <= 1; ++z) {
    for (int y = -1; y <= 1; ++y) {
      uint row = rowKey(uint(clamp(c.y + y, 0, n - 1)), uint(clamp(c.z + z, 0, n - 1)));
      sum += b_starts[keyOf(row, uint(max(c.x - 1, 0)))] + b_starts[keyOf(row, uint(min(c.x + 1, n - 1))) + 1u];
    }
  }
  if (sum == 0x7fffffffu && u_sim.boidCount == 0u) g_dist[0] = 0.0;  // (in the order measured)
}

// A squared distance within which the boid's k nearest most likely are: kWarmReach times its k-th
// distance of the step before, read back from the density it left (k / (4/3 pi kth^3) in
// velocity.w; with fewer than k found, longer), and within the range. A guess the search starts
// from, so that it passes over the farther candidates from its first row on; never trusted: a
// search within it that finds fewer than k leaves the boid to the TIED program, which searches the
// whole range. (Measured: docs/PERFORMANCE.md, "The murmuration".)
const float kWarmReach = 1.1;
float nearestBound(float density) {
  if (!finite1(density) || density <= 0.0) return u_sim.reach.y;
  float kth = pow(float(NEAREST) / (UNIT_BALL_VOLUME * density), 1.0 / 3.0);
  return min(u_sim.reach.y, kWarmReach * kWarmReach * kth * kth);
}

// The k nearest of the boid in slot s at p within sqrt(bound) (at most the range), into the list;
// ties ordered by boid index in the TIED program, else see tied().
void findNearest(uint s, vec3 p, float bound) {
  g_tie = false;
  for (int m = 0; m < NEAREST; ++m) {
    g_dist[m] = bound;
    g_slot[m] = kEmpty;
  }
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
  if (TIED == 0) warmRingOne(c);
  considerBlock(c, f, slack, s, p);
  for (int r = 1;; ++r) {
    if (r > 1) considerRing(c, r, f, slack, s, p);
    float sure = max(float(r) * u_sim.grid.x + margin - slack, 0.0);  // no unsearched boid is nearer
    if (sure >= range || g_dist[NEAREST - 1] < sure * sure) break;
    if (2 * r + 1 >= int(u_sim.cellsPerAxis)) break;  // the whole world searched
  }
}

// The rule's sums over the list (in its order, so the result does not depend on the cells' order);
// kth: the distance of the list's last.
RuleSums topologicalSums(vec3 p, vec3 v, out float kth) {
  RuleSums sums = rulesBegin();
  vec3 facing = vec3(0);
  float guard = 0.05 * u_sim.reach.z;  // offsets shorter than this count as this long (coincident boids)
  uint found = 0u;
  kth = 0.0;
  for (int m = 0; m < NEAREST; ++m) {
    if (g_slot[m] == kEmpty) break;
    found = uint(m) + 1u;
    vec3 d = worldOffset(p, positionAt(g_slot[m]));
    float len = sqrt(g_dist[m]);
    kth = len;
    sums.cohesion += d;
    sums.alignment += velocityAt(g_slot[m]) - v;  // toward their mean velocity (not adding to it)
    facing += d / max(len, guard);
    if (uint(m) < u_sim.separateFrom && len < u_sim.reach.z) sums.separation -= d * (1.0 / max(len, guard) - u_sim.reach.w);
  }
  sums.alignmentCount = sums.neighbourCount = found;
  if (found > 0u) {
    // Cohesion as a direction (toward the k's centre, shorter than the guard: scaled down), so that
    // it is the border's inward pull the centrality gives it, whatever the spacing.
    vec3 toCentre = sums.cohesion / float(found);
    sums.cohesion = toCentre / max(length(toCentre), guard);
    sums.cohesionCount = 1u;
    sums.centrality = length(facing) / float(found);
    sums.density = float(found) / (UNIT_BALL_VOLUME * max(kth * kth * kth, 1e-30));
  }
  return sums;
}

#endif
