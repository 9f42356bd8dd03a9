#version 430 core
// The last step of the render-based strategies: read their 1x1 results and write FlockStats.
//   additive-blend (MIPMAP 0): texture units 0, 1, 2 hold sum, min and max at level 0.
//   mipmap (MIPMAP 1): unit 0 holds the averaged texels at level u_level; the bounds come from a
//   companion compute reduction whose FlockStats sit in CENTROID_SLOT_COMPANION.
// Writes CENTROID_SLOT_STATS.

#ifndef MIPMAP
#define MIPMAP 0
#endif

layout(local_size_x = 1) in;

#include "centroid/centroid_slots.h"
#include "common/flock_stats.h"

layout(location = CENTROID_LOC_BOID_COUNT) uniform uint u_boidCount;
layout(location = CENTROID_LOC_LEVEL) uniform int u_level;
layout(location = CENTROID_LOC_SIDE) uniform uint u_side;
layout(binding = 0) uniform sampler2D u_sum;
layout(std430, binding = CENTROID_SLOT_STATS) writeonly buffer Stats { FlockStats b_stats; };

#if MIPMAP
layout(std430, binding = CENTROID_SLOT_COMPANION) readonly buffer Companion { FlockStats b_companion; };
#else
layout(binding = 1) uniform sampler2D u_lo;
layout(binding = 2) uniform sampler2D u_hi;
#endif

void main() {
  vec4 top = texelFetch(u_sum, ivec2(0), u_level);
#if MIPMAP
  // Every level averages, so the top texel is (sum of positions, boid count) / side^2: the ratio
  // is the centroid.
  // Its w times side^2 is the number of boids that went in (exact: averages of 0/1 in powers of 4).
  float side = float(u_side);
  b_stats = FlockStats(vec4(top.xyz / top.w, top.w * side * side), b_companion.boundsMin, b_companion.boundsMax);
#else
  b_stats = FlockStats(vec4(top.xyz / float(u_boidCount), top.w),
                       vec4(texelFetch(u_lo, ivec2(0), 0).xyz, 0.0), vec4(texelFetch(u_hi, ivec2(0), 0).xyz, 0.0));
#endif
}
