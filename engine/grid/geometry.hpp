#pragma once
// The grid over the world cube: cells per axis, their edge, and how cells are keyed. The edge is at
// least the search reach (the largest radius for 27 cells, twice it for 8) plus a 1e-4 relative
// margin, so that a neighbour within the radius can never land two cells away through the rounding
// of a cell index (sim::gridGeometry chooses it from the flock's settings).
//
// Keys: dense, one per cell (x + n (y + n z)), while the cells are few for the flock; hashed into
// `buckets` (a power of two, about twice the flock) once the world holds far more cells than boids,
// so that the grid's buffers and passes grow with the flock, not with the world
// (shaders/grid/grid_cells.glsl).
#include <cstdint>
#include <cstdio>
#include <string>

namespace boids::grid {

struct Geometry {
  std::uint32_t cellsPerAxis;
  float edge;
  std::uint32_t buckets = 0;  // 0: dense keys; else the number of hashed keys
  std::uint64_t cellCount() const { return std::uint64_t(cellsPerAxis) * cellsPerAxis * cellsPerAxis; }
  bool hashed() const { return buckets > 0; }
  // The keys the sort orders and the ranges pass finds starts for.
  std::uint32_t keyCount() const { return hashed() ? buckets : static_cast<std::uint32_t>(cellCount()); }
  // "64^3 cells of 5.06", "20000^3 cells of 5, hashed into 2048 keys"
  std::string describe() const {
    char text[96];
    std::snprintf(text, sizeof text, "%u^3 cells of %.3g", cellsPerAxis, static_cast<double>(edge));
    std::string out = text;
    if (hashed()) out += ", hashed into " + std::to_string(buckets) + " keys";
    return out;
  }
};

}  // namespace boids::grid
