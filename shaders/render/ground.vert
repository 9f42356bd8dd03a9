#version 430 core
// The ground: a square under the world's floor, GROUND_REACH halfSide sides across, drawn as a strip
// of four corners with no vertex buffer. Its irradiance is one value (the plane faces up), so it
// is evaluated here, not per pixel.
#include "common/bindings.h"
#include "common/render_params.h"
#include "render/camera.glsl"
#include "render/shading.glsl"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };

#include "render/ground.glsl"

out vec3 v_world;
flat out vec3 v_irradiance;

void main() {
  vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1)) * 2.0 - 1.0;
  float halfSide = u_render.world.x;
  v_world = vec3(corner.x * GROUND_REACH * halfSide, -halfSide, corner.y * GROUND_REACH * halfSide);
  v_irradiance = max(shIrradiance(b_sh, vec3(0.0, 1.0, 0.0)), vec3(0.0));
  gl_Position = b_camera.viewProj * vec4(v_world, 1.0);
}
