#version 430 core
// The frame's shading constants (render/shade_constants.h) from the environment's nine harmonics,
// by one invocation, after the light pass and before any draw that shades.
#include "common/bindings.h"
#include "render/shade_constants.h"
#include "lighting/sh_params.h"
#include "lighting/sh_basis.glsl"

layout(local_size_x = 1) in;
layout(std430, binding = SSBO_SH) readonly buffer Sh { ShCoefficients b_sh; };
layout(std430, binding = SSBO_SHADE) writeonly buffer Shade { ShadeConstants b_shade; };

void main() {
  vec3 key = shDominantDirection(b_sh);
  b_shade.keyDirection = vec4(key, 0.0);
  b_shade.keyIrradiance = vec4(max(shIrradiance(b_sh, key), vec3(0.0)), 0.0);
  b_shade.haze = vec4(0.08 * max(shIrradiance(b_sh, vec3(0.0, 1.0, 0.0)), vec3(0.0)) / 3.14159265, 0.0);
  b_shade.ambient = vec4(max(b_sh.L[0].rgb * 0.282094792, vec3(0.0)), 0.0);
}
