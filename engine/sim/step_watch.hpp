#pragma once
// The step's watch (engine/lab/watch.hpp): a small flock in the grid watches' world (watch_world.hpp)
// through one whole step of a search, metric (each of the audited searches) or topological (the k
// nearest, through the coherent 27 cells): the grid's passes, then the step's dispatch, each boid's
// new position, bank, velocity and density beside the double-precision reference step, within
// its per-boid tolerances.
#include "engine/lab/stage.hpp"

namespace boids::sim {

lab::Watch watchStep(const lab::WatchRequest& request, const lab::Context& context);
std::vector<std::string> watchedSteps();  // its variants: the audited searches' names, then "topological"

}  // namespace boids::sim
