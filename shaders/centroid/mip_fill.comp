#version 430 core
// Strategy mipmap, step 1: the positions into a square RGBA32F texture, one texel per boid as
// (x, y, z, 1); the padding texels past the flock are (0, 0, 0, 0), so they add nothing to either
// the sum or the count and the mean stays exact. glGenerateMipmap then averages 2x2 blocks down
// to one texel. Reads CENTROID_SLOT_POSITIONS; writes image unit 0.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "centroid/centroid_slots.h"

layout(std430, binding = CENTROID_SLOT_POSITIONS) readonly buffer PosIn { vec4 b_pos[]; };
layout(rgba32f, binding = 0) writeonly uniform image2D u_texels;
layout(location = CENTROID_LOC_BOID_COUNT) uniform uint u_boidCount;
layout(location = CENTROID_LOC_SIDE) uniform uint u_side;

void main() {
  uint texels = u_side * u_side;
  for (uint t = gl_GlobalInvocationID.x; t < texels; t += gl_NumWorkGroups.x * uint(GROUP_SIZE)) {
    vec4 texel = t < u_boidCount ? vec4(b_pos[t].xyz, 1.0) : vec4(0.0);
    imageStore(u_texels, ivec2(t % u_side, t / u_side), texel);
  }
}
