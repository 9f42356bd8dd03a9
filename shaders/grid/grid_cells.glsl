#ifndef BOIDS_GRID_CELLS_GLSL
#define BOIDS_GRID_CELLS_GLSL
// The uniform grid over the world cube (engine/sim/params.cpp: gridGeometry): cellsPerAxis^3 cells
// of edge grid.x. Positions stay inside the cube (walls clamp, wrap wraps), so the clamp below
// only catches the face itself (p = +half lands in the last cell).
// Keys (engine/grid/geometry.hpp): dense, x + n (y + n z), while grid.w is 0; else hashed into
// grid.w buckets (a power of two): tiles of rows hashed (grid/row_tile.h), a row's cells on
// consecutive keys from its start, modulo the buckets (spatial hashing: Teschner et al.,
// "Optimized Spatial Hashing for Collision Detection of Deformable Objects", VMV 2003; rows and
// tiles of rows kept whole so that neighbouring boids stay near each other in sorted order).
// Either way a row's cells are consecutive keys, but hashed tiles may share buckets: a bucket's
// boids are told apart by cell.
// Needs the SimParams block u_sim.

#include "grid/row_tile.h"

uvec3 cellOf(vec3 p) {
  int n = int(u_sim.cellsPerAxis);
  ivec3 c = ivec3(floor((p + vec3(u_sim.world.x)) * u_sim.grid.y));
  return uvec3(clamp(c, ivec3(0), ivec3(n - 1)));
}

#ifdef GRID_HASHED  // the step: one program for each kind of key
bool gridHashed() { return GRID_HASHED != 0; }
#else
bool gridHashed() { return u_sim.grid.w != 0.0; }
#endif

// The key of the row's cell x = 0 (before the buckets' modulo, when hashed).
uint rowKey(uint y, uint z) {
  if (!gridHashed()) return u_sim.cellsPerAxis * (y + u_sim.cellsPerAxis * z);
  return hashedRowKey(y, z, u_sim.cellsPerAxis);
}

uint keyOf(uint rowStart, uint x) { return gridHashed() ? (rowStart + x) & (uint(u_sim.grid.w) - 1u) : rowStart + x; }

uint cellKey(uvec3 c) { return keyOf(rowKey(c.y, c.z), c.x); }

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
