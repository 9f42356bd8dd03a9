#pragma once
// The neighbour searches whose sets the neighbours stage audits (engine/sim/grid_stage.cpp) and
// watches (grid_watch.cpp): with the keys the world asks for (dense at the check's density), and
// with hashed keys (what a world far larger than the flock gets).
#include "engine/sim/params.hpp"

namespace boids::sim {

struct AuditedSearch {
  Neighbours neighbours;
  CellSearch cells;
  GridKeys keys;
  const char* name;
};
inline constexpr AuditedSearch kAuditedSearches[] = {
    {Neighbours::GridScattered, CellSearch::Cells27, GridKeys::Auto, "scattered-27"},
    {Neighbours::GridCoherent, CellSearch::Cells27, GridKeys::Auto, "coherent-27"},
    {Neighbours::GridCoherent, CellSearch::Cells8, GridKeys::Auto, "coherent-8"},
    {Neighbours::GridScattered, CellSearch::Cells27, GridKeys::Hashed, "scattered-27-hashed"},
    {Neighbours::GridCoherent, CellSearch::Cells27, GridKeys::Hashed, "coherent-27-hashed"},
    {Neighbours::GridCoherent, CellSearch::Cells8, GridKeys::Hashed, "coherent-8-hashed"}};

}  // namespace boids::sim
