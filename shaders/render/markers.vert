#version 430 core
// Two 3D crosses: instance 0 at the GPU centroid (read straight from FlockStats), instance 1 at the
// CPU reference centroid of the last check (a uniform). When they agree they coincide.
// Reads SSBO_FLOCK_STATS, SSBO_CAMERA.
#include "common/bindings.h"
#include "common/flock_stats.h"
#include "render/camera.glsl"

layout(std430, binding = SSBO_FLOCK_STATS) readonly buffer Stats { FlockStats b_stats; };
layout(location = LOC_MARKER_CPU) uniform vec4 u_cpuCentroid;  // w 1 when known
layout(location = LOC_MARKER_SIZE) uniform float u_size;
out vec3 v_color;

void main() {
  int axis = gl_VertexID / 2;
  float end = (gl_VertexID & 1) == 0 ? -1.0 : 1.0;
  bool gpu = gl_InstanceID == 0;
  vec3 centre = gpu ? b_stats.meanPosition.xyz : u_cpuCentroid.xyz;
  vec3 arm = vec3(0.0);
  arm[axis] = end * (gpu ? u_size : 0.7 * u_size);  // the CPU cross is smaller, so both show
  v_color = gpu ? vec3(1.0, 0.55, 0.1) : vec3(0.2, 0.95, 1.0);
  gl_Position = b_camera.viewProj * vec4(centre + arm, 1.0);
  if (!gpu && u_cpuCentroid.w == 0.0) gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume
}
