#version 430 core
// Each level's DrawArraysIndirectCommand from the number of boids the cull kept in it, on the GPU
// (engine/cull/cull.cpp's commandFor is the same in C++): an instanced level draws its mesh once
// per boid; any other draws one instance of the mesh repeated once per boid. Also each level's
// DispatchIndirectCommand for a compute pass over its list (CULL_LIST_GROUP_SIZE per group).

layout(local_size_x = 1) in;
#include "cull/cull_slots.h"

layout(std430, binding = CULL_SLOT_COUNT_NEAR) readonly buffer Near { uint b_near; };
layout(std430, binding = CULL_SLOT_COUNT_MIDDLE) readonly buffer Middle { uint b_middle; };
layout(std430, binding = CULL_SLOT_COUNT_FAR) readonly buffer Far { uint b_far; };
layout(std430, binding = CULL_SLOT_COMMANDS) writeonly buffer Commands { uvec4 b_commands[3]; };
layout(std430, binding = CULL_SLOT_DISPATCHES) writeonly buffer Dispatches { uvec4 b_dispatches[3]; };
layout(location = CULL_LOC_VERTICES) uniform uvec3 u_vertices;
layout(location = CULL_LOC_INSTANCED) uniform uvec3 u_instanced;

uvec4 command(uint vertices, bool instanced, uint boids) {
  return instanced ? uvec4(vertices, boids, 0u, 0u) : uvec4(vertices * boids, 1u, 0u, 0u);
}

uvec4 dispatch(uint boids) {
  uint groups = (boids + uint(CULL_LIST_GROUP_SIZE) - 1u) / uint(CULL_LIST_GROUP_SIZE);
  return uvec4(min(groups, CULL_LIST_MAX_GROUPS), 1u, 1u, 0u);
}

void main() {
  b_commands[0] = command(u_vertices.x, u_instanced.x != 0u, b_near);
  b_commands[1] = command(u_vertices.y, u_instanced.y != 0u, b_middle);
  b_commands[2] = command(u_vertices.z, u_instanced.z != 0u, b_far);
  b_dispatches[0] = dispatch(b_near);
  b_dispatches[1] = dispatch(b_middle);
  b_dispatches[2] = dispatch(b_far);
}
