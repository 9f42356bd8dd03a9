#pragma once
// The compaction's watch (engine/lab/watch.hpp): each variant keeping the non-zero flags of a small
// input, in groups of 8, beside a CPU model; the slots the atomics hand out are in the GPU's order,
// so those outputs are judged as sets.
#include "engine/lab/stage.hpp"

namespace boids::primitives {

lab::Watch watchCompact(const lab::WatchRequest& request, const lab::Context& context);

}  // namespace boids::primitives
