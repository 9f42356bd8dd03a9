#version 430 core
// The topological step's reaction time: the sorted slot of each boid of the step's input (the
// inverse of the sorted pairs' permutation), so that a boid finds the neighbours it kept by their
// index (sim/sim_step_grid.comp, keptNearest()).
// Reads SSBO_GRID_PAIRS; writes SSBO_SLOT_OF.
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;
#include "common/bindings.h"

layout(std430, binding = SSBO_GRID_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_SLOT_OF) writeonly buffer SlotOf { uint b_slotOf[]; };
layout(location = LOC_GRID_COUNTS) uniform uint u_count;

void main() {
  for (uint s = gl_GlobalInvocationID.x; s < u_count; s += gl_NumWorkGroups.x * uint(GROUP_SIZE)) b_slotOf[b_pairs[s].y] = s;
}
