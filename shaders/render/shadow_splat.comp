#version 430 core
// The flock seen from straight above, counted: each boid adds one to the ground texel under it
// (render/shadow.h: the texels tile the world's floor). render/shadow_blur.comp softens it into the
// shadow the ground draws.
#include "common/bindings.h"
#include "render/shadow.h"

layout(local_size_x = 256) in;
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_SHADOW) buffer Shadow { uint b_shadow[]; };
layout(location = LOC_SHADOW) uniform vec2 u_floor;  // x: half side of the world; y: texels per unit
layout(location = LOC_SHADOW_COUNT) uniform uint u_count;

void main() {
  for (uint b = gl_GlobalInvocationID.x; b < u_count; b += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {
    vec2 t = (b_pos[b].xz + u_floor.x) * u_floor.y;
    // Inside the floor (a non-finite boid fails both tests and casts nothing).
    if (!(all(greaterThanEqual(t, vec2(0.0))) && all(lessThan(t, vec2(float(SHADOW_SIZE)))))) continue;
    uvec2 c = uvec2(t);
    atomicAdd(b_shadow[c.y * SHADOW_SIZE + c.x], 1u);
  }
}
