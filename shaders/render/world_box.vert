#version 430 core
// The 12 edges of the world cube as 24 line vertices, generated from gl_VertexID.
#include "common/bindings.h"
#include "common/render_params.h"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };

const ivec2 kEdges[12] = ivec2[](ivec2(0, 1), ivec2(2, 3), ivec2(4, 5), ivec2(6, 7),   // along x
                                 ivec2(0, 2), ivec2(1, 3), ivec2(4, 6), ivec2(5, 7),   // along y
                                 ivec2(0, 4), ivec2(1, 5), ivec2(2, 6), ivec2(3, 7));  // along z

void main() {
  ivec2 edge = kEdges[gl_VertexID / 2];
  int corner = (gl_VertexID & 1) == 0 ? edge.x : edge.y;
  vec3 unit = vec3(corner & 1, (corner >> 1) & 1, (corner >> 2) & 1) * 2.0 - 1.0;
  gl_Position = u_render.viewProj * vec4(unit * u_render.world.xyz, 1.0);
}
