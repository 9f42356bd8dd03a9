#version 430 core
// One simulation step with the neighbour search of the spatial grid: each boid visits only the
// boids of the cells around it (27, or the 8 nearest with cells twice as large). Invocations walk
// the boids in sorted order, so neighbouring invocations read neighbouring cells. With dense keys
// the cells of a row (same y and z) are consecutive keys, so their boids are one run of sorted
// slots: a boid reads 9 (or 4) runs, not 27 (or 8) cells. With hashed keys (GRID_HASHED 1,
// grid/grid_cells.glsl) each cell is its own bucket's range, which may hold other cells' boids
// too: those are passed over by their cell.
//   COHERENT 1: positions and velocities read from the copies gathered into sorted order, and the
//               new state written in that order too: the flock itself stays in cell order from
//               frame to frame, so next frame's gathers read nearly consecutive boids;
//   COHERENT 0: read through the sorted index from the flock's own buffers, written back at each
//               boid's own index (scattered).
// Reads SSBO_GRID_PAIRS, SSBO_CELL_STARTS, SSBO_SORTED_* or SSBO_POS_IN/VEL_IN, SSBO_FLOCK_STATS,
// UBO_SIM_PARAMS; writes SSBO_POS_OUT, SSBO_VEL_OUT (w: the local density, localDensity() in
// sim/boid_rules.glsl); the topological step with a reaction time also SSBO_KEPT_IN/OUT and
// SSBO_SLOT_OF (keptNearest()).

#ifndef COHERENT
#define COHERENT 1
#endif
#ifndef AUDIT
#define AUDIT 0  // 1: no step; per boid, its neighbours within the largest radius, for the checks
#endif
#ifndef TOPOLOGICAL
#define TOPOLOGICAL 0  // 1: the topological rule (sim/topological.glsl): the k nearest, not the radii
#endif
#ifndef NEAREST
#define NEAREST 7      // topological: k, the nearest a boid follows (1..NEAREST_MOST)
#endif
#ifndef TIED
#define TIED 0         // topological: 0 the step, which leaves out the boids a tie touched, or whose
                       // search within its guess (nearestBound) found fewer than k, and marks them in
                       // b_ties; 1 the step of those alone, searching the whole range, their k nearest
                       // ordered by (distance, index)
#endif
#ifndef KEEP
#define KEEP 0         // topological: 1 with a reaction time (u_sim.sampling.y > 1): boids keep their
                       // k nearest between searches (keptNearest())
#endif
#ifndef GRID_HASHED
#define GRID_HASHED 0  // 1: the grid's keys are hashed (u_sim.grid.w buckets)
#endif

#ifndef GROUP_SIZE
#define GROUP_SIZE 128
#endif
layout(local_size_x = GROUP_SIZE) in;

#include "common/bindings.h"
#include "common/sim_params.h"
#include "common/flock_stats.h"
#include "primitives/knn/knn_slots.h"

layout(std140, binding = UBO_SIM_PARAMS) uniform SimParamsBlock { SimParams u_sim; };
layout(std430, binding = SSBO_GRID_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_CELL_STARTS) readonly buffer Starts { uint b_starts[]; };
#if COHERENT
layout(std430, binding = SSBO_SORTED_POS) readonly buffer SortedPos { vec4 b_sortedPos[]; };
layout(std430, binding = SSBO_SORTED_VEL) readonly buffer SortedVel { vec4 b_sortedVel[]; };
vec3 positionAt(uint s) { return b_sortedPos[s].xyz; }
vec4 positionWithBank(uint s) { return b_sortedPos[s]; }
vec3 velocityAt(uint s) { return b_sortedVel[s].xyz; }
vec4 velocityWithDensity(uint s) { return b_sortedVel[s]; }
#else
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_VEL_IN) readonly buffer VelIn { vec4 b_vel[]; };
vec3 positionAt(uint s) { return b_pos[b_pairs[s].y].xyz; }
vec4 positionWithBank(uint s) { return b_pos[b_pairs[s].y]; }
vec3 velocityAt(uint s) { return b_vel[b_pairs[s].y].xyz; }
vec4 velocityWithDensity(uint s) { return b_vel[b_pairs[s].y]; }
#endif
layout(std430, binding = SSBO_POS_OUT) writeonly buffer PosOut { vec4 b_posOut[]; };
layout(std430, binding = SSBO_VEL_OUT) writeonly buffer VelOut { vec4 b_velOut[]; };
layout(std430, binding = SSBO_FLOCK_STATS) readonly buffer Stats { FlockStats b_stats; };

