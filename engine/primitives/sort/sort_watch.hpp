#pragma once
// The sort's watch (engine/lab/watch.hpp): (key, index) pairs of a small input sorted by a variant's
// own kernels, each pass beside a CPU model: the bitonic network step by step (padded to a power
// of two only; the tiled variants in tiles of 64, bitonic-transpose's passes as memory holds them,
// turned for the next stage), counting's counts, scan and scatter, the radix sorters' digit passes
// in tiles of a subgroup's 8 pairs an invocation (onesweep's tiles' look-back status).
#include <string>
#include <vector>

#include "engine/lab/stage.hpp"

namespace boids::primitives {

lab::Watch watchSort(const lab::WatchRequest& request, const lab::Context& context);
std::vector<std::string> watchedSorters();  // the variants it covers: all

// The model's steps of `variant` (counting, radix or onesweep: those whose passes do not depend on
// a tile's padding) sorting (key, index) pairs with keys below keyCount, as an object's first sort,
// made by create (the grid's watch, whose sort is one of its steps) or toWatch (onesweep: only so).
std::vector<lab::Step> sortSteps(const std::string& variant, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs,
                                 std::uint32_t keyCount, const lab::Context& context, bool toWatch = false);

}  // namespace boids::primitives
