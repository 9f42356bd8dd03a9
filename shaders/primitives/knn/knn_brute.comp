#version 430 core
// The k nearest of each boid by looking at every other boid: n^2 distances, no grid. The lab's
// baseline: exact by construction, and what the grid searches are measured against.
#include "primitives/knn/knn_list.glsl"

void main() {
  const uint slot = gl_GlobalInvocationID.x;
  if (slot >= u_count) return;
  const vec3 p = b_pos[slot].xyz;
  considerSlots(0u, u_count, slot, p);
  writeList(b_ids[slot], u_k);
}
