#version 430 core
// Follow-flock camera, on the GPU: frames the bounding box the reduction just left in FlockStats
// (no round trip to the CPU), from the orbit angles the user drags, easing toward the new framing
// each frame. Or a viewer on the ground (u_viewer.x 1), as a person watches a murmuration: the eye
// at the ground's height, aside of the flock by the orbit's yaw, far enough to frame it and to look
// up at its centre at most at a given angle (the zoom factor scales that distance). The maths
// mirrors glm::lookAt and glm::perspective (engine/render/camera.cpp).
// Reads SSBO_FLOCK_STATS and the previous SSBO_CAMERA; writes SSBO_CAMERA.

layout(local_size_x = 1) in;

#include "common/bindings.h"
#include "common/camera.h"
#include "common/flock_stats.h"

layout(std430, binding = SSBO_FLOCK_STATS) readonly buffer Stats { FlockStats b_stats; };
layout(std430, binding = SSBO_CAMERA) buffer Camera { CameraState b_camera; };
layout(location = LOC_CAMERA_ORBIT) uniform vec4 u_orbit;    // yaw, pitch, vertical fov, aspect
layout(location = LOC_CAMERA_FOLLOW) uniform vec4 u_follow;  // smoothing, zoom, jump, the view's centre x (NDC)
layout(location = LOC_CAMERA_VIEWER) uniform vec4 u_viewer;  // 1: on the ground, eye height, 1 / sin(look-up angle), unused

mat4 lookAt(vec3 eye, vec3 target, vec3 up) {
  vec3 f = normalize(target - eye);
  vec3 s = normalize(cross(f, up));
  vec3 u = cross(s, f);
  return mat4(vec4(s.x, u.x, -f.x, 0.0), vec4(s.y, u.y, -f.y, 0.0), vec4(s.z, u.z, -f.z, 0.0),
              vec4(-dot(s, eye), -dot(u, eye), dot(f, eye), 1.0));
}

mat4 perspective(float fovY, float aspect, float near, float far) {
  float t = 1.0 / tan(0.5 * fovY);
  return mat4(vec4(t / aspect, 0.0, 0.0, 0.0), vec4(0.0, t, 0.0, 0.0),
              vec4(0.0, 0.0, -(far + near) / (far - near), -1.0), vec4(0.0, 0.0, -2.0 * far * near / (far - near), 0.0));
}

void main() {
  float yaw = u_orbit.x, pitch = u_orbit.y, fovY = u_orbit.z, aspect = u_orbit.w;
  vec3 lo = b_stats.boundsMin.xyz, hi = b_stats.boundsMax.xyz;
  vec3 centre = 0.5 * (lo + hi);
  float radius = max(0.5 * length(hi - lo), 1.0);
  // The box's bounding sphere inside the narrower of the two fields of view.
  // (The part of the window right of the view's centre shift: a panel covers the rest.)
  float seen = aspect * (1.0 - clamp(u_follow.w, 0.0, 0.9));
  float fit = seen < 1.0 ? 2.0 * atan(tan(0.5 * fovY) * seen) : fovY;
  float wanted = radius / sin(0.5 * fit) * u_follow.y;

  bool jump = u_follow.z > 0.5 || b_camera.target.w <= 0.0;
  vec3 target = jump ? centre : mix(b_camera.target.xyz, centre, u_follow.x);
  float distance = jump ? wanted : mix(b_camera.target.w, wanted, u_follow.x);
  if (u_viewer.x > 0.5) {  // the eye on the ground: framing the flock, looking up at most the angle
    float below = max(target.y - u_viewer.y, 1.0);
    wanted = max(wanted, below * max(u_viewer.z * u_follow.y, 1.01));  // the eye stays on the ground
    distance = jump ? wanted : mix(b_camera.target.w, wanted, u_follow.x);
    pitch = -asin(clamp(below / distance, 0.0, 1.0));  // so that the eye is at the ground's height
  }
  vec3 eye = target + distance * vec3(cos(pitch) * sin(yaw), sin(pitch), cos(pitch) * cos(yaw));
  float near = max(0.05, distance * 0.01);
  mat4 projection = perspective(fovY, max(aspect, 1e-3), near, distance * 10.0 + 1000.0);
  projection[2][0] = -u_follow.w;
  mat4 viewProj = projection * lookAt(eye, target, vec3(0, 1, 0));
  b_camera = CameraState(viewProj, vec4(eye, 1.0), vec4(target, distance));
}
