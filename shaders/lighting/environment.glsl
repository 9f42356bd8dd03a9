#ifndef BOIDS_ENVIRONMENT_GLSL
#define BOIDS_ENVIRONMENT_GLSL
// The environment as the drawing passes read it (the sky, the boids' shading, the panel's
// thumbnails): its equirectangular map at UNIT_ENVIRONMENT and its nine coefficients at SSBO_SH,
// both from engine/lighting. Needs common/bindings.h.
#include "lighting/sh_params.h"
#include "lighting/sh_basis.glsl"
#include "lighting/equirect.glsl"

layout(std430, binding = SSBO_SH) readonly buffer Sh { ShCoefficients b_sh; };
layout(binding = UNIT_ENVIRONMENT) uniform sampler2D u_environment;

// The environment's radiance toward world direction `dir`, the map turned by `yaw`, from mip
// level `lod` (0: sharp; higher: a wider average).
vec3 environmentRadiance(vec3 dir, float yaw, float lod) { return textureLod(u_environment, equirectUv(dir, yaw), lod).rgb; }

#endif