#include "grid/grid_cells.glsl"
#include "sim/boid_rules.glsl"
#include "sim/repair.glsl"
#if TOPOLOGICAL
#include "sim/topological.glsl"
layout(std430, binding = SSBO_REACH) buffer Reach { uint b_reachSum, b_reachCount; };
layout(std430, binding = SSBO_TIES) buffer Ties { uint b_ties[]; };  // a bit a sorted slot, cleared before the step
// Reaction time (after StarDisplay, whose birds look at their neighbours every 50 ms): with
// u_sim.sampling.y = R > 1 a boid searches for its k nearest only at every R-th step and keeps
// them in between, steering each step by where they are and how they fly then. Which boids search
// is decided by blocks of 64 sorted slots, a third of the blocks a step for R = 3, so that the
// lanes of a subgroup search together or not at all. A boid's slot moves as the flock sorts anew,
// so it searches every R steps on the whole, not exactly. engine/verify/reference.cpp (reactsAt,
// keptNearestOf) is the same rule.
// The kept lists: k indices a boid, read at the boid's index in this step's input, each the index
// of a neighbour there (kEmpty past the last), and written where the boid's new state goes, each
// the index of its neighbour's new state; b_slotOf turns an index of the input into the slot the
// neighbour is sorted to.
#if KEEP
layout(std430, binding = SSBO_KEPT_IN) readonly buffer KeptIn { uint b_keptIn[]; };
layout(std430, binding = SSBO_KEPT_OUT) writeonly buffer KeptOut { uint b_keptOut[]; };
layout(std430, binding = SSBO_SLOT_OF) readonly buffer SlotOf { uint b_slotOf[]; };

bool reactsNow(uint s) { return ((s >> 6u) + u_sim.sampling.z) % u_sim.sampling.y == 0u; }
#endif
#endif

// FOR_EACH_CANDIDATE(BODY): BODY for each sorted slot t (other than the boid's own, s) of the
// cells of the row `row` (its y and z in `yz`) that the search spans along x. A macro, so that
// the dense path compiles to the loop it always was (shared as a function, the dense step measured
// slower: docs/PERFORMANCE.md, "The grid and the step").
#if GRID_HASHED
// Hashed keys: each cell alone, from its bucket, whose slots may hold other cells' boids hashed
// there too (grid/grid_cells.glsl): those are passed over by their cell.
#define FOR_EACH_CANDIDATE(BODY)                                                        \
  for (int x = 0; x < count.x; ++x) {                                                   \
    uvec3 cell = uvec3(wrapCell(first.x + x), yz);                                      \
    uint key = keyOf(row, cell.x);                                                      \
    for (uint t = b_starts[key]; t < b_starts[key + 1u]; ++t) {                         \
      if (t == s || any(notEqual(cellOf(positionAt(t)), cell))) continue;               \
      BODY                                                                              \
    }                                                                                   \
  }
#else
// Dense keys: the row's cells as one run of sorted slots, or two across a wrap-around face.
#define FOR_EACH_CANDIDATE(BODY)                                                        \
  for (int r = 0; r < 2; ++r) {                                                         \
    ivec2 run = r == 0 ? runs.xy : runs.zw;                                             \
    if (run.x > run.y) continue;                                                        \
    uint begin = b_starts[row + uint(run.x)], end = b_starts[row + uint(run.y) + 1u];   \
    for (uint t = begin; t < end; ++t) {                                                \
      if (t == s) continue;                                                             \
      BODY                                                                              \
    }                                                                                   \
  }
#endif

// Writes the boid's new state: in slot s (coherent) or at its own index, which it returns.
uint finishBoid(uint s, vec4 p, vec3 v, RuleSums sums) {
  vec3 newPos, newVel;
  float newBank;
  rulesFinish(sums, p.xyz, v, p.w, b_stats.meanPosition.xyz, newPos, newVel, newBank);
  repairNonFinite(p.xyz, v, newPos, newVel, b_pairs[s].y);  // hashed from the boid's own index, in both layouts
#if COHERENT
  uint i = s;
#else
  uint i = b_pairs[s].y;
#endif
  b_posOut[i] = vec4(newPos, newBank);
  b_velOut[i] = vec4(newVel, localDensity(sums));  // w: the local density
  return i;
}

#if TOPOLOGICAL && KEEP
// Between its reactions: the neighbours the boid at index `self` of the input kept, into the list
// ordered by their distance now. False (it searches instead) where it kept none, one of them has
// left the range, or a tie may order them otherwise than (distance, index) would.
bool keptNearest(uint self, vec3 p) {
  g_tie = false;
  for (int m = 0; m < NEAREST; ++m) {
    g_dist[m] = u_sim.reach.y;
    g_slot[m] = kEmpty;
  }
  uint kept = 0u;
  for (int m = 0; m < NEAREST; ++m) {
    uint j = b_keptIn[self * uint(NEAREST) + uint(m)];
    if (j == kEmpty) break;
    uint t = b_slotOf[j];
    vec3 d = worldOffset(p, positionAt(t));
    float d2 = dot(d, d);
    if (!(d2 < u_sim.reach.y)) return false;
    considerNeighbour(d2, t);
    ++kept;
  }
  return kept > 0u && !tied();
}

