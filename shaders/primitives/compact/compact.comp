#version 430 core
// Stream compaction: the indices i < u_count whose element is kept, written densely to
// COMPACT_SLOT_OUT, and how many to COMPACT_SLOT_COUNT (zeroed before), which stays on the GPU for
// an indirect draw. The predicate is KEEP(i), defined by the file the program's defines name
// (COMPACT_PREDICATE "path": the library's own, flags_predicate.glsl, keeps non-zero flags;
// culling's keeps the boids of one level of detail), so every variant serves every user.
//   VARIANT 0 single-thread:  one invocation walks everything: the baseline that shows why not
//   VARIANT 1 group-leader:   one invocation per group counts the group's kept elements serially
//                             in shared memory and hands out their slots; one global atomicAdd
//                             per group (the step before shared-memory atomics)
//   VARIANT 2 global-atomic:  every kept element takes its slot with an atomicAdd on one counter
//   VARIANT 3 group-atomic:   a shared-memory atomicAdd gives each kept element its slot in the
//                             group; one invocation takes the group's base with one global
//                             atomicAdd, barriers between (GPU-driven culling's compaction)
//   VARIANT 4 subgroup-ballot: a ballot and a bit count per subgroup give each kept element its
//                             slot; one atomicAdd per subgroup (GL_KHR_shader_subgroup_ballot)
//   VARIANT 7 ballot-tiles:   ITEMS elements per invocation a step, a ballot per subgroup for each,
//                             the subgroups' counts combined in shared memory: one atomicAdd per
//                             GROUP_SIZE * ITEMS elements (subgroup-ballot's one per subgroup and step
//                             serialises on the counter when many are kept)
//   VARIANT 5 scan, pass 1:   1 or 0 per element into COMPACT_SLOT_KEEP (scanned next, C++ side)
//   VARIANT 6 scan, pass 2:   each kept element to its scanned slot: input order kept
// Atomic variants keep the set but not the order (the order atomics arrive in); the scan keeps
// the input order.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef VARIANT
#define VARIANT 3
#endif
#ifndef ITEMS
#define ITEMS 8
#endif
#if VARIANT == 4 || VARIANT == 7
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_ballot : require
#endif

layout(local_size_x = GROUP_SIZE) in;
#include "primitives/compact/compact_slots.h"

layout(location = COMPACT_LOC_COUNT) uniform uint u_count;
layout(std430, binding = COMPACT_SLOT_OUT) writeonly buffer Out { uint b_out[]; };
layout(std430, binding = COMPACT_SLOT_COUNT) coherent buffer Count { uint b_count; };
layout(std430, binding = COMPACT_SLOT_KEEP) buffer Keep { uint b_keep[]; };
layout(std430, binding = COMPACT_SLOT_SLOTS) readonly buffer Slots { uint b_slots[]; };

#include COMPACT_PREDICATE

shared uint g_count;
shared uint g_base;
shared uint g_slots[GROUP_SIZE];

void main() {
  uint lane = gl_LocalInvocationID.x;
  uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
#if VARIANT == 0
  if (gl_GlobalInvocationID.x != 0u) return;
  uint n = 0u;
  for (uint i = 0u; i < u_count; ++i) {
    if (KEEP(i)) b_out[n++] = i;
  }
  b_count = n;
#elif VARIANT == 5
  for (uint i = gl_GlobalInvocationID.x; i < u_count; i += stride) b_keep[i] = KEEP(i) ? 1u : 0u;
#elif VARIANT == 7
  uint sg = gl_SubgroupID;
  for (uint first = gl_WorkGroupID.x * uint(GROUP_SIZE * ITEMS); first < u_count; first += stride * uint(ITEMS)) {
    uvec4 ballots[ITEMS];
    uint before[ITEMS];  // this subgroup's kept elements in the earlier items of the step
    uint subgroupKept = 0u;
    for (uint r = 0u; r < uint(ITEMS); ++r) {
      uint i = first + r * uint(GROUP_SIZE) + lane;  // coalesced
      ballots[r] = subgroupBallot(i < u_count && KEEP(i));
      before[r] = subgroupKept;
      subgroupKept += subgroupBallotBitCount(ballots[r]);
    }
    if (subgroupElect()) g_slots[sg] = subgroupKept;
    barrier();
    if (lane == 0u) {  // the subgroups' bases in the group's run, and the run's base in the output
      uint n = 0u;
      for (uint s = 0u; s < gl_NumSubgroups; ++s) {
        uint k = g_slots[s];
        g_slots[s] = n;
        n += k;
      }
      g_base = n > 0u ? atomicAdd(b_count, n) : 0u;
    }
    barrier();
    uint base = g_base + g_slots[sg];
    for (uint r = 0u; r < uint(ITEMS); ++r) {
      uint i = first + r * uint(GROUP_SIZE) + lane;
      if (subgroupBallotBitExtract(ballots[r], gl_SubgroupInvocationID)) {
        b_out[base + before[r] + subgroupBallotExclusiveBitCount(ballots[r])] = i;
      }
    }
    barrier();  // g_slots and g_base are rewritten by the next step
  }
#elif VARIANT == 6
  for (uint i = gl_GlobalInvocationID.x; i < u_count; i += stride) {
    if (b_keep[i] != 0u) b_out[b_slots[i]] = i;
  }
  if (gl_GlobalInvocationID.x == 0u && u_count > 0u) b_count = b_slots[u_count - 1u] + b_keep[u_count - 1u];
#else
  // Groups walk the elements a group-width at a time (uniform: every lane of a group takes the same
  // number of steps), so the group-wide variants can barrier inside the loop.
  for (uint first = gl_WorkGroupID.x * uint(GROUP_SIZE); first < u_count; first += stride) {
    uint i = first + lane;
    bool keep = i < u_count && KEEP(i);
#if VARIANT == 2
    if (keep) b_out[atomicAdd(b_count, 1u)] = i;
#elif VARIANT == 1
    g_slots[lane] = keep ? 1u : 0u;
    barrier();
    if (lane == 0u) {
      uint n = 0u;
      for (uint l = 0u; l < uint(GROUP_SIZE); ++l) {
        uint k = g_slots[l];
        g_slots[l] = n;
        n += k;
      }
      g_base = n > 0u ? atomicAdd(b_count, n) : 0u;
    }
    barrier();
    if (keep) b_out[g_base + g_slots[lane]] = i;
    barrier();
#elif VARIANT == 3
    if (lane == 0u) g_count = 0u;
    barrier();
    uint slot = keep ? atomicAdd(g_count, 1u) : 0u;
    barrier();
    if (lane == 0u) g_base = g_count > 0u ? atomicAdd(b_count, g_count) : 0u;
    barrier();
    if (keep) b_out[g_base + slot] = i;
#elif VARIANT == 4
    uvec4 ballot = subgroupBallot(keep);
    uint kept = subgroupBallotBitCount(ballot);
    uint base = 0u;
    if (subgroupElect() && kept > 0u) base = atomicAdd(b_count, kept);
    base = subgroupBroadcastFirst(base);
    if (keep) b_out[base + subgroupBallotExclusiveBitCount(ballot)] = i;
#endif
  }
#endif
}
