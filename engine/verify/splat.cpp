#include "engine/verify/splat.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <limits>
#include <random>

#include <glm/geometric.hpp>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/vec3.hpp>

#include "shaders/render/splat_slots.h"

namespace boids::verify {
namespace {

namespace dart {
using vec3 = glm::vec3;
#include "shaders/render/dart.glsl"
}  // namespace dart

using dvec2 = glm::dvec2;
using dvec3 = glm::dvec3;
using dvec4 = glm::dvec4;

// Float rounding, over-estimated for targets of at most a few hundred pixels (the tests use
// ~100): a window coordinate comes from a float matrix product of terms ~100 (error ~5e-5 in clip
// space, ~1e-6 relative after the divide, under 1e-4 px at 200 px) and an edge function from
// products of such differences (~1e-4 px as a distance). A sample within kPixelEps of an edge may
// be in or out; a square's overlap may move by twice the coordinates' error, its share of
// SPLAT_COVER_ONE by 256 x 2 x 2e-4 = 0.1 (kShareEps: a share rounds either way only that near a
// half, and a pixel the square does not touch stays at 0); of SPLAT_DEPTH_ONE (optical depth) by
// as much relatively, the float weight of a bird's own area adding ~1e-6 relative.
constexpr double kPixelEps = 5e-4;
constexpr double kShareEps = 0.12;
constexpr double kDepthEps = kSplatDepthEps;
constexpr double kThresholdEps = 1e-5;  // relative, on the projected radius against the far threshold

using Cover = SplatCandidate;
using PixelRef = SplatPixel;

dvec2 toWindow(dvec4 clip, glm::ivec2 size) { return (dvec2(clip) / clip.w * 0.5 + 0.5) * dvec2(size); }

double edge(dvec2 a, dvec2 b, dvec2 p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); }

class Reference {
 public:
  Reference(const SplatView& v, CoverageSum sum)
      : v_(v), m_(v.viewProj), pixels_(std::size_t(v.size.x) * std::size_t(v.size.y)), summed_(sum == CoverageSum::Summed),
        unit_(summed_ ? SPLAT_DEPTH_ONE : SPLAT_COVER_ONE) {}

  void boid(glm::vec4 position, glm::vec4 velocity, std::uint32_t id) {
    const dvec3 p(position);
    const dvec4 clip = m_ * dvec4(p, 1.0);
    if (clip.w <= 0.0) return;
    const double z = clip.z / clip.w * 0.5 + 0.5;
    if (z < 0.0 || z > 1.0) return;  // (a boid within rounding of the planes: none in the tests' scenes)
    const dvec2 centre = toWindow(clip, v_.size);
    const double radius = double(v_.lod.x) * double(v_.lod.y) / clip.w;
    const bool square = radius < double(v_.lod.w) * (1.0 - kThresholdEps);
    const bool triangle = radius >= double(v_.lod.w) * (1.0 + kThresholdEps);
    // Neither square nor triangle for certain: either footprint may be drawn, both are added below.
    const double scale = v_.boidScale;
    if (!triangle) {  // summed: the bird's own cross-section spread over the smallest point's square
      const double own = double(dart::kDartSplat) * scale * double(v_.pixelScale) / clip.w;
      const double side = std::max(double(v_.minPointPixels), own);
      addSquare(centre, side, summed_ ? (own / side) * (own / side) : 1.0, z, id, square);
    }
    if (!square) {
      const dvec3 vel(velocity);
      const double speed = glm::length(vel);
      const dvec3 forward = speed > 1e-6 ? vel / speed : dvec3(0, 0, 1);
      const dvec3 helper = std::abs(forward.y) < 0.99 ? dvec3(0, 1, 0) : dvec3(1, 0, 0);
      const dvec3 right = glm::normalize(glm::cross(helper, forward));
      auto corner = [&](glm::vec3 local) { return m_ * dvec4(p + (right * double(local.x) + forward * double(local.z)) * scale, 1.0); };
      const dvec4 a = corner(dart::kDartNose), b = corner(dart::kDartLeft), c = corner(dart::kDartRight);
      if (std::min({a.w, b.w, c.w}) <= 0.0) return;
      addTriangle(toWindow(a, v_.size), toWindow(b, v_.size), toWindow(c, v_.size), centre, z, id, triangle);
    }
  }

