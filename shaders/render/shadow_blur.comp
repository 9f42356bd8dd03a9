#version 430 core
// The counted shadow (render/shadow_splat.comp) blurred into an image of how much light the ground
// loses: a separable Gaussian over a tile and its apron in shared memory (rows, then columns),
// then opacity = 1 - exp(-boids / u_dark): a column of u_dark boids above a texel takes 63% of the
// light, a lone boid a trace, and the densest school never more than all of it.
#include "common/bindings.h"
#include "render/shadow.h"

layout(local_size_x = SHADOW_TILE, local_size_y = SHADOW_TILE) in;
layout(std430, binding = SSBO_SHADOW) readonly buffer Shadow { uint b_shadow[]; };
layout(r16f, binding = 0) uniform writeonly image2D u_opacity;
layout(location = LOC_SHADOW) uniform float u_dark;

const uint kApron = uint(SHADOW_RADIUS);
const uint kSpan = SHADOW_TILE + 2u * kApron;
shared float s_counts[kSpan * kSpan];
shared float s_rows[kSpan * SHADOW_TILE];  // rows blurred: kSpan rows of SHADOW_TILE columns

float weight(int d) { return exp(-0.5 * float(d * d) / (SHADOW_SIGMA * SHADOW_SIGMA)); }

void main() {
  ivec2 origin = ivec2(gl_WorkGroupID.xy * SHADOW_TILE) - int(kApron);
  for (uint i = gl_LocalInvocationIndex; i < kSpan * kSpan; i += SHADOW_TILE * SHADOW_TILE) {
    ivec2 t = origin + ivec2(i % kSpan, i / kSpan);
    bool inside = all(greaterThanEqual(t, ivec2(0))) && all(lessThan(t, ivec2(SHADOW_SIZE)));
    s_counts[i] = inside ? float(b_shadow[uint(t.y) * SHADOW_SIZE + uint(t.x)]) : 0.0;
  }
  barrier();
  float total = 0.0;
  for (int d = -SHADOW_RADIUS; d <= SHADOW_RADIUS; ++d) total += weight(d);
  for (uint i = gl_LocalInvocationIndex; i < kSpan * SHADOW_TILE; i += SHADOW_TILE * SHADOW_TILE) {
    uint row = i / SHADOW_TILE, column = i % SHADOW_TILE + kApron;
    float sum = 0.0;
    for (int d = -SHADOW_RADIUS; d <= SHADOW_RADIUS; ++d) sum += weight(d) * s_counts[row * kSpan + uint(int(column) + d)];
    s_rows[i] = sum / total;
  }
  barrier();
  uvec2 local = gl_LocalInvocationID.xy;
  float sum = 0.0;
  for (int d = -SHADOW_RADIUS; d <= SHADOW_RADIUS; ++d) sum += weight(d) * s_rows[uint(int(local.y + kApron) + d) * SHADOW_TILE + local.x];
  imageStore(u_opacity, ivec2(gl_GlobalInvocationID.xy), vec4(1.0 - exp(-sum / total / u_dark)));
}
