#include "engine/primitives/reduce/reduce_watch.hpp"

#include <algorithm>
#include <string>

#include "engine/gl/dispatch.hpp"
#include "engine/primitives/reduce/reduce.hpp"
#include "engine/primitives/reduce/reduce_model.hpp"
#include "engine/primitives/watch_variant.hpp"

namespace boids::primitives {
namespace {

// Elements below this, so that the sums a cell shows stay short.
constexpr std::uint32_t kWatchBound = 10;
// One word an item, the watch's groups for the grid-stride and multipass variants, an item an invocation.
constexpr ReducePayload kWatchPayload{"primitives/reduce/watch_sum.glsl", 1, false, 0, lab::kWatchGroup};

using Words = std::vector<std::uint32_t>;

// A uint a cell.
const Shown<std::uint32_t> kShown{
    [](std::vector<lab::Lane>& lanes, const std::string& name, const std::string& source, const Words& values, std::uint32_t tile) {
      lanes.push_back({name, source, {}, values, tile, lab::Cells::Numbers});
    },
    [](std::vector<lab::Lane>& lanes, const std::uint32_t& result) { lanes.push_back({"result", "out", {}, {result}, 0, lab::Cells::Numbers}); }};

}  // namespace

lab::Watch watchReduce(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"reduce", request.variant, request.input, {}, {}};
  const ReduceVariant* variant = watchedVariant(reductions(), watch, context.caps);
  if (!variant) return watch;
  const Words input = lab::watchInput(request, kWatchBound);
  const auto n = static_cast<std::uint32_t>(input.size());
  const std::unique_ptr<Reduce> reduce = variant->makeToWatch(context.shaders, context.caps, kWatchPayload);
  if (const std::string why = reduce->unavailableFor(n); !why.empty()) {
    watch.error = request.variant + " cannot reduce " + std::to_string(n) + " elements here: " + why;
    return watch;
  }
  watch.steps = reduceModel(request.variant, input, context.caps, kWatchPayload, kShown);
  gl::Buffer in = gl::Buffer::fromSpan<std::uint32_t>("watch.reduce.in", input), out("watch.reduce.out", 4);
  out.zero(4);
  return lab::recorded(std::move(watch), *reduce, [&] { reduce->run(&in, n, out); });
}

}  // namespace boids::primitives
