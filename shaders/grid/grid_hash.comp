#version 430 core
// Grid stage 1, hash: each boid's cell key, paired with the boid's index for the sort.
// Reads SSBO_POS_IN, UBO_SIM_PARAMS; writes SSBO_GRID_PAIRS[0 .. count).
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;
#include "common/bindings.h"
#include "common/sim_params.h"

layout(std140, binding = UBO_SIM_PARAMS) uniform SimParamsBlock { SimParams u_sim; };
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_GRID_PAIRS) writeonly buffer Pairs { uvec2 b_pairs[]; };
#include "grid/grid_cells.glsl"

void main() {
  for (uint i = gl_GlobalInvocationID.x; i < u_sim.boidCount; i += gl_NumWorkGroups.x * uint(GROUP_SIZE)) {
    b_pairs[i] = uvec2(cellKey(cellOf(b_pos[i].xyz)), i);
  }
}
