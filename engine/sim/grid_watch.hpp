#pragma once
// The grid's watch (engine/lab/watch.hpp): a small flock in a world of 4 x 4 x 4 cells through the
// grid's passes, as the frame runs them: hash (each boid's cell key), the sort's own passes, the
// ranges (where each cell's boids start) and the reorder (positions copied into cell order), each
// beside a CPU model. The ranges stage's watch.
#include "engine/lab/stage.hpp"

namespace boids::sim {

lab::Watch watchGrid(const lab::WatchRequest& request, const lab::Context& context);

// The neighbours stage's watch: the grid's passes for one audited search (dense or hashed keys,
// 27 or 8 cells, coherent or scattered), then its audit: per boid, the count and two hashes of
// the boids within the radius, against the CPU's O(N) search.
lab::Watch watchNeighbours(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::sim
