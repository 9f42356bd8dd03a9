#pragma once
// What the simulation's watches share (grid_watch.cpp, step_watch.cpp): their world, their flock
// and the grid's passes as the model has them.
#include <string>
#include <vector>

#include <glm/vec4.hpp>

#include "engine/lab/stage.hpp"
#include "engine/sim/audited_searches.hpp"
#include "engine/sim/params.hpp"

namespace boids::sim {

// The watches' world: a cube 4 on a side with walls, radii just under 1: 27-cell searches key
// 4 x 4 x 4 cells of 1 (dense keys x + 4 (y + 4 z): 64), 8-cell ones 2 x 2 x 2 of 2; hashed keys a
// power of two buckets; `search` the grid's.
SimSettings watchSettings(std::uint32_t count, const AuditedSearch& search);

// The flock of a request: random, seeded places on the 1/8 lattice of the cube; the other inputs,
// boids along the cube's x axis (y = z = 0.5: the cells' row 2, 2) at element / 8 - 2. On the
// lattice the cell formula and squared distances are exact in float, and no boid lies on a radius.
std::vector<glm::vec4> watchFlock(const lab::WatchRequest& request);

// The grid's passes (hash, the sort's, ranges, and the reorder where the search is coherent), its
// cells sized as gridGeometry(settings, cell) sizes them.
std::vector<lab::Step> gridSteps(const std::vector<glm::vec4>& positions, const SimSettings& settings, const lab::Context& context,
                                 float cell = 0);

// Lanes of vec4s: x, y, z, each a float lane every fourth word of `source`.
void xyzLanes(std::vector<lab::Lane>& lanes, const std::string& what, const std::string& source, const std::vector<glm::vec4>& v);

}  // namespace boids::sim
