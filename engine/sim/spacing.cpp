#include "engine/sim/spacing.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <vector>

#include <glm/common.hpp>
#include <glm/vec3.hpp>

namespace boids::sim {
namespace {

constexpr std::size_t kMostSampled = 1u << 20;  // boids binned: a thinned flock beyond this
constexpr double kPerBin = 8;                    // sampled boids a bin, on average, the bins aim at
constexpr int kMostPasses = 6;

// The density the mean sampled boid sees in bins of side `edge`: the sum over the bins of c (c - 1),
// each boid's count of the others in its bin (for Poisson counts its mean is the bin's expected
// count; c^2 would add one), over the boids and the bin's volume.
double binnedDensity(const std::vector<glm::dvec3>& sample, glm::dvec3 lo, double edge) {
  std::vector<std::uint64_t> keys;
  keys.reserve(sample.size());
  for (const glm::dvec3& p : sample) {
    const glm::u64vec3 b(glm::floor((p - lo) / edge));  // at most 2^21 bins an axis: see the caller
    keys.push_back(b.x | b.y << 21 | b.z << 42);
  }
  std::sort(keys.begin(), keys.end());
  double others = 0;
  for (std::size_t i = 0, j = 0; i < keys.size(); i = j) {
    while (j < keys.size() && keys[j] == keys[i]) ++j;
    others += double(j - i) * double(j - i - 1);
  }
  return others / double(sample.size()) / (edge * edge * edge);
}

}  // namespace

float meanNearestEstimate(std::span<const glm::vec4> positions, std::uint32_t k) {
  auto isFinite = [](const glm::vec4& p) { return std::isfinite(p.x) && std::isfinite(p.y) && std::isfinite(p.z); };
  const auto finite = std::size_t(std::count_if(positions.begin(), positions.end(), isFinite));
  if (finite <= k) return 0;
  // A thinned flock (every stride-th boid) has the density over the stride.
  const std::size_t stride = (finite + kMostSampled - 1) / kMostSampled;
  std::vector<glm::dvec3> sample;
  glm::dvec3 lo(HUGE_VAL), hi(-HUGE_VAL);
  std::size_t seen = 0;
  for (const glm::vec4& p : positions) {
    if (!isFinite(p) || seen++ % stride != 0) continue;
    sample.emplace_back(p);
    lo = glm::min(lo, sample.back());
    hi = glm::max(hi, sample.back());
  }
  const glm::dvec3 extent = hi - lo;
  const double widest = std::max({extent.x, extent.y, extent.z});
  if (!(widest > 0)) return 0;
  const double thinning = double(finite) / double(sample.size());
  // Bins first sized as if the sample filled its bounds (a flat flock's thinnest side counted as a
  // thousandth of its widest), then from each pass's density, until their size settles: a flock
  // of separate schools is judged by the schools' density, not by the box around them.
  const glm::dvec3 side = glm::max(extent, glm::dvec3(1e-3 * widest));
  double edge = std::cbrt(side.x * side.y * side.z * kPerBin / double(sample.size()));
  double density = 0;
  for (int pass = 0; pass < kMostPasses; ++pass) {
    edge = std::max(edge, widest / double(1u << 20));  // bins' indices fit 21 bits
    density = binnedDensity(sample, lo, edge) * thinning;
    if (!(density > 0)) return float(edge);  // every boid alone in its bin: spread at least that far
    const double next = std::cbrt(kPerBin * thinning / density);
    if (std::abs(next - edge) < 0.05 * edge) break;
    edge = next;
  }
  return float(std::cbrt(double(k) / (4.0 / 3.0 * std::numbers::pi * density)));
}

}  // namespace boids::sim
