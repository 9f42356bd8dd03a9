#include "engine/centroid/centroid_watch.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "engine/centroid/reducer.hpp"
#include "engine/centroid/reducers.hpp"
#include "engine/gpu_types.hpp"
#include "engine/primitives/reduce/reduce_watch.hpp"
#include "engine/primitives/watch_variant.hpp"

namespace boids::centroid {
namespace {

constexpr std::uint32_t kBound = 10;  // the input's elements, so every coordinate, below this
// atomic's fixed-point range in a watch: wide, so that its units (2^-12 at 1024 boids, 2^-22 at
// one) keep every sum of coordinates below 10 in one word.
constexpr float kWatchRange = 1099511627776.0f;  // 2^40
// A quotient GLSL computes (a / b) is within 2.5 ulp of the exact one (GLSL 4.30, 4.7.1): the
// centroid is the sum over the count.
constexpr std::uint32_t kQuotientUlps = 3;

using Words = std::vector<std::uint32_t>;
using Point = std::array<double, 3>;  // whole numbers: every sum below is exact in float

std::uint32_t bitsOf(double v) { return std::bit_cast<std::uint32_t>(float(v)); }
std::uint32_t ordered(double v) {
  const std::uint32_t u = bitsOf(v);
  return (u & 0x80000000u) != 0 ? ~u : (u | 0x80000000u);
}

lab::Lane floats(std::string name, std::string source, Words model, std::uint32_t tile = 0, std::uint32_t stride = 1,
                 std::uint32_t offset = 0) {
  return {std::move(name), std::move(source), {}, std::move(model), tile, lab::Cells::Floats, false, 0, stride, offset};
}

// Four lanes of a buffer of vec4s (x, y, z, w): `count` vec4s, shaded in tiles of `tile`.
void vec4Lanes(std::vector<lab::Lane>& lanes, const std::string& what, const std::string& source,
               const std::vector<std::array<double, 4>>& v, std::uint32_t tile, int axes = 4) {
  for (int a = 0; a < axes; ++a) {
    Words words;
    for (const auto& e : v) words.push_back(bitsOf(e[std::size_t(a)]));
    lanes.push_back(floats(what + " " + "xyzw"[a], source, words, tile, 4, std::uint32_t(a)));
  }
}

struct Flock {
  std::vector<Point> at;
  Point sum{}, lo{}, hi{};

