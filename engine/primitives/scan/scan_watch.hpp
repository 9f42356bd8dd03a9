#pragma once
// The scan's watch (engine/lab/watch.hpp): each variant's passes on a small input, beside a CPU
// model of the same passes.
#include "engine/lab/stage.hpp"

namespace boids::primitives {

lab::Watch watchScan(const lab::WatchRequest& request, const lab::Context& context);

// The model's steps of scan `variant` over `in` in tiles of `tile`, its input and output lanes
// named as given, as the object's run `run` (0 its first: the look-back alternates its status
// words' parity): for the primitives built on the scan (compaction, counting and radix sorts).
std::vector<lab::Step> scanSteps(const std::string& variant, const std::vector<std::uint32_t>& in, std::uint32_t tile,
                                 const std::string& input, const std::string& output, std::uint32_t run = 0);

}  // namespace boids::primitives
