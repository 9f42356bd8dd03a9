#include "engine/primitives/knn/knn_watch.hpp"

#include <algorithm>
#include <bit>

#include "engine/primitives/knn/knn.hpp"
#include "engine/primitives/watch_variant.hpp"
#include "engine/random.hpp"
#include "engine/verify/knn.hpp"

namespace boids::primitives {
namespace {

// Coordinates are whole numbers below this: squared distances stay below 2^24, exact in float.
constexpr std::uint32_t kWatchBound = 64;

// The flock of a request: random, a seeded cube of whole-number points; the other inputs, points
// on a line at the elements' values (sorted, reversed, all at one point, or typed in), whose
// nearest are plain to see and whose ties go to the lower index.
std::vector<glm::vec4> flockOf(const lab::WatchRequest& request) {
  const std::vector<std::uint32_t> values = lab::watchInput(request, kWatchBound);
  std::vector<glm::vec4> positions;
  SplitMix64 random(request.seed);
  for (std::uint32_t v : values) {
    if (request.input == "random") {
      const auto coordinate = [&] { return float(random.next() % kWatchBound); };
      const float x = coordinate(), y = coordinate(), z = coordinate();
      positions.emplace_back(x, y, z, 0.0f);
    } else {
      positions.emplace_back(float(v), 0.0f, 0.0f, 0.0f);
    }
  }
  return positions;
}

lab::Lane lane(std::string name, std::string source, std::vector<std::uint32_t> model, std::uint32_t tile) {
  return {std::move(name), std::move(source), {}, std::move(model), tile, lab::Cells::Keys};
}

}  // namespace

lab::Watch watchKnn(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"knn", request.variant, request.input, {}, {}};
  const KnnVariant* variant = watchedVariant(knnVariants(), watch, context.caps);
  if (!variant) return watch;
  const std::vector<glm::vec4> positions = flockOf(request);
  const auto n = static_cast<std::uint32_t>(positions.size());
  const std::uint32_t k = std::clamp<std::uint32_t>(request.nearest, 1, kMostNeighbours);
  const KnnBounds bounds = knnBounds(positions);
  const MortonOrder order = mortonOrder(positions, bounds);
  gl::Buffer sorted = gl::Buffer::fromSpan("watch.knn.positions", std::span<const glm::vec4>(order.positions));
  gl::Buffer ids = gl::Buffer::fromSpan("watch.knn.ids", std::span<const std::uint32_t>(order.ids));
  gl::Buffer codes = gl::Buffer::fromSpan("watch.knn.codes", std::span<const std::uint32_t>(order.codes));
  gl::Buffer starts = gl::Buffer::fromSpan("watch.knn.starts", std::span<const std::uint32_t>(order.starts));
  const KnnInput input{sorted, ids, codes, starts, bounds, n, k, order.busiestCell, order.busiestFinest};
  const std::unique_ptr<Knn> knn = variant->create(context.shaders, context.caps);
  if (const std::string why = knn->unavailableFor(input); !why.empty()) {
    watch.error = request.variant + " cannot search this flock here: " + why;
    return watch;
  }
  std::vector<std::uint32_t> lists;
  for (std::uint32_t i = 0; i < n; ++i) {
    std::vector<std::uint32_t> nearest = verify::referenceKnn(positions, i, k);
    nearest.resize(k, kNoNeighbour);
    lists.insert(lists.end(), nearest.begin(), nearest.end());
  }
  lab::Step step{"search",
                 "an invocation a boid of the Morton order finds its " + std::to_string(k) + " nearest (nearest first, ties to "
                 "the lower index, -- where it has fewer others), written at its boid's place",
                 {}};
  const bool line = request.input != "random";  // the other inputs lie on the x axis
  for (std::uint32_t axis = 0; axis < (line ? 1u : 3u); ++axis) {
    std::vector<std::uint32_t> coordinate;
    for (const glm::vec4& p : order.positions) coordinate.push_back(std::bit_cast<std::uint32_t>(p[int(axis)]));
    lab::Lane l = lane(std::string(1, "xyz"[axis]) + " of each slot", "positions", coordinate, 0);
    l.cells = lab::Cells::Floats;
    l.stride = 4;
    l.offset = axis;
    step.lanes.push_back(std::move(l));
  }
  step.lanes.push_back(lane("boid of each slot, in Morton order", "ids", order.ids, 0));
  step.lanes.push_back(lane("each boid's " + std::to_string(k) + " nearest", "out", lists, k));
  watch.steps = {std::move(step)};
  gl::Buffer out("watch.knn.out", std::size_t(n) * k * 4);
  out.zero(std::size_t(n) * k * 4);
  return lab::recorded(std::move(watch), *knn, [&] { knn->run(input, out); });
}

}  // namespace boids::primitives
