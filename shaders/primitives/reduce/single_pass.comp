#version 430 core
// Variant single-pass: one dispatch. Every group reduces its share to a partial, publishes it,
// and takes a ticket from a global counter; the group that takes the last ticket knows every other
// partial is written, reduces them all and stores the result (the "last block" pattern of CUDA's
// threadFenceReduction sample). It then resets the counter for the next dispatch.
// Writes REDUCE_SLOT_PARTIALS (scratch), REDUCE_SLOT_TICKET (the counter) and the payload's output.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "primitives/reduce/reduce_io.glsl"
#include "primitives/reduce/group_tree.glsl"

// coherent: the last group must see the other groups' partials, not a stale cached copy.
layout(std430, binding = REDUCE_SLOT_PARTIALS) coherent buffer Partials { ACC_TYPE b_partials[]; };
layout(std430, binding = REDUCE_SLOT_TICKET) coherent buffer Ticket { uint b_groupsDone; };

shared bool g_isLast;

void main() {
  uint lane = gl_LocalInvocationIndex;
  uint groups = gl_NumWorkGroups.x;
  ACC_TYPE total = groupReduce(loadRun(gl_GlobalInvocationID.x, groups * uint(GROUP_SIZE), true));

  if (lane == 0u) {
    b_partials[gl_WorkGroupID.x] = total;
    memoryBarrierBuffer();  // the partial is visible to other groups before the ticket is taken
    g_isLast = atomicAdd(b_groupsDone, 1u) == groups - 1u;
  }
  barrier();
  if (!g_isLast) return;  // the same answer for the whole group: uniform control flow

  memoryBarrierBuffer();
  ACC_TYPE all = ACC_IDENTITY;
  for (uint g = lane; g < groups; g += uint(GROUP_SIZE)) {
    ACC_TYPE q = b_partials[g];  // a plain copy: NVIDIA will not pass a coherent member by value (C1317)
    all = ACC_COMBINE(all, q);
  }
  total = groupReduce(all);
  if (lane == 0u) {
    ACC_STORE(total);
    b_groupsDone = 0u;
  }
}
