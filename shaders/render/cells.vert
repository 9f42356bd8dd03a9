#version 430 core
// The occupied cells of the grid as wireframe boxes: one instance per cell, 24 line vertices,
// read straight from the cell starts the grid built this frame; empty cells collapse to a point
// outside the clip volume. Reads SSBO_CELL_STARTS, SSBO_CAMERA, UBO_SIM_PARAMS.
#include "common/bindings.h"
#include "common/sim_params.h"
#include "render/camera.glsl"

layout(std140, binding = UBO_SIM_PARAMS) uniform SimParamsBlock { SimParams u_sim; };
layout(std430, binding = SSBO_CELL_STARTS) readonly buffer Starts { uint b_starts[]; };

const ivec2 kEdges[12] = ivec2[](ivec2(0, 1), ivec2(2, 3), ivec2(4, 5), ivec2(6, 7), ivec2(0, 2), ivec2(1, 3),
                                 ivec2(4, 6), ivec2(5, 7), ivec2(0, 4), ivec2(1, 5), ivec2(2, 6), ivec2(3, 7));
out float v_fill;  // boids in the cell, relative to 16 (the density's mean)

void main() {
  uvec2 range = uvec2(b_starts[gl_InstanceID], b_starts[gl_InstanceID + 1]);
  if (range.y <= range.x) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    v_fill = 0.0;
    return;
  }
  uint n = u_sim.cellsPerAxis;
  uint key = uint(gl_InstanceID);
  vec3 cell = vec3(key % n, (key / n) % n, key / (n * n));
  ivec2 edge = kEdges[gl_VertexID / 2];
  int corner = (gl_VertexID & 1) == 0 ? edge.x : edge.y;
  vec3 select = vec3(corner & 1, (corner >> 1) & 1, (corner >> 2) & 1);
  vec3 p = (cell + select) * u_sim.grid.x - vec3(u_sim.world.x);
  v_fill = float(range.y - range.x) / 16.0;
  gl_Position = b_camera.viewProj * vec4(p, 1.0);
}
