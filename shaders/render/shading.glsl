#ifndef BOIDS_SHADING_GLSL
#define BOIDS_SHADING_GLSL
// A boid's colour at a point, lit by the environment: its albedo times the irradiance the nine
// spherical harmonics give at its normal (R&H's quadratic form, projected on the GPU by
// engine/lighting), a small key light from the environment's dominant direction for shape, a rim
// toward the edges seen from the eye, and fog that darkens with distance toward a dim haze (depth
// reads as darkness, not as a grey veil); exposed and tone mapped. Evaluated once per vertex
// (boid.vert): the dart's faces are flat, so their vertices share the normal, and across a face
// only the rim and fog would vary, by less than a step of the display. Needs common/bindings.h
// and common/render_params.h.
#include "lighting/environment.glsl"
#include "render/tonemap.glsl"

// The fog's colour: a dim haze of the light from above (depth reads as darkness, not as grey).
vec3 fogHaze() { return 0.08 * max(shIrradiance(b_sh, vec3(0.0, 1.0, 0.0)), vec3(0.0)) / 3.14159265; }

// Radiance seen through `dist` units of fog of colour `haze`.
vec3 fogged(vec3 radiance, float dist, vec3 haze, RenderParams r) { return mix(radiance, haze, 1.0 - exp(-r.fogDensity * dist)); }

// `albedo` as the palettes give it (sRGB-encoded); returns the colour to display.
vec3 shadeBoid(vec3 albedo, vec3 n, vec3 world, vec3 eye, RenderParams r) {
  vec3 rho = decodeSrgb(albedo);
  vec3 key = shDominantDirection(b_sh);
  vec3 irradiance = max(shIrradiance(b_sh, n), vec3(0.0)) +
                    r.lighting.z * max(dot(n, key), 0.0) * max(shIrradiance(b_sh, key), vec3(0.0));
  vec3 toEye = eye - world;
  float dist = length(toEye);
  vec3 view = toEye / max(dist, 1e-6);
  vec3 behind = environmentRadiance(-view, r.lighting.y, 4.0);  // what the boid stands in front of
  float rim = pow(1.0 - max(dot(n, view), 0.0), 3.0) * 0.25;
  vec3 radiance = rho * irradiance / 3.14159265 + rim * behind;
  return displayColour(fogged(radiance, dist, fogHaze(), r), r.lighting.x);
}

#endif
