#ifndef BOIDS_PALETTE_GLSL
#define BOIDS_PALETTE_GLSL
// The boids' colours (sRGB-encoded, as a palette is picked; render/shading.glsl lights them as
// albedo), by the mode in RenderParams.colour (common/render_params.h). Needs that header.

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

// Density ramp through violet, crimson, orange and pale gold (close to inferno, without its black
// end, which would vanish against a dark sky).
vec3 densityRamp(float t) {
  const vec3 c0 = vec3(0.32, 0.16, 0.52);
  const vec3 c1 = vec3(0.73, 0.20, 0.40);
  const vec3 c2 = vec3(0.96, 0.50, 0.16);
  const vec3 c3 = vec3(0.99, 0.90, 0.55);
  t = clamp(t, 0.0, 1.0) * 3.0;
  if (t < 1.0) return mix(c0, c1, t);
  if (t < 2.0) return mix(c1, c2, t - 1.0);
  return mix(c2, c3, t - 2.0);
}

// Heading: the compass direction of flight round a hue circle of even brightness (a cosine
// palette), lighter when climbing and darker when diving, so that schools flying different ways
// stand apart and a turning school shows its turn.
vec3 headingColour(vec3 forward) {
  const float kTurn = 6.28318530718;
  float azimuth = atan(forward.z, forward.x) / kTurn;
  vec3 hue = vec3(0.56) + 0.38 * cos(kTurn * (azimuth + vec3(0.0, 0.333, 0.667)));
  float climb = clamp(forward.y, -1.0, 1.0);
  return climb > 0.0 ? mix(hue, vec3(0.95), 0.45 * climb) : hue * (1.0 + 0.45 * climb);
}

#include "render/level_tints.glsl"

// A level of detail's tint (0 near, 1 middle, 2 far).
vec3 levelTint(int level) { return level == 0 ? kTintNear : level == 1 ? kTintMiddle : kTintFar; }

// A boid's albedo: `velocity` as the step left it (w: its neighbours within the largest radius),
// drawn at `level`.
vec3 boidAlbedo(vec4 velocity, int level, RenderParams r) {
  if (r.lodTint > 0.5) return levelTint(level);
  float speed = length(velocity.xyz);
  uint mode = uint(r.colour.z);
  if (mode == COLOUR_HEADING) return headingColour(speed > 1e-6 ? velocity.xyz / speed : vec3(0, 0, 1));
  float x = mode == COLOUR_SPEED ? speed : velocity.w;
  float t = (x - r.colour.x) / max(r.colour.y - r.colour.x, 1e-6);
  return mode == COLOUR_SPEED ? speedRamp(t) : densityRamp(t);
}

#endif
