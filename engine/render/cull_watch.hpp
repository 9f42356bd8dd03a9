#pragma once
// The cull's watch (engine/lab/watch.hpp): a small seeded flock seen from inside it, each level of
// detail's boids compacted by a compaction variant (its own steps, as the compact watch shows them)
// and the draw commands written from the counts, each beside the CPU's cull.
#include "engine/lab/stage.hpp"

namespace boids::render {

lab::Watch watchCull(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::render
