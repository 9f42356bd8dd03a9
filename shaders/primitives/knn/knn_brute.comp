#version 430 core
// The k nearest of each boid by looking at every other boid: n^2 distances, no grid. The lab's
// baseline: exact by construction, and what the grid searches are measured against.
layout(local_size_x = 64) in;
#include "primitives/knn/knn_slots.h"

layout(std430, binding = KNN_SLOT_POSITIONS) readonly buffer Positions { vec4 b_pos[]; };
layout(std430, binding = KNN_SLOT_IDS) readonly buffer Ids { uint b_ids[]; };
layout(std430, binding = KNN_SLOT_OUT) writeonly buffer Out { uint b_out[]; };
layout(location = KNN_LOC_COUNT) uniform uint u_count;
layout(location = KNN_LOC_K) uniform uint u_k;

#include "primitives/knn/knn_list.glsl"

void main() {
  const uint slot = gl_GlobalInvocationID.x;
  if (slot >= u_count) return;
  const vec3 p = b_pos[slot].xyz;
  for (uint s = 0u; s < u_count; ++s) {
    if (s == slot) continue;
    const vec3 d = b_pos[s].xyz - p;
    consider(dot(d, d), b_ids[s], u_k);
  }
  writeList(b_ids[slot], u_k);
}
