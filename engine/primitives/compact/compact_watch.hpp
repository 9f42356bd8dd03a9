#pragma once
// The compaction's watch (engine/lab/watch.hpp): each variant keeping the non-zero flags of a small
// input, in groups of 8, beside a CPU model; the slots the atomics hand out are in the GPU's order,
// so those outputs are judged as sets.
#include "engine/lab/stage.hpp"

namespace boids::primitives {

lab::Watch watchCompact(const lab::WatchRequest& request, const lab::Context& context);

// The model's steps of compaction `variant` keeping the non-zero `flags`, in groups of `group`, its
// scan (the order-keeping variant's) in tiles of `scanTile`; each step's line begins with `what`.
// flagsRead: the flags are the buffer the kernels read (else a predicate makes them from its own
// input, as the cull's does, and no flags lane is shown).
std::vector<lab::Step> compactSteps(const std::string& variant, const std::vector<std::uint32_t>& flags, std::uint32_t group,
                                    std::uint32_t scanTile, const std::string& what, bool flagsRead);

}  // namespace boids::primitives
