#version 430 core
// The flock seen from straight above, counted: each boid adds one to the ground texel under it
// (render/shadow.h: the texels tile the world's floor). render/shadow_blur.comp softens it into the
// shadow the ground draws. A flock covers few texels, so one atomic a boid queues thousands on
// each: instead an invocation counts a run of consecutive boids and adds a texel's count once,
// when the run leaves it. In the coherent grid's order neighbouring boids share a cell, so a run
// mostly stays on one or two texels (in any other order it is only slower).
#include "common/bindings.h"
#include "common/finite.glsl"
#include "render/shadow.h"

layout(local_size_x = 256) in;
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_SHADOW) buffer Shadow { uint b_shadow[]; };
layout(location = LOC_SHADOW) uniform vec2 u_floor;  // x: half side of the world; y: texels per unit
layout(location = LOC_SHADOW_COUNT) uniform uint u_count;

void main() {
  uint invocations = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
  uint run = (u_count + invocations - 1u) / invocations;
  uint first = gl_GlobalInvocationID.x * run, end = min(first + run, u_count);
  uint held = 0u, count = 0u;  // the texel the run is on, and its boids so far
  for (uint b = first; b < end; ++b) {
    vec2 t = (b_pos[b].xz + u_floor.x) * u_floor.y;
    // Inside the floor; a non-finite boid casts nothing.
    if (!finite2(t) || any(lessThan(t, vec2(0.0))) || any(greaterThanEqual(t, vec2(float(SHADOW_SIZE))))) continue;
    uvec2 c = uvec2(t);
    uint texel = c.y * SHADOW_SIZE + c.x;
    if (texel != held && count > 0u) {
      atomicAdd(b_shadow[held], count);
      count = 0u;
    }
    held = texel;
    ++count;
  }
  if (count > 0u) atomicAdd(b_shadow[held], count);
}
