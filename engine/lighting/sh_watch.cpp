#include "engine/lighting/sh_watch.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"
#include "engine/primitives/reduce/reduce_model.hpp"
#include "engine/verify/sh.hpp"
#include "shaders/lighting/sh_params.h"

namespace boids::lighting {
namespace {

constexpr std::uint32_t kBound = 10;  // radiance below this
constexpr std::uint32_t kAccWords = 28;  // sh_acc.glsl's Acc: coefficient k's red at 3k, the solid angle at 27
constexpr std::uint32_t kSolidAngle = 27;

// The model's accumulator: the 28 sums in double, and beside each the sum of its terms' magnitudes
// (what bounds the float's rounding).
struct Sums {
  std::array<double, kAccWords> sum{}, magnitude{};
  Sums& operator+=(const Sums& o) {
    for (std::size_t q = 0; q < kAccWords; ++q) {
      sum[q] += o.sum[q];
      magnitude[q] += o.magnitude[q];
    }
    return *this;
  }
};

// A grey map of the input's elements, row by row, about twice as wide as high; black past them.
struct Map {
  std::uint32_t width = 1, height = 1;
  std::vector<double> radiance;
  explicit Map(const std::vector<std::uint32_t>& v) {
    height = std::max<std::uint32_t>(1, std::uint32_t(std::sqrt(double(v.size()) / 2)));
    width = std::uint32_t((v.size() + height - 1) / height);
    radiance.assign(std::size_t(width) * height, 0.0);
    std::copy(v.begin(), v.end(), radiance.begin());
  }
  Environment environment() const {
    Environment e{"watch", EnvironmentKind::File, width, height, {}};
    for (double r : radiance) e.texels.emplace_back(float(r));
    return e;
  }
};

// Item k as sh_equirect.glsl's accLoad sums it: SH_EQUIRECT_ITEM_TEXELS texels of one row, 32 apart,
// their radiance times the column's factors, times the row's, from the same float tables.
Sums item(std::uint32_t k, const Map& map, const EquirectTables& t, std::uint32_t padded) {
  const std::uint32_t rowItems = padded / SH_EQUIRECT_ITEM_TEXELS, j = k / rowItems, inRow = k % rowItems;
  const std::uint32_t first = (inRow & ~31u) * SH_EQUIRECT_ITEM_TEXELS + (inRow & 31u);
  std::array<double, 5> s{}, a{};  // radiance times 1, cos phi, sin phi, cos 2 phi, sin 2 phi; their magnitudes
  double inside = 0;
  for (std::uint32_t texel = 0; texel < SH_EQUIRECT_ITEM_TEXELS; ++texel) {
    const std::uint32_t i = first + 32 * texel;
    if (i >= map.width) continue;  // padding: zero radiance, zero columns
    inside += 1;
    const double r = map.radiance[std::size_t(j) * map.width + i];
    const glm::vec4 c = t.columns[i];
    const std::array<double, 5> f{1.0, c.x, c.y, c.z, c.w};
    for (std::size_t q = 0; q < 5; ++q) {
      s[q] += r * f[q];
      a[q] += std::abs(r * f[q]);
    }
  }
  const glm::vec4 f = t.rows[2 * j], g = t.rows[2 * j + 1];  // f: F0, F2, F3, F4   g: F6, F7, F8, solid angle
  // Coefficient k is a row factor times one of the five sums (F1 = -F3, F5 = -F7).
  const std::array<std::pair<double, std::size_t>, 9> terms{{{f.x, 0}, {-f.z, 2}, {f.y, 0}, {f.z, 1}, {f.w, 4}, {-g.y, 2}, {g.x, 0}, {g.y, 1}, {g.z, 3}}};
  Sums out;
  for (std::size_t c = 0; c < 9; ++c) {
    for (std::size_t ch = 0; ch < 3; ++ch) {  // grey: every channel the same
      out.sum[3 * c + ch] = terms[c].first * s[terms[c].second];
      out.magnitude[3 * c + ch] = std::abs(terms[c].first) * a[terms[c].second];
    }
  }
  out.sum[kSolidAngle] = out.magnitude[kSolidAngle] = double(g.w) * inside;
  return out;
}

std::uint32_t bitsOf(double v) { return std::bit_cast<std::uint32_t>(float(v)); }

// How a step shows the sums: a lane a coefficient's red (the map is grey) and the solid angle, each
// within what float may lose. A sum of at most N terms, each a product of two or three floats,
// added in any order, is within (N + 6) u of the sum of the terms' magnitudes (u = 2^-24; Higham,
// Accuracy and Stability, 3.1 and 4.2), N the map's texels; the GPU's trees show L0 and the
// solid angle only.
primitives::Shown<Sums> shown(const Map& map) {
  const double slack = (double(map.width) * map.height + 6) * std::ldexp(1.0, -24) * 1.01;
  const auto lane = [slack](const std::string& name, const std::string& source, const std::vector<Sums>& values, std::uint32_t tile,
                            std::size_t q, std::uint32_t stride, std::uint32_t offset) {
    lab::Lane l{name, source, {}, {}, tile, lab::Cells::Floats, false, 0, stride, offset};
    for (const Sums& v : values) {
      l.model.push_back(bitsOf(v.sum[q]));
      l.tolerances.push_back(slack * v.magnitude[q]);  // each cell its own terms' bound
    }
    return l;
  };
  primitives::Shown<Sums> s;
  s.input = false;  // the payload loads its items from the map
  s.lanes = [lane](std::vector<lab::Lane>& lanes, const std::string& name, const std::string& source, const std::vector<Sums>& values,
                   std::uint32_t tile) {
    for (std::uint32_t c = 0; c < 9 && (c == 0 || source != "tree"); ++c) {
      lanes.push_back(lane(name + ": L" + std::to_string(c), source, values, tile, 3 * c, kAccWords, 3 * c));
    }
    lanes.push_back(lane(name + ": solid angle", source, values, tile, kSolidAngle, kAccWords, kSolidAngle));
  };
  s.result = [slack](std::vector<lab::Lane>& lanes, const Sums& result) {
    // ShCoefficients: L[k] a vec4, its red at word 4k; the solid angle in L[0].w.
    lab::Lane coefficients{"coefficients L0 .. L8", "out", {}, {}, 0, lab::Cells::Floats, false, 0, 4, 0};
    for (std::uint32_t c = 0; c < 9; ++c) {
      coefficients.model.push_back(bitsOf(result.sum[3 * c]));
      coefficients.tolerances.push_back(slack * result.magnitude[3 * c]);
    }
    lab::Lane angle{"solid angle", "out", {}, {bitsOf(result.sum[kSolidAngle])}, 0, lab::Cells::Floats, false, 0, 1, 3};
    angle.tolerance = slack * result.magnitude[kSolidAngle];
    lanes.push_back(std::move(coefficients));
    lanes.push_back(std::move(angle));
  };
  return s;
}

}  // namespace

lab::Watch watchSh(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"sh", request.variant, request.input, {}, {}};
  if (std::find(std::begin(kShVariants), std::end(kShVariants), request.variant) == std::end(kShVariants)) {
    std::string names;
    for (const char* v : kShVariants) names += (names.empty() ? "" : ", ") + std::string(v);
    watch.error = "no watch for sh variant '" + request.variant + "' (those with one: " + names + ")";
    return watch;
  }
  const primitives::ReduceVariant* variant = primitives::findVariant(primitives::reductions(), request.variant);
  if (const std::string why = variant->unavailableOn(context.caps); !why.empty()) {
    watch.error = request.variant + " cannot run here: " + why;
    return watch;
  }
  const Map map(lab::watchInput(request, kBound));
  const std::uint32_t padded = equirectPaddedWidth(map.width);
  const EquirectTables tables = equirectTables(map.width, map.height, padded, 0.0);
  std::vector<Sums> items;
  for (std::uint32_t k = 0; k < padded / SH_EQUIRECT_ITEM_TEXELS * map.height; ++k) items.push_back(item(k, map, tables, padded));
  watch.steps = primitives::reduceModel(request.variant, items, context.caps, equirectPayload(lab::kWatchGroup), shown(map));
  try {
    ShProjector projector(context.shaders, context.caps, 4);
    projector.setEnvironment(map.environment());
    lab::Recorder recorder;
    projector.projectWatched(request.variant, lab::kWatchGroup, recorder);
    return lab::matched(std::move(watch), recorder);
  } catch (const std::exception& e) {
    watch.error = e.what();
    return watch;
  }
}

}  // namespace boids::lighting