  const PixelRef& at(std::size_t i) const { return pixels_[i]; }
  std::vector<PixelRef> pixels() && { return std::move(pixels_); }

 private:
  // The pixels the GPU walks for [a, b] about c (pixelSpan), widened by one each way.
  std::pair<int, int> span(double a, double b, double c, int size) const {
    const int half = SPLAT_MAX_SIDE / 2;
    const int lo = std::max(int(std::floor(a)) - 1, std::max(int(std::floor(c)) - half, 0));
    const int hi = std::min(int(std::floor(b)) + 1, std::min(int(std::floor(c)) + half - 1, size - 1));
    return {lo, hi};
  }

  void add(int x, int y, std::int64_t low, std::int64_t high, double depth, std::uint32_t id, bool sure) {
    if (high <= 0) return;
    PixelRef& px = pixels_[std::size_t(y) * std::size_t(v_.size.x) + std::size_t(x)];
    px.low += low;
    px.high += high;
    if (depth > px.nearest + kDepthEps) return;
    const bool certain = sure && low > 0;
    if (certain && depth < px.nearest) {
      px.nearest = depth;
      std::erase_if(px.candidates, [&](const Cover& c) { return c.depth > depth + kDepthEps; });
    }
    px.candidates.push_back({depth, id, certain});
  }

  void addSquare(dvec2 centre, double side, double weight, double depth, std::uint32_t id, bool sure) {
    const dvec2 lo = centre - 0.5 * side, hi = centre + 0.5 * side;
    auto overlap = [](double a, double b, double x) { return std::max(std::min(b, x + 1.0) - std::max(a, x), 0.0); };
    const auto [x0, x1] = span(lo.x, hi.x, centre.x, v_.size.x);
    const auto [y0, y1] = span(lo.y, hi.y, centre.y, v_.size.y);
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        // Outside the GPU's own span (the widening above) the share is 0 on both sides.
        const double share = overlap(lo.x, hi.x, x) * overlap(lo.y, hi.y, y) * weight * double(unit_) + 0.5;
        const double eps = kShareEps * double(unit_) / double(SPLAT_COVER_ONE);  // the same relative rounding
        const auto low = std::int64_t(std::floor(std::max(share - eps, 0.0)));
        const auto high = std::int64_t(std::floor(share + eps));
        add(x, y, sure ? low : 0, high, depth, id, sure);
      }
    }
  }

  void addTriangle(dvec2 a, dvec2 b, dvec2 c, dvec2 centre, double depth, std::uint32_t id, bool sure) {
    if (edge(a, b, c) < 0.0) std::swap(b, c);
    const dvec2 lo = glm::min(a, glm::min(b, c)), hi = glm::max(a, glm::max(b, c));
    const auto [x0, x1] = span(lo.x, hi.x, centre.x, v_.size.x);
    const auto [y0, y1] = span(lo.y, hi.y, centre.y, v_.size.y);
    // A sample's distance from each edge, in pixels: within kPixelEps, the GPU may see it either side.
    auto distance = [](dvec2 e0, dvec2 e1, dvec2 p) { return edge(e0, e1, p) / std::max(glm::length(e1 - e0), 1e-12); };
    const dvec2 samples[4] = {{-2, -6}, {6, -2}, {-6, 2}, {2, 6}};
    for (int y = y0; y <= y1; ++y) {
      for (int x = x0; x <= x1; ++x) {
        int inside = 0, maybe = 0;
        for (const dvec2& s : samples) {
          const dvec2 q = dvec2(x + 0.5, y + 0.5) + s / 16.0;
          const double d = std::min({distance(a, b, q), distance(b, c, q), distance(c, a, q)});
          inside += d >= kPixelEps;
          maybe += std::abs(d) < kPixelEps;
        }
        const std::int64_t quarter = unit_ / 4;
        add(x, y, sure ? inside * quarter : 0, (inside + maybe) * quarter, depth, id, sure);
      }
    }
  }

  SplatView v_;
  glm::dmat4 m_;
  std::vector<PixelRef> pixels_;
  bool summed_;         // optical depth: shares summed whole, a square weighted by the bird's own area
  std::int64_t unit_;   // a whole pixel's coverage
};

}  // namespace

