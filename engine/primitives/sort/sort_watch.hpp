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

}  // namespace boids::primitives
