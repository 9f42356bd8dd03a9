#version 430 core
// The near level (LEVEL 0, the dart mesh) shaded per fragment: coloured by speed (slow: deep blue,
// fast: warm yellow), or with the level tints on, in the near level's tint. The middle and far
// levels arrive shaded per vertex (boid.vert), flat: one colour per boid.
#ifndef LEVEL
#define LEVEL 0
#endif

#include "common/bindings.h"
#include "common/render_params.h"
#include "render/palette.glsl"
#include "render/shading.glsl"
#include "render/camera.glsl"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };

#if LEVEL == 0
in vec3 v_normal;
in vec3 v_world;
in float v_speed;
#else
flat in vec3 v_color;
#endif
out vec4 o_color;

void main() {
#if LEVEL == 0
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;  // the mesh's inside, seen through a gap: lit as its outside
  vec3 albedo = u_render.lodTint > 0.5 ? levelTint(0) : speedRamp(v_speed);
  o_color = vec4(shadeBoid(albedo, n, v_world, b_camera.eye.xyz, u_render), 1.0);
#else
  o_color = vec4(v_color, 1.0);
#endif
}
