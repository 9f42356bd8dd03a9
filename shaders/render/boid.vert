#version 430 core
// A boid at one level of detail, pulled straight from the simulation's storage buffers (no copy
// into vertex buffers) and oriented along its velocity:
//   LEVEL 0 (near):   the dart mesh (ATTR_*), one instance per boid
//   LEVEL 1 (middle): one triangle, the dart's outline (nose and wing tips); 3 vertices per boid
//   LEVEL 2 (far):    a point of about the dart's area; one vertex per boid
// With CULLED 1 the boid is the cull's list (SSBO_DRAW_LIST) at the instance or vertex's number
// (engine/cull: the levels' lists and draw commands come from the GPU); with 0, every boid in
// order. Reads SSBO_POS_IN, SSBO_VEL_IN, SSBO_CAMERA, UBO_RENDER_PARAMS (and SSBO_DRAW_LIST); the
// shading also SSBO_SH and SSBO_SHADE (render/shading.glsl).
#ifndef LEVEL
#define LEVEL 0
#endif
#ifndef CULLED
#define CULLED 0
#endif

#include "common/bindings.h"
#include "common/render_params.h"
#include "render/camera.glsl"
#include "render/dart.glsl"
#include "render/dart_basis.glsl"
#include "render/palette.glsl"
#include "render/shading.glsl"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_VEL_IN) readonly buffer VelIn { vec4 b_vel[]; };
#if CULLED
layout(std430, binding = SSBO_DRAW_LIST) readonly buffer DrawList { uint b_list[]; };
#endif

#if LEVEL == 0
layout(location = ATTR_POSITION) in vec3 a_position;  // mesh space: nose along +Z
layout(location = ATTR_NORMAL) in vec3 a_normal;
#endif

// Shaded here, once per vertex, for every level: the near level's faces are flat (their vertices
// share a normal), and shading per fragment cost twice the drawing on a software renderer.
flat out vec3 v_color;

void main() {
#if LEVEL == 0
  uint drawn = uint(gl_InstanceID);
#elif LEVEL == 1
  uint drawn = uint(gl_VertexID) / 3u;
#else
  uint drawn = uint(gl_VertexID);
#endif
#if CULLED
  uint boid = b_list[drawn];
#else
  uint boid = drawn;
#endif
  vec4 position = b_pos[boid];
  vec3 p = position.xyz;
  vec4 velocity = b_vel[boid];
  mat3 basis = dartBasis(velocity.xyz, position.w, u_render.motion.x);
  vec3 right = basis[0], up = basis[1], forward = basis[2];
  float scale = u_render.boidScale;
  vec3 albedo = boidAlbedo(velocity, LEVEL, u_render);

#if LEVEL == 0
  vec3 world = p + basis * (a_position * scale);
  vec3 normal = basis * a_normal;
#elif LEVEL == 1
  // The dart's outline: its nose and wing tips, the triangle in its own wing plane, so that it turns
  // and foreshortens as the mesh does (the fin it leaves out is a sliver at this size). Lit as the
  // dart's back is (its "up"), so the level's colour matches the mesh's.
  int corner = gl_VertexID % 3;
  vec3 local = corner == 0 ? kDartNose : corner == 1 ? kDartLeft : kDartRight;
  vec3 world = p + (right * local.x + forward * local.z) * scale;
  vec3 normal = up;
#else
  vec3 world = p;
  vec3 normal = up;
#endif
  gl_Position = b_camera.viewProj * vec4(world, 1.0);
  v_color = shadeBoid(albedo, normal, world, b_camera.eye.xyz, u_render);
#if LEVEL == 2
  // A square of about the dart's area as seen (its side is kDartSplat lengths, in pixels at this
  // depth), never smaller than minPointPixels: a far flock stays visible as a flock.
  gl_PointSize = max(u_render.minPointPixels, kDartSplat * scale * u_render.pixelScale / max(gl_Position.w, 1e-6));
#endif
}
