#ifndef BOIDS_PALETTE_GLSL
#define BOIDS_PALETTE_GLSL
// Colours shared by the boids, the sky and the fog, so that fog fades into the sky behind it.

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

// Background from the bottom (0) to the top (1) of the screen: dusk haze up to night blue.
vec3 skyColor(float height) {
  vec3 horizon = vec3(0.36, 0.33, 0.40);
  vec3 zenith = vec3(0.05, 0.07, 0.14);
  return mix(horizon, zenith, smoothstep(0.0, 1.0, height));
}

#endif