// The list, kept for the boid's next steps at its output index i: each neighbour's output index.
void keepNearest(uint i) {
  for (int m = 0; m < NEAREST; ++m) {
    uint t = g_slot[m];
#if COHERENT
    b_keptOut[i * uint(NEAREST) + uint(m)] = t;
#else
    b_keptOut[i * uint(NEAREST) + uint(m)] = t == kEmpty ? kEmpty : b_pairs[t].y;
#endif
  }
}
#endif

#if TOPOLOGICAL

void stepBoid(uint s) {
  uint tieBit = 1u << (s & 31u);
#if TIED
  if ((b_ties[s >> 5u] & tieBit) == 0u) return;
#endif
  vec4 p = positionWithBank(s);
  vec4 vw = velocityWithDensity(s);
  vec3 v = vw.xyz;
  bool kept = false;
#if TIED
  findNearest(s, p.xyz, u_sim.reach.y);
#else
#if KEEP
  kept = !reactsNow(s) && keptNearest(b_pairs[s].y, p.xyz);
#endif
  if (!kept) {
    float bound = nearestBound(vw.w);
    findNearest(s, p.xyz, bound);
    if (tied() || (g_slot[NEAREST - 1] == kEmpty && bound < u_sim.reach.y)) {  // stepped by the TIED program
      atomicOr(b_ties[s >> 5u], tieBit);
      return;
    }
  }
#endif
  float kth;
  RuleSums sums = topologicalSums(p.xyz, v, kth);
  // A sample of the flock's k-th distances, from boids that searched: the grid's next cell size
  // (engine/sim/simulation.cpp).
  if (!kept && b_pairs[s].y % u_sim.sampling.x == 0u && sums.neighbourCount > 0u) {
    atomicAdd(b_reachSum, uint(kth * 256.0 + 0.5));
    atomicAdd(b_reachCount, 1u);
  }
  uint i = finishBoid(s, p, v, sums);
#if KEEP
  keepNearest(i);
#endif
}
#else
void stepBoid(uint s) {
#if AUDIT
  // Count, and two order-independent hashes of the indices, of every boid within the largest
  // radius: the neighbour set the step sees, for a CPU search to compare (engine/verify/reference.cpp).
  uint auditCount = 0u, auditSum = 0u, auditXor = 0u;
#endif
  vec3 p = positionAt(s);
  vec3 v = velocityAt(s);
  uvec3 c = cellOf(p);
  ivec3 first, count;
  searchSpan(c.x, p.x, first.x, count.x);
  searchSpan(c.y, p.y, first.y, count.y);
  searchSpan(c.z, p.z, first.z, count.z);

  ivec4 runs = spanRuns(first.x, count.x);

  RuleSums sums = rulesBegin();
  for (int z = 0; z < count.z; ++z) {
    for (int y = 0; y < count.y; ++y) {
      uvec2 yz = uvec2(wrapCell(first.y + y), wrapCell(first.z + z));
      uint row = rowKey(yz.x, yz.y);
#if AUDIT
      FOR_EACH_CANDIDATE(
          vec3 d = worldOffset(p, positionAt(t));
          if (dot(d, d) < u_sim.radiiSq.w) {
            uint j = b_pairs[t].y;
            auditCount += 1u;
            auditSum += j * 2654435761u;
            auditXor ^= (j + 0x9e3779b9u) * 0x85ebca6bu;
          })
#else
      // Beyond the largest radius a candidate counts for no rule (about 92 of the ~108 at the
      // CIS 565 density): its velocity is not read at all.
      FOR_EACH_CANDIDATE(
          vec3 d = worldOffset(p, positionAt(t));
          if (dot(d, d) < u_sim.radiiSq.w) rulesAddNeighbour(sums, d, velocityAt(t));)
#endif
    }
  }
#if AUDIT
  b_posOut[b_pairs[s].y] = vec4(uintBitsToFloat(auditCount), uintBitsToFloat(auditSum), uintBitsToFloat(auditXor), 0.0);
#else
  finishBoid(s, vec4(p, positionWithBank(s).w), v, sums);
#endif
}
#endif

void main() {
  // A boid an invocation, grid-stride where the context allows fewer groups (engine/sim/stepper.cpp).
  for (uint s = gl_GlobalInvocationID.x; s < u_sim.boidCount; s += gl_NumWorkGroups.x * uint(GROUP_SIZE)) stepBoid(s);
}