  explicit Flock(const Words& v) {
    for (std::size_t i = 0; i < v.size(); ++i) at.push_back({double(v[i]), double(v[(i + 1) % v.size()]), double(v[(i + 2) % v.size()])});
    lo = hi = at.front();
    for (const Point& p : at) {
      for (std::size_t a = 0; a < 3; ++a) {
        sum[a] += p[a];
        lo[a] = std::min(lo[a], p[a]);
        hi[a] = std::max(hi[a], p[a]);
      }
    }
  }
  std::uint32_t n() const { return std::uint32_t(at.size()); }
  std::vector<std::array<double, 4>> positions() const {
    std::vector<std::array<double, 4>> v;
    for (const Point& p : at) v.push_back({p[0], p[1], p[2], 0});
    return v;
  }
  // FlockStats as three lanes: the centroid (a quotient: within kQuotientUlps), the count, the
  // bounds (both exact).
  void statsLanes(std::vector<lab::Lane>& lanes, const std::string& source) const {
    Words centroid, bounds;
    for (std::size_t a = 0; a < 3; ++a) centroid.push_back(bitsOf(sum[a] / n()));
    for (const Point* p : {&lo, &hi}) {
      for (std::size_t a = 0; a < 3; ++a) bounds.push_back(bitsOf((*p)[a]));
      bounds.push_back(bitsOf(0));
    }
    lanes.push_back(floats("centroid", source, centroid, 0, 1, 0));
    lanes.back().ulps = kQuotientUlps;
    lanes.push_back(floats("count", source, {bitsOf(n())}, 0, 1, 3));
    lanes.push_back(floats("min, max", source, bounds, 4, 1, 4));
  }
};

void positionLanes(std::vector<lab::Lane>& lanes, const Flock& f) { vec4Lanes(lanes, "positions", "positions", f.positions(), 0, 3); }

std::vector<lab::Step> atomicSteps(const Flock& f) {
  const double scale = atomicScale(f.n(), kWatchRange);
  Words sums, bounds, identity(6, 0u);
  for (std::size_t a = 0; a < 3; ++a) {
    const auto units = std::uint64_t(f.sum[a] * scale);
    sums.insert(sums.end(), {std::uint32_t(units), std::uint32_t(units >> 32)});
  }
  for (std::size_t a = 0; a < 3; ++a) bounds.push_back(ordered(f.lo[a]));
  for (std::size_t a = 0; a < 3; ++a) bounds.push_back(ordered(f.hi[a]));
  std::fill(identity.begin(), identity.begin() + 3, ~0u);
  const auto accumulators = [&](lab::Step& s, const Words& sumWords, const Words& boundWords, std::uint32_t count) {
    s.lanes.push_back({"sums (fixed point: low, high words)", "accumulators", {}, sumWords, 2, lab::Cells::Numbers});
    s.lanes.push_back({"min, max", "accumulators", {}, boundWords, 3, lab::Cells::OrderedFloats, false, 0, 1, 6});
    s.lanes.push_back({"count", "accumulators", {}, {count}, 0, lab::Cells::Numbers, false, 0, 1, 12});
  };
  const int units = -int(std::log2(scale));
  std::vector<lab::Step> steps{{"add", "each group sums its boids in shared memory, rounds the sums to units of 2^" + std::to_string(units) +
                                           " and adds them with 64-bit atomics; atomicMin and atomicMax keep the bounds as "
                                           "order-preserving bits",
                                {}}};
  positionLanes(steps.back().lanes, f);
  accumulators(steps.back(), sums, bounds, f.n());
  steps.push_back({"finish", "one invocation divides the sums by the scale and the count, writes the stats and puts every "
                             "accumulator back to its identity for the next frame",
                   {}});
  accumulators(steps.back(), Words(6, 0u), identity, 0);
  f.statsLanes(steps.back().lanes, "stats");
  return steps;
}

std::vector<lab::Step> blendSteps(const Flock& f) {
  std::vector<lab::Step> steps{{"draw", "every boid a point on the one pixel of three 1x1 RGBA32F targets, blended with ADD (the "
                                        "sums and, in w, the count), MIN and MAX",
                                {}}};
  positionLanes(steps.back().lanes, f);
  const auto texel = [](const Point& p, double w) {
    return Words{bitsOf(p[0]), bitsOf(p[1]), bitsOf(p[2]), bitsOf(w)};
  };
  steps.back().lanes.push_back(floats("sum", "sum", texel(f.sum, f.n())));
  steps.back().lanes.push_back(floats("min", "min", texel(f.lo, 0)));
  steps.back().lanes.push_back(floats("max", "max", texel(f.hi, 0)));
  steps.push_back({"finish", "one invocation reads the three texels: the sum over the count is the centroid", {}});
  f.statsLanes(steps.back().lanes, "stats");
  return steps;
}

std::vector<lab::Step> mipmapSteps(const Flock& f) {
  std::uint32_t side = 1;
  while (side * side < f.n()) side *= 2;
  std::vector<lab::Step> steps{{"bounds", "a companion pass (the tree variant: reduce/tree's watch steps it) finds the bounds: "
                                          "a mip chain can only average",
                                {}}};
  f.statsLanes(steps.back().lanes, "companion");
  std::vector<std::array<double, 4>> level(std::size_t(side) * side, {0, 0, 0, 0});
  for (std::size_t t = 0; t < f.n(); ++t) level[t] = {f.at[t][0], f.at[t][1], f.at[t][2], 1};
  steps.push_back({"fill", "each boid a texel (x, y, z, 1) of a " + std::to_string(side) + "x" + std::to_string(side) +
                               " RGBA32F texture, row by row; the texels past the flock (0, 0, 0, 0) add nothing",
                   {}});
  positionLanes(steps.back().lanes, f);
  vec4Lanes(steps.back().lanes, "texels", "texels", level, side);
  for (std::uint32_t s = side / 2, k = 1; s > 0; s /= 2, ++k) {
    std::vector<std::array<double, 4>> next(std::size_t(s) * s);
    for (std::uint32_t y = 0; y < s; ++y) {
      for (std::uint32_t x = 0; x < s; ++x) {
        for (std::size_t a = 0; a < 4; ++a) {
          const auto below = [&](std::uint32_t dx, std::uint32_t dy) { return level[std::size_t(2 * y + dy) * (2 * s) + 2 * x + dx][a]; };
          next[std::size_t(y) * s + x][a] = (below(0, 0) + below(1, 0) + below(0, 1) + below(1, 1)) / 4;
        }
      }
    }
    level = std::move(next);
    steps.push_back({"mipmap", "level " + std::to_string(k) + " (" + std::to_string(s) + "x" + std::to_string(s) +
                                   "): each texel the mean of the 2x2 below it; one glGenerateMipmap makes every level",
                     {}});
    vec4Lanes(steps.back().lanes, "texels", "texels", level, s);
  }
  steps.push_back({"finish", "one invocation reads the top texel: its xyz over its w is the centroid, w times " +
                                 std::to_string(side * side) + " the count; the bounds are the companion's",
                   {}});
  f.statsLanes(steps.back().lanes, "stats");
  return steps;
}

}  // namespace

lab::Watch watchCentroid(const lab::WatchRequest& request, const lab::Context& context) {
  if (primitives::findVariant(primitives::reductions(), request.variant)) return primitives::watchReduce(request, context);
  lab::Watch watch{"reduce", request.variant, request.input, {}, {}};
  const CentroidVariant* variant = primitives::watchedVariant(centroidVariants(), watch, context.caps);
  if (!variant) return watch;
  const Flock flock(lab::watchInput(request, kBound));
  const std::unique_ptr<Reducer> reducer = variant->create(context.shaders, context.caps);
  if (const std::string why = reducer->unavailableFor(flock.n()); !why.empty()) {
    watch.error = request.variant + " cannot reduce " + std::to_string(flock.n()) + " boids here: " + why;
    return watch;
  }
  if (request.variant == "atomic") watch.steps = atomicSteps(flock);
  if (request.variant == "additive-blend") watch.steps = blendSteps(flock);
  if (request.variant == "mipmap") watch.steps = mipmapSteps(flock);
  std::vector<float> words;
  for (const Point& p : flock.at) words.insert(words.end(), {float(p[0]), float(p[1]), float(p[2]), 0.0f});
  gl::Buffer positions = gl::Buffer::fromSpan<float>("watch.centroid.positions", words);
  gl::Buffer stats("watch.centroid.stats", sizeof(gpu::FlockStats));
  stats.zero(sizeof(gpu::FlockStats));
  return lab::recorded(std::move(watch), *reducer, [&] { reducer->reduce({&positions, flock.n(), kWatchRange}, stats); });
}

}  // namespace boids::centroid
