#ifndef BOIDS_SHADING_GLSL
#define BOIDS_SHADING_GLSL
// A boid's colour at a point, lit by the environment: its albedo times the irradiance the nine
// spherical harmonics give at its normal (R&H's quadratic form, projected on the GPU by
// engine/lighting), a small key light from the environment's dominant direction for shape, a rim
// of the environment's mean light toward the edges seen from the eye, and fog that darkens with
// distance toward a dim haze (depth reads as darkness, not as a grey veil); exposed and tone
// mapped. What every boid shares (the key light, the haze, the mean light) comes from the frame's
// constants (render/shade_constants.comp), so a vertex evaluates the harmonics once. Evaluated
// once per vertex (boid.vert): the dart's faces are flat, so their vertices share the normal, and
// across a face only the rim and fog would vary, by less than a step of the display. Needs
// common/bindings.h and common/render_params.h.
#include "lighting/environment.glsl"
#include "render/shade_constants.h"
#include "render/tonemap.glsl"

layout(std430, binding = SSBO_SHADE) readonly buffer Shade { ShadeConstants b_shade; };

// Radiance seen through `dist` units of fog.
vec3 fogged(vec3 radiance, float dist, RenderParams r) { return mix(radiance, b_shade.haze.rgb, 1.0 - exp(-r.fogDensity * dist)); }

// `albedo` as the palettes give it (sRGB-encoded); returns the colour to display.
vec3 shadeBoid(vec3 albedo, vec3 n, vec3 world, vec3 eye, RenderParams r) {
  vec3 rho = decodeSrgb(albedo);
  vec3 irradiance = max(shIrradiance(b_sh, n), vec3(0.0)) +
                    r.lighting.z * max(dot(n, b_shade.keyDirection.xyz), 0.0) * b_shade.keyIrradiance.rgb;
  vec3 toEye = eye - world;
  float dist = length(toEye);
  vec3 view = toEye / max(dist, 1e-6);
  float rim = pow(1.0 - max(dot(n, view), 0.0), 3.0) * 0.25;
  vec3 radiance = rho * irradiance / 3.14159265 + rim * b_shade.ambient.rgb;
  return displayColour(fogged(radiance, dist, r), r.lighting.x);
}

#endif
