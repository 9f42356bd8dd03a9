#version 430 core
// The occupied cells of the grid as wireframe boxes, 24 line vertices an instance, read straight
// from what the grid built this frame. Dense keys: one instance per cell, from the cell starts;
// empty cells collapse to a point outside the clip volume. Hashed keys (grid/grid_cells.glsl):
// one instance per sorted slot, drawn by the first slot of its cell in its bucket (a bucket may
// hold several cells), the others collapsed. Reads SSBO_CELL_STARTS, SSBO_GRID_PAIRS, SSBO_POS_IN
// (hashed), SSBO_CAMERA, UBO_SIM_PARAMS.
#include "common/bindings.h"
#include "common/sim_params.h"
#include "render/camera.glsl"

layout(std140, binding = UBO_SIM_PARAMS) uniform SimParamsBlock { SimParams u_sim; };
layout(std430, binding = SSBO_CELL_STARTS) readonly buffer Starts { uint b_starts[]; };
layout(std430, binding = SSBO_GRID_PAIRS) readonly buffer Pairs { uvec2 b_pairs[]; };
layout(std430, binding = SSBO_POS_IN) readonly buffer Positions { vec4 b_pos[]; };
// Hashed keys: x the boids, y 1 when the flock's buffers are in sorted order (the coherent step
// writes them so), 0 when a slot's boid is found through the pairs.
layout(location = LOC_CELLS_FLOCK) uniform uvec2 u_flock;
#include "grid/grid_cells.glsl"

const ivec2 kEdges[12] = ivec2[](ivec2(0, 1), ivec2(2, 3), ivec2(4, 5), ivec2(6, 7), ivec2(0, 2), ivec2(1, 3),
                                 ivec2(4, 6), ivec2(5, 7), ivec2(0, 4), ivec2(1, 5), ivec2(2, 6), ivec2(3, 7));
out float v_fill;  // boids in the cell, relative to 16 (the density's mean)

uvec3 slotCell(uint s) { return cellOf(b_pos[u_flock.y != 0u ? s : b_pairs[s].y].xyz); }

// Dense keys: the instance's cell and its boids.
uint denseCell(uint key, out uvec3 cell) {
  uint n = u_sim.cellsPerAxis;
  cell = uvec3(key % n, (key / n) % n, key / (n * n));
  return b_starts[key + 1u] - b_starts[key];
}

// Hashed keys: the instance's slot's cell and its boids, or 0 when an earlier slot draws the cell.
uint hashedCell(uint s, out uvec3 cell) {
  cell = slotCell(s);
  uint key = b_pairs[s].x, boids = 0u;
  for (uint t = b_starts[key]; t < b_starts[key + 1u]; ++t) {
    if (any(notEqual(slotCell(t), cell))) continue;
    if (t < s) return 0u;
    ++boids;
  }
  return boids;
}

void main() {
  uvec3 cell;
  uint boids = gridHashed() ? hashedCell(uint(gl_InstanceID), cell) : denseCell(uint(gl_InstanceID), cell);
  if (boids == 0u) {
    gl_Position = vec4(2.0, 2.0, 2.0, 1.0);
    v_fill = 0.0;
    return;
  }
  ivec2 edge = kEdges[gl_VertexID / 2];
  int corner = (gl_VertexID & 1) == 0 ? edge.x : edge.y;
  vec3 select = vec3(corner & 1, (corner >> 1) & 1, (corner >> 2) & 1);
  vec3 p = (vec3(cell) + select) * u_sim.grid.x - vec3(u_sim.world.x);
  v_fill = float(boids) / 16.0;
  gl_Position = b_camera.viewProj * vec4(p, 1.0);
}
