#version 430 core
// The ground (render/ground.glsl), drawn.
#include "common/bindings.h"
#include "common/render_params.h"
#include "render/camera.glsl"
#include "render/shading.glsl"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };

#include "render/ground.glsl"

in vec3 v_world;
flat in vec3 v_irradiance;
out vec4 o_color;

void main() {
  vec3 radiance = groundRadiance(v_world, fwidth(groundCells(v_world)), v_irradiance);
  o_color = vec4(displayColour(radiance, u_render.lighting.x), 1.0);
}
