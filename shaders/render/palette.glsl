#ifndef BOIDS_PALETTE_GLSL
#define BOIDS_PALETTE_GLSL
// The boids' colours (sRGB-encoded, as a palette is picked; render/shading.glsl lights them as albedo).

// Speed ramp through deep blue, teal, green and warm yellow (close to viridis, perceptually even).
vec3 speedRamp(float t) {
  const vec3 c0 = vec3(0.17, 0.11, 0.42);
  const vec3 c1 = vec3(0.13, 0.47, 0.56);
  const vec3 c2 = vec3(0.30, 0.76, 0.42);
  const vec3 c3 = vec3(0.99, 0.87, 0.25);
  t = clamp(t, 0.0, 1.0) * 3.0;
  if (t < 1.0) return mix(c0, c1, t);
  if (t < 2.0) return mix(c1, c2, t - 1.0);
  return mix(c2, c3, t - 2.0);
}

#include "render/level_tints.glsl"

// A level of detail's tint (0 near, 1 middle, 2 far).
vec3 levelTint(int level) { return level == 0 ? kTintNear : level == 1 ? kTintMiddle : kTintFar; }

#endif
