#version 430 core
// One instance per boid: the mesh is oriented along the boid's velocity and placed at its
// position, both pulled straight from the simulation's storage buffers (no copy into vertex
// buffers). Reads SSBO_POS_IN, SSBO_VEL_IN, SSBO_CAMERA, UBO_RENDER_PARAMS.

#include "common/bindings.h"
#include "common/render_params.h"
#include "render/camera.glsl"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_VEL_IN) readonly buffer VelIn { vec4 b_vel[]; };

layout(location = ATTR_POSITION) in vec3 a_position;  // mesh space: nose along +Z
layout(location = ATTR_NORMAL) in vec3 a_normal;

out vec3 v_normal;
out vec3 v_world;
out float v_speed;  // position on the colour ramp: 0 at half the maximum speed or less, 1 at the maximum

void main() {
  vec3 p = b_pos[gl_InstanceID].xyz;
  vec3 v = b_vel[gl_InstanceID].xyz;
  float speed = length(v);
  vec3 forward = speed > 1e-6 ? v / speed : vec3(0, 0, 1);
  vec3 helper = abs(forward.y) < 0.99 ? vec3(0, 1, 0) : vec3(1, 0, 0);
  vec3 right = normalize(cross(helper, forward));
  vec3 up = cross(forward, right);
  mat3 basis = mat3(right, up, forward);

  v_world = p + basis * (a_position * u_render.boidScale);
  v_normal = basis * a_normal;
  // Flocks cruise near the speed limit, so the ramp spends its range on the upper half of speeds,
  // where slowing down (turning, crowding) shows.
  v_speed = clamp(2.0 * speed / u_render.maxSpeed - 1.0, 0.0, 1.0);
  gl_Position = b_camera.viewProj * vec4(v_world, 1.0);
}
