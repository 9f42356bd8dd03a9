#version 430 core
// Strategy single-pass: one dispatch. Every group reduces its share to a partial, publishes it,
// and takes a ticket from a global counter; the group that takes the last ticket knows every other
// partial is written, reduces them all and writes FlockStats (the "last block" pattern of CUDA's
// threadFenceReduction sample). It then resets the counter for the next dispatch.
// Reads SSBO_POS_IN; writes SSBO_PARTIALS (scratch), SSBO_REDUCE_ACCUM[0] (counter), SSBO_FLOCK_STATS.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif

layout(local_size_x = GROUP_SIZE) in;

#define READS_POSITIONS
#define WRITES_STATS
#include "reduce/reduce_io.glsl"
#include "reduce/group_tree.glsl"

// coherent: the last group must see the other groups' partials, not a stale cached copy.
layout(std430, binding = SSBO_PARTIALS) coherent buffer Partials { ReducePartial b_partials[]; };
layout(std430, binding = SSBO_REDUCE_ACCUM) coherent buffer Counter { uint b_groupsDone; };

shared bool g_isLast;

void main() {
  uint lane = gl_LocalInvocationIndex;
  uint groups = gl_NumWorkGroups.x;
  uint stride = groups * uint(GROUP_SIZE);
  uint k = gl_GlobalInvocationID.x;
  Acc acc = accEmpty();
  for (; k + 3u * stride < u_inputCount; k += 4u * stride) {
    Acc a = accAdd(loadItem(k), loadItem(k + stride));
    Acc b = accAdd(loadItem(k + 2u * stride), loadItem(k + 3u * stride));
    acc = accAdd(acc, accAdd(a, b));
  }
  for (; k < u_inputCount; k += stride) acc = accAdd(acc, loadItem(k));
  Acc total = groupReduce(acc);

  if (lane == 0u) {
    b_partials[gl_WorkGroupID.x] = partialFromAcc(total);
    memoryBarrierBuffer();  // the partial is visible to other groups before the ticket is taken
    g_isLast = atomicAdd(b_groupsDone, 1u) == groups - 1u;
  }
  barrier();
  if (!g_isLast) return;  // the same answer for the whole group: uniform control flow

  memoryBarrierBuffer();
  Acc all = accEmpty();
  for (uint g = lane; g < groups; g += uint(GROUP_SIZE)) {
    ReducePartial q = b_partials[g];  // a plain copy: NVIDIA will not pass a coherent member by value (C1317)
    all = accAdd(all, accFromPartial(q));
  }
  total = groupReduce(all);
  if (lane == 0u) {
    b_stats = statsFromAcc(total, u_boidCount);
    b_groupsDone = 0u;
  }
}
