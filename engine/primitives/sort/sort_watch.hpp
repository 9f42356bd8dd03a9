#pragma once
// The sort's watch (engine/lab/watch.hpp): (key, index) pairs of a small input sorted by a variant's
// own kernels, each pass beside a CPU model: bitonic-global's network step by step (padded to a
// power of two only), counting's counts, scan and scatter, radix's digit passes.
#include <string>
#include <vector>

#include "engine/lab/stage.hpp"

namespace boids::primitives {

lab::Watch watchSort(const lab::WatchRequest& request, const lab::Context& context);
std::vector<std::string> watchedSorters();  // the variants it covers

// The model's steps of `variant` (counting or radix: those whose passes do not depend on a tile's
// padding) sorting (key, index) pairs with keys below keyCount, as an object's first sort: for the
// grid's watch, whose sort is one of its steps.
std::vector<lab::Step> sortSteps(const std::string& variant, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& pairs,
                                 std::uint32_t keyCount, const lab::Context& context);

}  // namespace boids::primitives
