#version 430 core
// Grid stage 4, reorder: positions and velocities gathered into sorted order, so that a cell's
// boids sit next to each other in memory and the step reads them in few, contiguous lines
// (the "coherent grid"). Reads SSBO_GRID_PAIRS, SSBO_POS_IN, SSBO_VEL_IN; writes SSBO_SORTED_*.
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;
#include "common/bindings.h"

layout(std430, binding = SSBO_GRID_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_VEL_IN) readonly buffer VelIn { vec4 b_vel[]; };
layout(std430, binding = SSBO_SORTED_POS) writeonly buffer SortedPos { vec4 b_sortedPos[]; };
layout(std430, binding = SSBO_SORTED_VEL) writeonly buffer SortedVel { vec4 b_sortedVel[]; };
layout(location = LOC_GRID_COUNTS) uniform uint u_count;

void main() {
  for (uint s = gl_GlobalInvocationID.x; s < u_count; s += gl_NumWorkGroups.x * uint(GROUP_SIZE)) {
    uint i = b_pairs[s].y;
    b_sortedPos[s] = b_pos[i];
    b_sortedVel[s] = b_vel[i];
  }
}
