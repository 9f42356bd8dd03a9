#ifndef BOIDS_PALETTE_GLSL
#define BOIDS_PALETTE_GLSL
// The boids' colours (sRGB-encoded, as a palette is picked; render/shading.glsl lights them as
// albedo), by the mode in RenderParams.colour (common/render_params.h). Needs that header.

#include "render/ramps.glsl"
#include "render/level_tints.glsl"

// A starling's plumage: nearly black (under 1% reflected), a little blue (sRGB-encoded).
const vec3 kPlumage = vec3(0.08, 0.08, 0.10);

// A level of detail's tint (0 near, 1 middle, 2 far).
vec3 levelTint(int level) { return level == 0 ? kTintNear : level == 1 ? kTintMiddle : kTintFar; }

// A boid's albedo: `velocity` as the step left it (w: its neighbours within the largest radius),
// drawn at `level`.
vec3 boidAlbedo(vec4 velocity, int level, RenderParams r) {
  if (r.lodTint > 0.5) return levelTint(level);
  uint mode = uint(r.colour.z);
  if (mode == COLOUR_PLUMAGE) return kPlumage;
  float speed = length(velocity.xyz);
  if (mode == COLOUR_HEADING) return headingColour(speed > 1e-6 ? velocity.xyz / speed : vec3(0, 0, 1));
  float x = mode == COLOUR_SPEED ? speed : velocity.w;
  float t = (x - r.colour.x) / max(r.colour.y - r.colour.x, 1e-6);
  return mode == COLOUR_SPEED ? speedRamp(t) : densityRamp(t);
}

#endif