SplatScene splatScene(std::uint32_t n, std::uint64_t seed, glm::ivec2 size) {
  SplatScene s;
  std::mt19937_64 rng(seed * 0x9E3779B97F4A7C15ull + n * 7919ull + std::uint64_t(size.x) * 31u + std::uint64_t(size.y));
  std::uniform_real_distribution<float> unit(-1.0f, 1.0f), depth(8.0f, 80.0f);
  const float fovY = glm::radians(50.0f), aspect = float(size.x) / float(size.y);
  for (std::uint32_t i = 0; i < n; ++i) {
    const float z = depth(rng);  // in front: the view looks down -z
    const float halfHeight = std::tan(0.5f * fovY) * z;
    const float x = unit(rng) * 1.1f * halfHeight * aspect, y = unit(rng) * 1.1f * halfHeight;
    s.positions.emplace_back(x, y, -z, 1.0f);
    const float vx = unit(rng), vy = unit(rng), vz = unit(rng);
    s.velocities.emplace_back(vx, vy, vz, 0.0f);
  }
  s.view.viewProj = glm::perspective(fovY, aspect, 0.5f, 200.0f) * glm::lookAt(s.eye, glm::vec3(0, 0, -1), glm::vec3(0, 1, 0));
  s.view.size = size;
  s.view.boidScale = 2.5f;
  s.view.pixelScale = 0.5f * float(size.y) / std::tan(0.5f * fovY);
  s.view.minPointPixels = 1.5f;
  s.view.lod = glm::vec4(dart::kDartRadius * s.view.boidScale, s.view.pixelScale, 4.0f, 1.2f);
  return s;
}

std::vector<SplatPixel> splatReference(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                                       std::span<const std::uint32_t> drawn, const SplatView& view, CoverageSum sum) {
  Reference ref(view, sum);
  for (std::uint32_t id : drawn) ref.boid(positions[id], velocities[id], id);
  return std::move(ref).pixels();
}

SplatJudgement judgeSplats(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                           std::span<const std::uint32_t> drawn, const SplatView& view,
                           std::span<const glm::uvec2> visibility, std::span<const std::uint32_t> coverage,
                           CoverageSum sum) {
  const std::vector<SplatPixel> ref = splatReference(positions, velocities, drawn, view, sum);
  SplatJudgement j;
  auto fail = [&](std::size_t i, const std::string& what) {
    if (j.failures++ == 0) {
      j.firstFailure = "pixel (" + std::to_string(i % std::size_t(view.size.x)) + ", " + std::to_string(i / std::size_t(view.size.x)) +
                       "): " + what;
    }
  };
  const std::int64_t one = sum == CoverageSum::Clamped ? std::int64_t(SPLAT_COVER_ONE) : std::numeric_limits<std::int64_t>::max();
  for (std::size_t i = 0; i < visibility.size(); ++i) {
    const SplatPixel& px = ref[i];
    ++j.pixels;
    const std::int64_t gpu = std::min<std::int64_t>(coverage[i], one);
    const std::int64_t low = std::min(px.low, one), high = std::min(px.high, one);
    j.uncertain += low != high;
    j.open += high - low;
    j.summed += low;
    if (gpu < low || gpu > high) {
      fail(i, "coverage " + std::to_string(coverage[i]) + ", the reference's " + std::to_string(px.low) + " to " +
                  std::to_string(px.high) + " (a pixel = " + std::to_string(SPLAT_COVER_ONE) + ")");
      continue;
    }
    const double nearest = px.nearest;
    j.covered += std::isfinite(nearest);
    const glm::uvec2 v = visibility[i];  // (boid index, depth bits)
    if (v.y == SPLAT_CLEAR_DEPTH) {
      if (std::isfinite(nearest)) fail(i, "left clear where the reference has a boid at depth " + std::to_string(nearest));
      continue;
    }
    const double depth = double(std::bit_cast<float>(v.y));
    bool allowed = false;
    for (const Cover& c : px.candidates) {
      allowed |= c.id == v.x && c.depth <= nearest + kDepthEps && std::abs(c.depth - depth) <= kDepthEps;
    }
    if (!allowed) {
      fail(i, "nearest boid " + std::to_string(v.x) + " at depth " + std::to_string(depth) + "; the reference's nearest is at " +
                  std::to_string(nearest) + " (" + std::to_string(px.candidates.size()) + " boids within rounding of it)");
    }
  }
  return j;
}

}  // namespace boids::verify
