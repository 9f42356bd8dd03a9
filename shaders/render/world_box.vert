#version 430 core
// The 12 edges of a box as 24 line vertices, generated from gl_VertexID, by BOX:
//   0: the world cube;
//   1: the flock's bounding box as the reduction left it in FlockStats;
//   2: the cull's frustum (the view-projection it last tested against, frozen while the culling
//      camera is): the clip-space cube taken back to the world.
#ifndef BOX
#define BOX 0
#endif
#include "common/bindings.h"
#include "common/flock_stats.h"
#include "common/render_params.h"
#include "render/camera.glsl"
#include "cull/cull_params.h"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
#if BOX == 1
layout(std430, binding = SSBO_FLOCK_STATS) readonly buffer Stats { FlockStats b_stats; };
#elif BOX == 2
layout(std430, binding = SSBO_CULL_PARAMS) readonly buffer Cull { CullParams b_cull; };
#endif

const ivec2 kEdges[12] = ivec2[](ivec2(0, 1), ivec2(2, 3), ivec2(4, 5), ivec2(6, 7),   // along x
                                 ivec2(0, 2), ivec2(1, 3), ivec2(4, 6), ivec2(5, 7),   // along y
                                 ivec2(0, 4), ivec2(1, 5), ivec2(2, 6), ivec2(3, 7));  // along z

void main() {
  ivec2 edge = kEdges[gl_VertexID / 2];
  int corner = (gl_VertexID & 1) == 0 ? edge.x : edge.y;
  vec3 select = vec3(corner & 1, (corner >> 1) & 1, (corner >> 2) & 1);
#if BOX == 1
  vec3 p = mix(b_stats.boundsMin.xyz, b_stats.boundsMax.xyz, select);
#elif BOX == 2
  vec4 world = inverse(b_cull.viewProj) * vec4(select * 2.0 - 1.0, 1.0);
  vec3 p = world.xyz / world.w;
#else
  vec3 p = (select * 2.0 - 1.0) * u_render.world.xyz;
#endif
  gl_Position = b_camera.viewProj * vec4(p, 1.0);
}
