#ifndef BOIDS_GRID_CELLS_GLSL
#define BOIDS_GRID_CELLS_GLSL
// The uniform grid over the world cube (engine/sim/params.cpp: gridGeometry): cellsPerAxis^3 cells
// of edge grid.x, keyed x + n (y + n z). Positions stay inside the cube (walls clamp, wrap wraps),
// so the clamp below only catches the face itself (p = +half lands in the last cell).
// Needs the SimParams block u_sim.

uvec3 cellOf(vec3 p) {
  int n = int(u_sim.cellsPerAxis);
  ivec3 c = ivec3(floor((p + vec3(u_sim.world.x)) * u_sim.grid.y));
  return uvec3(clamp(c, ivec3(0), ivec3(n - 1)));
}

uint cellKey(uvec3 c) { return c.x + u_sim.cellsPerAxis * (c.y + u_sim.cellsPerAxis * c.z); }

// The cells to visit along one axis: `count` cells from `first` on (wrapped modulo n in the
// wrap-around world). Each distinct cell once, even when the world is only one or two cells wide.
void searchSpan(uint c, float p, out int first, out int count) {
  int n = int(u_sim.cellsPerAxis);
  int lo, hi;
  if (u_sim.cellSearch == CELLS_8) {
    // The 2 cells nearest the boid: its own and the neighbour on the side of the nearer face.
    float local = (p + u_sim.world.x) * u_sim.grid.y - float(c);
    int other = local < 0.5 ? int(c) - 1 : int(c) + 1;
    lo = min(int(c), other);
    hi = max(int(c), other);
  } else {
    lo = int(c) - 1;
    hi = int(c) + 1;
  }
  if (u_sim.worldMode == WORLD_WRAP) {
    if (hi - lo + 1 >= n) {  // the span covers the axis: every cell, once
      first = 0;
      count = n;
    } else {
      first = lo;
      count = hi - lo + 1;
    }
  } else {  // walls: no cells beyond the faces
    first = max(lo, 0);
    count = min(hi, n - 1) - first + 1;
  }
}

// The span first .. first + count - 1 along x as runs of cells inside [0, n), whose boids are
// contiguous in sorted order: one run, or two when the wrap-around world's span crosses a face.
// xy = the first run's [x0, x1]; zw = the second's, empty (z > w) when there is none.
ivec4 spanRuns(int first, int count) {
  int n = int(u_sim.cellsPerAxis);
  int last = first + count - 1;
  if (first < 0) return ivec4(first + n, n - 1, 0, last);
  if (last >= n) return ivec4(first, n - 1, 0, last - n);
  return ivec4(first, last, 1, 0);
}

// A cell coordinate one past either face, brought back into [0, n). (Not with %: GLSL leaves the
// remainder of a negative operand undefined.)
uint wrapCell(int c) {
  int n = int(u_sim.cellsPerAxis);
  return uint(c < 0 ? c + n : (c >= n ? c - n : c));
}

#endif
