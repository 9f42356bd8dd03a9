#version 430 core
// One workgroup-reduction kernel, shaped by defines into four variants:
//   tree                 inputs -> partials (many groups, 4 loads in flight), then partials -> output
//   groupshared-single   inputs -> output, one group of 512
//   single-thread        inputs -> output, one group of one invocation (the baseline)
//   recursive-multipass  inputs -> partials -> partials ... -> output, one item per invocation
// Each invocation first combines a grid-stride run of items, then the group combines its
// invocations in shared memory (group_tree.glsl). Generic over the payload (reduce_io.glsl).

#ifndef GROUP_SIZE
#define GROUP_SIZE 256     // invocations per group, a power of two
#endif
#ifndef LOADS_IN_FLIGHT
#define LOADS_IN_FLIGHT 4  // independent loads per loop iteration (1 or 4)
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "primitives/reduce/reduce_io.glsl"
#include "primitives/reduce/group_tree.glsl"

void main() {
  ACC_TYPE total = groupReduce(loadRun(gl_GlobalInvocationID.x, gl_NumWorkGroups.x * uint(GROUP_SIZE), LOADS_IN_FLIGHT == 4));
  if (gl_LocalInvocationIndex == 0u) {
#if WRITES_PARTIALS
    b_partialsOut[gl_WorkGroupID.x] = total;
#else
    ACC_STORE(total);
#endif
  }
}
