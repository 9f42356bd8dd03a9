#version 430 core
// Boids coloured by speed (slow: deep blue, fast: warm yellow), lit by a key light and a sky/ground
// hemisphere, fading into the background with distance.

#include "common/bindings.h"
#include "common/render_params.h"
#include "render/palette.glsl"
#include "render/camera.glsl"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };

in vec3 v_normal;
in vec3 v_world;
in float v_speed;
out vec4 o_color;

void main() {
  vec3 n = normalize(v_normal);
  if (!gl_FrontFacing) n = -n;
  vec3 albedo = speedRamp(v_speed);
  float key = max(dot(n, u_render.lightDir.xyz), 0.0);
  float hemi = 0.5 + 0.5 * n.y;
  vec3 ambient = mix(vec3(0.10, 0.09, 0.12), vec3(0.32, 0.38, 0.50), hemi);
  vec3 viewDir = normalize(b_camera.eye.xyz - v_world);
  float rim = pow(1.0 - max(dot(n, viewDir), 0.0), 3.0) * 0.35;
  vec3 color = albedo * (ambient + 0.95 * key) + rim * vec3(0.7, 0.8, 1.0);

  float dist = length(b_camera.eye.xyz - v_world);
  float fog = 1.0 - exp(-u_render.fogDensity * dist);
  o_color = vec4(mix(color, skyColor(0.45), fog), 1.0);
}
