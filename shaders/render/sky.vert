#version 430 core
// A triangle that covers the screen (Bill Bilodeau's trick): no vertex buffer needed. Each corner
// carries the world direction it looks along, so the sky can be looked up per pixel.
#include "common/bindings.h"
#include "render/camera.glsl"

out vec3 v_direction;

void main() {
  vec2 p = vec2(float((gl_VertexID << 1) & 2), float(gl_VertexID & 2)) * 2.0 - 1.0;
  mat4 inverseViewProj = inverse(b_camera.viewProj);
  vec4 far = inverseViewProj * vec4(p, 1.0, 1.0);
  v_direction = far.xyz / far.w - b_camera.eye.xyz;
  gl_Position = vec4(p, 1.0, 1.0);
}
