#version 430 core
// One workgroup-reduction kernel, shaped by defines into four strategies:
//   tree                 positions -> partials (many groups, 4 loads in flight), then partials -> stats
//   groupshared-single   positions -> stats, one group of 512
//   single-thread        positions -> stats, one group of one invocation (the baseline)
//   recursive-multipass  positions -> partials -> partials ... -> stats, one item per invocation
// Each invocation first accumulates a grid-stride run of items ("first add during load"), then the
// group combines its invocations in shared memory (reduce/group_tree.glsl).
// Reads SSBO_POS_IN or SSBO_PARTIALS; writes SSBO_PARTIALS(_OUT)[group] or SSBO_FLOCK_STATS.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256    // invocations per group, a power of two
#endif
#ifndef INPUT_POSITIONS
#define INPUT_POSITIONS 1 // 1: read boid positions; 0: read the partials of an earlier pass
#endif
#ifndef OUTPUT_STATS
#define OUTPUT_STATS 0    // 1: write the final FlockStats (dispatch one group); 0: one partial per group
#endif
#ifndef LOADS_IN_FLIGHT
#define LOADS_IN_FLIGHT 4 // independent loads per loop iteration (1 or 4)
#endif

layout(local_size_x = GROUP_SIZE) in;

#if INPUT_POSITIONS
#define READS_POSITIONS
#else
#define READS_PARTIALS
#endif
#if OUTPUT_STATS
#define WRITES_STATS
#else
#define WRITES_PARTIALS
#endif
#include "reduce/reduce_io.glsl"
#include "reduce/group_tree.glsl"

void main() {
  uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
  uint k = gl_GlobalInvocationID.x;
  Acc acc = accEmpty();
#if LOADS_IN_FLIGHT == 4
  // Four loads a coalesced stride apart, combined pairwise: the memory system sees four requests
  // per invocation at a time instead of one.
  for (; k + 3u * stride < u_inputCount; k += 4u * stride) {
    Acc a = accAdd(loadItem(k), loadItem(k + stride));
    Acc b = accAdd(loadItem(k + 2u * stride), loadItem(k + 3u * stride));
    acc = accAdd(acc, accAdd(a, b));
  }
#endif
  for (; k < u_inputCount; k += stride) acc = accAdd(acc, loadItem(k));

  Acc total = groupReduce(acc);
  if (gl_LocalInvocationIndex == 0u) {
#if OUTPUT_STATS
    b_stats = statsFromAcc(total, u_boidCount);
#else
    b_partialsOut[gl_WorkGroupID.x] = partialFromAcc(total);
#endif
  }
}
