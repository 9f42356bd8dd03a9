#pragma once
// The grid over the world cube: cells per axis and their edge. The edge is at least the search
// reach (the largest radius for 27 cells, twice it for 8) plus a 1e-4 relative margin, so that a
// neighbour within the radius can never land two cells away through the rounding of a cell index
// (sim::gridGeometry chooses it from the flock's settings).
#include <cstdint>

namespace boids::grid {

struct Geometry {
  std::uint32_t cellsPerAxis;
  float edge;
  std::uint64_t cellCount() const { return std::uint64_t(cellsPerAxis) * cellsPerAxis * cellsPerAxis; }
};

}  // namespace boids::grid
