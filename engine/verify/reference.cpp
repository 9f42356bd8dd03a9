#include "engine/verify/reference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>
#include <stdexcept>

namespace boids::verify {
namespace {

constexpr double u = kFloatUnitRoundoff;
constexpr double kDivision = kDivisionError;

double maxAbs(glm::dvec3 v) { return std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)}); }

glm::dvec3 offset(glm::dvec3 from, glm::dvec3 to, const gpu::SimParams& p) {
  glm::dvec3 d = to - from;
  if (p.worldMode == WORLD_WRAP) {
    const double side = p.world.y;
    d -= side * glm::dvec3(std::nearbyint(d.x / side), std::nearbyint(d.y / side), std::nearbyint(d.z / side));
  }
  return d;
}

// The attractor's impulse on a boid at `pos` (attractorPush() in shaders/sim/boid_rules.glsl, in
// double), a first-order bound on the GPU's error in each of its components, and whether the GPU
// may take the other periodic image of the point.
struct AttractorTerm {
  glm::dvec3 push{0};
  double error = 0;
  bool ambiguous = false;
};

AttractorTerm attractorTerm(glm::dvec3 pos, glm::dvec3 point, double strength, double invRadius, double offsetError,
                            const gpu::SimParams& p) {
  AttractorTerm t;
  if (strength == 0) return t;
  const glm::dvec3 d = offset(pos, point, p);
  const double len = glm::length(d), m = std::max(len, 1.0);
  const double fade = strength < 0 ? std::max(1 - len * invRadius, 0.0) : 1.0;
  t.push = d * (strength / m * fade);
  // The image: round(d * (1 / side)) picks the other one when a component of d lies within
  // rounding of half the side (the offset's own error, the product's and 1/side's: under 2 e).
  if (p.worldMode == WORLD_WRAP) {
    for (int a = 0; a < 3; ++a) {
      if (std::abs(std::abs(d[a]) - 0.5 * p.world.y) <= 2 * offsetError) t.ambiguous = true;
    }
  }
  // With e the error of each component of d (|d_a| <= len <= m) and s the strength:
  //  len = sqrt(dot(d, d)): d off by at most sqrt(3) e in length; dot's rounding (3 u relative)
  //  and sqrt's (GLSL: 1 / inversesqrt, two operations of kDivision) add (3 u + 2 kDivision) len;
  //  max(len, 1) is 1-Lipschitz: off by as much, eLen;
  //  s / m: kDivision relative, plus eLen / m from the divisor;
  //  fade (flee): len / R off by eLen / R + u, 1 - that by u more (the result is at most 1);
  //  gain = s / m * fade: u more; |gain| <= |s| fade / m;
  //  d * gain, per component: e |gain| + |d_a| |gain error| + u |d_a gain|, with |d_a| / m <= 1:
  //    |s| (fade (e / m + kDivision + eLen / m + 2 u) + fadeError) (+ u for the product).
  const double eLen = std::sqrt(3.0) * offsetError + (3 * u + 2 * kDivision) * len;
  const double fadeError = strength < 0 ? eLen * invRadius + 2 * u : 0.0;
  t.error = std::abs(strength) * (fade * (offsetError / m + kDivision + eLen / m + 3 * u) + fadeError);
  return t;
}

}  // namespace

ReferenceStats referenceStats(const std::vector<glm::vec4>& positions) {
  ReferenceStats s;
  if (positions.empty()) return s;
  // Neumaier's variant of Kahan summation: error independent of n to first order.
  glm::dvec3 sum(0), compensation(0);
  s.boundsMin = glm::dvec3(positions[0]);
  s.boundsMax = glm::dvec3(positions[0]);
  for (const glm::vec4& q : positions) {
    const glm::dvec3 p(q);
    for (int a = 0; a < 3; ++a) {
      double t = sum[a] + p[a];
      compensation[a] += std::abs(sum[a]) >= std::abs(p[a]) ? (sum[a] - t) + p[a] : (p[a] - t) + sum[a];
      sum[a] = t;
    }
    s.sumAbs += glm::abs(p);
    s.boundsMin = glm::min(s.boundsMin, p);
    s.boundsMax = glm::max(s.boundsMax, p);
  }
  s.centroid = (sum + compensation) / static_cast<double>(positions.size());
  return s;
}

glm::dvec3 centroidTolerance(const ReferenceStats& stats, std::size_t count, const ErrorModel& model) {
  // Each position reaches the total through at most `additions` rounded float additions, so the
  // float sum is within gamma(additions) * sum|p| of the exact one, whatever the order or tree
  // shape (Higham, section 4.2); a fixed-point stage adds its quantisation, sumQuantum. Dividing by
  // n is one more rounded operation (charged 4u: GLSL allows 2.5 ULP); a divisor that was itself
  // summed in float (the mipmap's weights) is off by gamma(divisorAdditions) relative, which moves
  // the quotient by as much relative to the centroid.
  // Doubled for safety against the second-order terms the first-order bound drops.
  const double n = static_cast<double>(count);
  return 2.0 * (gamma(model.additions) * stats.sumAbs / n + glm::dvec3(model.sumQuantum / n) +
                (kDivision + gamma(model.divisorAdditions)) * glm::abs(stats.centroid));
}

double flockExtent(const ReferenceStats& stats) {
  const glm::dvec3 side = stats.boundsMax - stats.boundsMin;
  const double largest = std::max({side.x, side.y, side.z});
  if (largest > 0) return largest;
  const glm::dvec3 at = glm::max(glm::abs(stats.boundsMin), glm::abs(stats.boundsMax));
  const double coordinate = std::max({at.x, at.y, at.z});
  return coordinate > 0 ? coordinate : 1.0;
}

glm::dvec3 centroidStatisticalBound(const ReferenceStats& stats, std::size_t count, const ErrorModel& model) {
  // centroidTolerance's terms, the additions' gamma replaced by the probabilistic one; the
  // fixed-point quantum and the division stay at their worst (they are few, or not random).
  const double n = static_cast<double>(count);
  return 2.0 * (probabilisticGamma(model.additions) * stats.sumAbs / n + glm::dvec3(model.sumQuantum / n) +
                (kDivision + gamma(model.divisorAdditions)) * glm::abs(stats.centroid));
}

NeighbourSet referenceNeighbours(const std::vector<glm::vec4>& positions, std::size_t i, const gpu::SimParams& p) {
  NeighbourSet set;
  const glm::dvec3 pos(positions[i]);
  const double r2 = p.radiiSq.w, offsetError = 4 * u * p.world.x;
  for (std::size_t j = 0; j < positions.size(); ++j) {
    if (j == i) continue;
    const glm::dvec3 d = offset(pos, glm::dvec3(positions[j]), p);
    const double d2 = glm::dot(d, d);
    // The same band as referenceStep(): the GPU's d2 may fall on the other side of the radius.
    const double band = 2 * (2 * std::sqrt(3.0) * std::sqrt(d2) * offsetError + 3 * offsetError * offsetError + 3 * u * d2);
    if (std::abs(d2 - r2) <= band) set.ambiguous = true;
    if (d2 < r2) {
      const auto index = static_cast<std::uint32_t>(j);
      ++set.count;
      set.sum += index * 2654435761u;
      set.xorHash ^= (index + 0x9e3779b9u) * 0x85ebca6bu;
    }
  }
  return set;
}

GridStats gridStats(const std::vector<glm::vec4>& positions, const gpu::SimParams& p, std::size_t sample) {
  GridStats g;
  const std::uint32_t n = p.cellsPerAxis;
  g.cells = std::uint64_t(n) * n * n;
  auto cellOf = [&](const glm::vec4& q) {
    glm::ivec3 c;
    for (int a = 0; a < 3; ++a) {
      c[a] = std::clamp(static_cast<int>(std::floor((q[a] + p.world.x) * p.grid.y)), 0, static_cast<int>(n) - 1);
    }
    return c;
  };
  auto keyOf = [&](glm::ivec3 c) { return std::uint64_t(c.x) + n * (std::uint64_t(c.y) + std::uint64_t(n) * c.z); };
  // Boids by cell: (key, index) sorted, so that the work and memory follow the flock, not the
  // number of cells (a world of 100000 has 10^13 of them).
  std::vector<std::pair<std::uint64_t, std::uint32_t>> sorted(positions.size());
  for (std::size_t i = 0; i < positions.size(); ++i) sorted[i] = {keyOf(cellOf(positions[i])), static_cast<std::uint32_t>(i)};
  std::sort(sorted.begin(), sorted.end());
  for (std::size_t a = 0, b = 0; a < sorted.size(); a = b) {
    while (b < sorted.size() && sorted[b].first == sorted[a].first) ++b;
    ++g.occupied;
    g.maxPerCell = std::max(g.maxPerCell, static_cast<std::uint32_t>(b - a));
  }
  g.meanPerOccupied = g.occupied ? double(positions.size()) / double(g.occupied) : 0.0;

  // Neighbours within the largest radius: every cell within reach of the boid's own.
  const int reach = static_cast<int>(std::ceil(std::sqrt(p.radiiSq.w) * p.grid.y));
  const std::size_t step = std::max<std::size_t>(1, positions.size() / std::max<std::size_t>(sample, 1));
  std::size_t sampled = 0, found = 0;
  for (std::size_t i = 0; i < positions.size(); i += step, ++sampled) {
    const glm::ivec3 c = cellOf(positions[i]);
    const int span = static_cast<int>(std::min<std::uint32_t>(2 * reach + 1, n));
    for (int dz = 0; dz < span; ++dz) {
      for (int dy = 0; dy < span; ++dy) {
        for (int dx = 0; dx < span; ++dx) {
          glm::ivec3 cc = c - glm::ivec3(span == static_cast<int>(n) ? c : glm::ivec3(reach)) + glm::ivec3(dx, dy, dz);
          bool outside = false;
          for (int a = 0; a < 3; ++a) {
            if (p.worldMode == WORLD_WRAP) {
              cc[a] = (cc[a] % static_cast<int>(n) + static_cast<int>(n)) % static_cast<int>(n);
            } else if (cc[a] < 0 || cc[a] >= static_cast<int>(n)) {
              outside = true;
            }
          }
          if (outside) continue;
          const std::uint64_t k = keyOf(cc);
          auto t = std::lower_bound(sorted.begin(), sorted.end(), std::pair<std::uint64_t, std::uint32_t>{k, 0});
          for (; t != sorted.end() && t->first == k; ++t) {
            const std::uint32_t j = t->second;
            if (j == i) continue;
            const glm::dvec3 d = offset(glm::dvec3(positions[i]), glm::dvec3(positions[j]), p);
            if (glm::dot(d, d) < p.radiiSq.w) ++found;
          }
        }
      }
    }
  }
  g.meanNeighbours = sampled ? double(found) / double(sampled) : 0.0;
  return g;
}

namespace {

// What a boid's neighbours add to its impulse (the rules' part of dv, before the centroid pull and
// the rest), a first-order bound on the GPU's error in each of its components, the scale of its
// terms (for the roundings of the additions that follow), and what the step writes to velocity.w.
struct Social {
  glm::dvec3 dv{0};
  double error = 0, scale = 0;
  std::uint32_t neighbours = 0;        // metric: within the largest radius
  double density = 0, densityError = 0;  // topological
  bool ambiguous = false;
};

// The band within which the GPU's squared distance d2 lies: three products of components each off
// by offsetError (2 |d_a| e + e^2 each) plus three rounded operations on d2 itself; doubled for safety.
double squaredDistanceBand(double d2, double offsetError) {
  return 2 * (2 * std::sqrt(3.0) * std::sqrt(d2) * offsetError + 3 * offsetError * offsetError + 3 * u * d2);
}

// The metric rule (rulesAccumulate() in shaders/sim/boid_rules.glsl, in double).
Social metricSocial(std::size_t i, std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                    const gpu::SimParams& p, double offsetError) {
  const double radiiSq[3] = {p.radiiSq.x, p.radiiSq.y, p.radiiSq.z};  // separation, alignment, cohesion
  const double w[3] = {p.weights.x, p.weights.y, p.weights.z};
  const glm::dvec3 pos(positions[i]);
  glm::dvec3 coh(0), sep(0), ali(0);
  double cohAbs = 0, sepAbs = 0, aliAbs = 0;
  std::size_t cohCount = 0, sepCount = 0, aliCount = 0;
  Social s;
  for (std::size_t j = 0; j < positions.size(); ++j) {
    if (j == i) continue;
    const glm::dvec3 d = offset(pos, glm::dvec3(positions[j]), p);
    const double d2 = glm::dot(d, d), band = squaredDistanceBand(d2, offsetError);
    for (int r = 0; r < 3; ++r) {
      if (w[r] != 0 && std::abs(d2 - radiiSq[r]) <= band) s.ambiguous = true;
    }
    if (std::abs(d2 - p.radiiSq.w) <= band) s.ambiguous = true;  // the count in velocity.w
    if (d2 < p.radiiSq.w) ++s.neighbours;
    if (d2 < radiiSq[2]) coh += d, cohAbs += maxAbs(d), ++cohCount;
    if (d2 < radiiSq[0]) sep -= d, sepAbs += maxAbs(d), ++sepCount;
    if (d2 < radiiSq[1]) {
      const glm::dvec3 vj(velocities[j]);
      ali += vj, aliAbs += maxAbs(vj), ++aliCount;
    }
  }
  s.dv = sep * w[0];
  if (aliCount > 0) s.dv += ali / static_cast<double>(aliCount) * w[1];
  if (cohCount > 0) s.dv += coh / static_cast<double>(cohCount) * w[2];
  // separation: sepCount offsets each off by offsetError, summed with gamma(sepCount);
  // alignment/cohesion: a sum as above, then a division (kDivision) by the count.
  const double errSep = sepCount * offsetError + gamma(sepCount) * sepAbs;
  const double errAli = aliCount ? gamma(aliCount) * aliAbs / aliCount + kDivision * maxAbs(ali) / aliCount : 0;
  const double errCoh =
      cohCount ? offsetError + gamma(cohCount) * cohAbs / cohCount + kDivision * maxAbs(coh) / cohCount : 0;
  s.error = w[0] * errSep + w[1] * errAli + w[2] * errCoh;
  s.scale = maxAbs(sep * w[0]) + maxAbs(ali) * w[1] + maxAbs(coh) * w[2];
  s.density = s.neighbours;
  return s;
}

// Boid i's k nearest within the range (and the next one, to judge ambiguity), nearest first, ties
// by the lower index: (squared distance, index).
std::vector<std::pair<double, std::size_t>> nearestOf(std::size_t i, std::span<const glm::vec4> positions,
                                                      const gpu::SimParams& p, double offsetError, bool& ambiguous) {
  const glm::dvec3 pos(positions[i]);
  const double range2 = p.reach.y;
  std::vector<std::pair<double, std::size_t>> near;
  for (std::size_t j = 0; j < positions.size(); ++j) {
    if (j == i) continue;
    const glm::dvec3 d = offset(pos, glm::dvec3(positions[j]), p);
    const double d2 = glm::dot(d, d);
    if (d2 < range2 + squaredDistanceBand(range2, offsetError)) near.emplace_back(d2, j);
  }
  const std::size_t keep = std::min<std::size_t>(p.nearest + 1, near.size());
  std::partial_sort(near.begin(), near.begin() + static_cast<std::ptrdiff_t>(keep), near.end());
  near.resize(keep);
  // The GPU may take a boid on the other side of the range, or swap the k-th and the next, or the
  // last it separates from and the next.
  for (const auto& [d2, j] : near) {
    if (std::abs(d2 - range2) <= squaredDistanceBand(d2, offsetError)) ambiguous = true;
  }
  for (std::size_t m : {std::size_t(p.nearest), std::size_t(p.separateFrom)}) {
    if (m < near.size() && near[m].first - near[m - 1].first <=
                               squaredDistanceBand(near[m].first, offsetError) + squaredDistanceBand(near[m - 1].first, offsetError)) {
      ambiguous = true;
    }
  }
  while (!near.empty() && (near.size() > p.nearest || near.back().first >= range2)) near.pop_back();
  return near;
}

// Between its reactions: boid i's kept neighbours `list` in the order of their distance now, as
// nearestOf() gives them; nothing where the GPU searches instead (keptNearest() in
// shaders/sim/sim_step_grid.comp: none kept, one out of the range, two as near).
std::optional<std::vector<std::pair<double, std::size_t>>> keptNearestOf(std::size_t i, std::span<const std::uint32_t> list,
                                                                          std::span<const glm::vec4> positions,
                                                                          const gpu::SimParams& p, double offsetError,
                                                                          bool& ambiguous) {
  const glm::dvec3 pos(positions[i]);
  const double range2 = p.reach.y;
  std::vector<std::pair<double, std::size_t>> near;
  for (std::uint32_t j : list) {
    if (j == kNoNeighbour) break;
    const glm::dvec3 d = offset(pos, glm::dvec3(positions[j]), p);
    const double d2 = glm::dot(d, d);
    if (std::abs(d2 - range2) <= squaredDistanceBand(range2, offsetError)) ambiguous = true;
    if (d2 >= range2) return std::nullopt;
    near.emplace_back(d2, j);
  }
  if (near.empty()) return std::nullopt;
  std::sort(near.begin(), near.end());
  for (std::size_t m = 1; m < near.size(); ++m) {  // the GPU may order them otherwise, or search on a tie
    if (near[m].first - near[m - 1].first <=
        squaredDistanceBand(near[m].first, offsetError) + squaredDistanceBand(near[m - 1].first, offsetError)) {
      ambiguous = true;
    }
  }
  return near;
}

// The topological rule (topologicalSums() in shaders/sim/topological.glsl, in double) over boid
// i's list `near` (nearestOf()'s or keptNearestOf()'s); `ambiguous` as their search left it.
Social topologicalSocial(std::size_t i, const std::vector<std::pair<double, std::size_t>>& near, bool ambiguous,
                         std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                         const gpu::SimParams& p, double offsetError) {
  Social s;
  s.ambiguous = ambiguous;
  const std::size_t found = near.size();
  s.neighbours = static_cast<std::uint32_t>(found);
  if (found == 0) return s;
  const glm::dvec3 pos(positions[i]), vel(velocities[i]);
  const double e = offsetError, guard = 0.05 * double(p.reach.z), rSep = p.reach.z, invSep = p.reach.w;
  glm::dvec3 coh(0), ali(0), facing(0), sep(0);
  double cohAbs = 0, aliErr = 0, aliAbs = 0, facingErr = 0, sepErr = 0, sepAbs = 0;
  for (std::size_t m = 0; m < found; ++m) {
    const glm::dvec3 d = offset(pos, glm::dvec3(positions[near[m].second]), p), dvj = glm::dvec3(velocities[near[m].second]) - vel;
    const double len = std::sqrt(near[m].first), g = std::max(len, guard);
    // len = sqrt(d2): d off by sqrt(3) e in length, the dot and the sqrt (1 / inversesqrt) rounded.
    const double eLen = std::sqrt(3.0) * e + (3 * u + 2 * kDivision) * len;
    coh += d, cohAbs += maxAbs(d);
    ali += dvj, aliAbs += maxAbs(dvj), aliErr += u * maxAbs(dvj);
    facing += d / g, facingErr += (e + eLen) / g + 2 * kDivision;
    if (m < p.separateFrom && len < rSep) {
      const double f = 1 / g - invSep;
      sep -= d * f, sepAbs += maxAbs(d * f);
      sepErr += e * f + maxAbs(d) * (eLen / (g * g) + kDivision / g + (kDivision + u) * invSep) + u * maxAbs(d) * f;
    }
  }
  const double n = static_cast<double>(found), centrality = glm::length(facing) / n;
  const glm::dvec3 toCentre = coh / n;
  const double toCentreLength = glm::length(toCentre), unitDivisor = std::max(toCentreLength, guard);
  const glm::dvec3 direction = toCentre / unitDivisor;
  s.dv = sep * double(p.weights.x) + ali / n * double(p.weights.y) + direction * (double(p.weights.z) * centrality);
  // Each sum: its terms' errors plus gamma(found) of the sum of their sizes; the means a division
  // more; the centrality a length (sqrt(3) of the components' error, its own roundings) and a division.
  facingErr += gamma(found) * n;
  const double errC = std::sqrt(3.0) * facingErr / n + (3 * u + 3 * kDivision) * centrality;
  const double errCohMean = (n * e + gamma(found) * cohAbs) / n + kDivision * maxAbs(coh) / n;
  const double errAliMean = (aliErr + gamma(found) * aliAbs) / n + kDivision * maxAbs(ali) / n;
  // The direction: the mean's error over the divisor, the divisor's (a length: sqrt(3) of the
  // components' error and its own roundings) times the direction's size over it, and a division.
  const double errDivisor = std::sqrt(3.0) * errCohMean + (3 * u + 2 * kDivision) * toCentreLength;
  const double errDirection = errCohMean / unitDivisor + maxAbs(direction) * errDivisor / unitDivisor + kDivision;
  s.error = p.weights.x * (sepErr + gamma(p.separateFrom) * sepAbs) + p.weights.y * errAliMean +
            p.weights.z * (errDirection * centrality + maxAbs(direction) * errC + 2 * u * centrality * maxAbs(direction));
  s.scale = maxAbs(sep) * p.weights.x + maxAbs(ali) / n * p.weights.y + maxAbs(direction) * p.weights.z * centrality;
  // found / (UNIT_BALL_VOLUME kth^3): kth off by eLen relative to itself, cubed (3x), three roundings and a division.
  const double kth = std::sqrt(near.back().first);
  s.density = n / (UNIT_BALL_VOLUME * std::max(kth * kth * kth, 1e-30));
  const double kthErr = std::sqrt(3.0) * e + (3 * u + 2 * kDivision) * kth;
  s.densityError = s.density * (3 * kthErr / std::max(kth, 1e-10) + 6 * u + kDivision);
  return s;
}

// A term of the impulse and a first-order bound on the GPU's error in each of its components.
struct Term {
  glm::dvec3 dv{0};
  double error = 0;
};

// roostPush() in shaders/sim/boid_rules.glsl, in double.
Term roostTerm(glm::dvec3 pos, glm::dvec3 vel, const gpu::SimParams& p) {
  Term t;
  const double radius = p.roost.x, pull = p.roost.y, low = p.roost.z, high = p.roost.w, band = high - low;
  const double horizontal = std::hypot(pos.x, pos.z), past = horizontal - radius;
  if (pull != 0 && past > 0) {
    const double gain = pull * std::min(past / radius, 1.0) / (past + radius);
    t.dv.x = -pos.x * gain;
    t.dv.z = -pos.z * gain;
    // length(h) off by (2 u + 2 kDivision) of itself, past by u more of its operands; the gain's
    // min, division and sum move it by at most 2 errPast / radius relative to pull (|h| / (past + r)
    // = 1), plus its own few roundings.
    const double errPast = (3 * u + 2 * kDivision) * horizontal + u * radius;
    t.error += pull * (2 * errPast / radius + 6 * u + 2 * kDivision);
  }
  const double climb = p.reach.x;
  if (climb != 0) {
    const double middle = 0.5 * (low + high), halfBand = 0.5 * band;
    t.dv.y += climb * (std::clamp((middle - pos.y) / halfBand, -1.0, 1.0) - vel.y);
    // The middle and the half band (a sum and a product each), the difference (u of its operands),
    // the division, the clamp (1-Lipschitz), the difference with v.y and the product.
    const double operands = std::abs(low) + std::abs(high) + std::abs(pos.y);
    t.error += climb * (3 * u * operands / halfBand + kDivision + 3 * u * (1 + std::abs(vel.y)));
  }
  return t;
}

// bankedImpulse() in shaders/sim/boid_rules.glsl, in double: `in` the rules' impulse and its error.
Term bankedTerm(glm::dvec3 vel, Term in, double bank, const gpu::SimParams& p, double& newBank, bool& ambiguous) {
  const double speed = glm::length(vel);
  const glm::dvec3 forward = speed > 1e-6 ? vel / speed : glm::dvec3(0, 0, 1);
  if (speed < 1e-5 || std::abs(std::abs(forward.y) - 0.99) < 1e-5) ambiguous = true;  // the GPU may take the other frame
  const glm::dvec3 helper = std::abs(forward.y) < 0.99 ? glm::dvec3(0, 1, 0) : glm::dvec3(1, 0, 0);
  const glm::dvec3 side = glm::cross(helper, forward), right = glm::normalize(side), up = glm::cross(forward, right);
  const double ahead = glm::dot(in.dv, forward) + p.cruise.y * (p.cruise.x - speed);
  const double wanted = glm::dot(in.dv, right), along = glm::dot(in.dv, up);
  newBank = std::clamp(bank + std::clamp(wanted - bank, -double(p.cruise.z), double(p.cruise.z)), -double(p.cruise.w),
                       double(p.cruise.w));
  Term t{ahead * forward + newBank * right + along * up, 0};
  // The frame: forward a length and a division off (eF per component); right the cross product
  // (exact: the helper is an axis) normalised, its error grown by 1 / |cross| at most; up a cross
  // product of the two. A projection dot(dv, axis) is off by sqrt(3) of dv's error, 3 eAxis of its
  // size and 3 u of the products. The clamps are 1-Lipschitz.
  const double eF = 3 * u + 3 * kDivision, eR = 2 * eF / glm::length(side) + 4 * u + 3 * kDivision, eU = eF + eR + 3 * u;
  const double size = maxAbs(in.dv);
  auto projection = [&](double eAxis) { return std::sqrt(3.0) * in.error + 3 * size * eAxis + 3 * std::sqrt(3.0) * u * size; };
  const double errAhead = projection(eF) + p.cruise.y * (3 * u + 2 * kDivision) * speed + 2 * u * std::abs(ahead);
  const double errBank = projection(eR) + 3 * u * (std::abs(bank) + std::abs(wanted));
  t.error = errAhead + std::abs(ahead) * eF + errBank + std::abs(newBank) * eR + projection(eU) + std::abs(along) * eU +
            3 * u * (std::abs(ahead) + std::abs(newBank) + std::abs(along));
  return t;
}

}  // namespace

double worldDistance(glm::dvec3 a, glm::dvec3 b, const gpu::SimParams& params) {
  return glm::length(offset(a, b, params));
}

bool reactsAt(std::uint32_t slot, const gpu::SimParams& p) {
  const std::uint32_t reaction = p.sampling.y;
  return reaction <= 1 || ((slot >> 6) + p.sampling.z) % reaction == 0;
}

namespace {
// The social impulse of boid i: the metric rule's, or the topological rule's over the k nearest
// it searched or, between its reactions, those it kept; the list it keeps into `out`.
Social socialOf(std::size_t i, std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                const gpu::SimParams& p, double offsetError, const Kept* kept, ReferenceStep& out) {
  out.reacted[i] = 1;
  if (p.rule != RULE_TOPOLOGICAL) return metricSocial(i, positions, velocities, p, offsetError);
  bool ambiguous = false;
  std::optional<std::vector<std::pair<double, std::size_t>>> near;
  if (kept && !reactsAt(kept->slots[i], p)) {
    near = keptNearestOf(i, kept->lists.subspan(i * p.nearest, p.nearest), positions, p, offsetError, ambiguous);
  }
  out.reacted[i] = near ? 0 : 1;
  if (!near) near = nearestOf(i, positions, p, offsetError, ambiguous);
  for (std::size_t m = 0; m < near->size(); ++m) out.nearest[i * p.nearest + m] = static_cast<std::uint32_t>((*near)[m].second);
  return topologicalSocial(i, *near, ambiguous, positions, velocities, p, offsetError);
}
}  // namespace

ReferenceStep referenceStep(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                            const gpu::SimParams& p, glm::dvec3 centroid, const std::vector<std::uint32_t>* only,
                            const Kept* kept) {
  if (p.hunt.z != 0.0f) {  // the predator's point is on the GPU, moved by its own pass
    throw std::invalid_argument("the reference step needs the point a hunting predator made the boids flee: "
                                "give it sim::Simulation::stepParams()");
  }
  const std::size_t n = positions.size();
  ReferenceStep out;
  for (auto* v : {&out.positionTolerance, &out.velocityTolerance, &out.banks, &out.bankTolerance, &out.density,
                  &out.densityTolerance}) {
    v->assign(n, 0.0);
  }
  out.positions.resize(n);
  out.velocities.resize(n);
  out.neighbours.assign(n, 0);
  out.ambiguous.assign(n, 0);
  out.reacted.assign(n, 0);
  if (p.rule == RULE_TOPOLOGICAL) out.nearest.assign(n * p.nearest, kNoNeighbour);

  const double half = p.world.x;
  // Error of one offset component on the GPU: to - from is rounded once (|to - from| <= 2 half),
  // the periodic shift once more (result <= half): at most 3 u half; charged 4 u half.
  const double offsetError = 4 * u * half;
  const glm::dvec3 attractorPoint(p.attractor);
  // The same for the offset to the attractor's point, which toGpu() puts inside the cube; charged
  // as if it could lie outside (|to - from| <= |T| + half).
  const double attractorOffsetError = 4 * u * (half + maxAbs(attractorPoint));

  const std::size_t boids = only ? only->size() : n;
  for (std::size_t k = 0; k < boids; ++k) {
    const std::size_t i = only ? (*only)[k] : k;
    const glm::dvec3 pos(positions[i]), vel(velocities[i]);
    const Social social = socialOf(i, positions, velocities, p, offsetError, kept, out);
    bool ambiguous = social.ambiguous;
    out.neighbours[i] = social.neighbours;
    out.density[i] = social.density;
    out.densityTolerance[i] = 2 * social.densityError;

    // The same update as rulesFinish(), in double.
    const glm::dvec3 pull = (centroid - pos) * double(p.weights.w);
    glm::dvec3 wall(0);
    if (p.worldMode == WORLD_WALLS) {
      const double inner = half - p.world.w;
      for (int a = 0; a < 3; ++a) {
        const double over = std::max(std::abs(pos[a]) - inner, 0.0);
        wall[a] = (pos[a] > 0 ? -1.0 : pos[a] < 0 ? 1.0 : 0.0) * over * (p.wallStrength / p.world.w);
      }
    }
    const AttractorTerm attractor = attractorTerm(pos, attractorPoint, p.attractor.w, p.attractorInvRadius,
                                                  attractorOffsetError, p);
    ambiguous = ambiguous || attractor.ambiguous;
    const Term roost = roostTerm(pos, vel, p);
    Term rules{social.dv + pull + wall + attractor.push + roost.dv, 0};
    // The terms' own errors (centroid - pos rounded once; the walls' |p| - inner and scaling), then
    // six rounded additions into dv.
    const double errWall = p.worldMode == WORLD_WALLS ? u * half * p.wallStrength / p.world.w + 4 * u * maxAbs(wall) : 0;
    const double dvScale = social.scale + maxAbs(pull) + maxAbs(wall) + maxAbs(attractor.push) + maxAbs(roost.dv);
    rules.error = social.error + p.weights.w * u * maxAbs(centroid - pos) + errWall + attractor.error + roost.error +
                  6 * u * dvScale;
    double bank = 1;
    if (p.flight == FLIGHT_BANKED) rules = bankedTerm(vel, rules, positions[i].w, p, bank, ambiguous);
    out.banks[i] = bank;
    out.bankTolerance[i] = p.flight == FLIGHT_BANKED ? 2 * rules.error : 0.0;  // the bank's error is within dv's

    glm::dvec3 v = vel + rules.dv;
    double velError = rules.error + u * maxAbs(v);
    const double speed = glm::length(v);
    if (speed > p.maxSpeed) v *= p.maxSpeed / speed;
    // Clamping the speed is the projection onto a ball, which never increases a distance; only the
    // rounding of length() and of the scale factor adds error.
    if (speed > p.maxSpeed * (1 - 1e-5)) velError += 3 * kDivision * p.maxSpeed;
    glm::dvec3 x = pos + v * static_cast<double>(p.dt);
    if (p.worldMode == WORLD_WRAP) {
      const double side = p.world.y;
      x -= side * glm::floor((x + half) / side);
    } else {
      x = glm::clamp(x, glm::dvec3(-half), glm::dvec3(half));
    }
    out.positions[i] = x;
    out.velocities[i] = v;
    out.ambiguous[i] = ambiguous ? 1 : 0;
    // Position: p + v dt rounded twice, the wrap shift or clamp once more (at most half in size).
    const double posError = p.dt * velError + 2 * u * (maxAbs(pos) + maxAbs(v) * p.dt) + 2 * u * half;
    // Componentwise bounds -> Euclidean (sqrt 3), doubled for the dropped second-order terms.
    out.velocityTolerance[i] = 2 * std::sqrt(3.0) * velError;
    out.positionTolerance[i] = 2 * std::sqrt(3.0) * posError;
  }
  return out;
}

StepJudgement judgeStep(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                        std::span<const std::uint32_t> order, const ReferenceStep& ref, const gpu::SimParams& params,
                        const std::vector<std::uint32_t>* only, bool ambiguousToo) {
  std::vector<std::uint32_t> slotOf(order.size());
  for (std::size_t s = 0; s < order.size(); ++s) slotOf[order[s]] = static_cast<std::uint32_t>(s);
  StepJudgement j;
  const std::size_t boids = only ? only->size() : order.size();
  for (std::size_t k = 0; k < boids; ++k) {
    const std::uint32_t i = only ? (*only)[k] : static_cast<std::uint32_t>(k), s = slotOf[i];
    if (ref.ambiguous[i]) {
      ++j.ambiguous;
      if (!ambiguousToo) continue;
    }
    ++j.compared;
    const double dv = glm::length(glm::dvec3(velocities[s]) - ref.velocities[i]);
    const double dp = worldDistance(glm::dvec3(positions[s]), ref.positions[i], params);
    // An error over its bound, never NaN: 0 within a bound of 0, infinite for a NaN.
    const auto over = [](double e, double bound) { return e <= bound ? (bound > 0 ? e / bound : 0.0) : std::isnan(e) ? INFINITY : e / bound; };
    const double ratio = std::max(over(dv, ref.velocityTolerance[i]), over(dp, ref.positionTolerance[i]));
    if (ratio > j.worstRatio) j.worstBoid = i;
    j.worstRatio = std::max(j.worstRatio, ratio);
    if (!(dv <= ref.velocityTolerance[i] && dp <= ref.positionTolerance[i])) ++j.failures;  // NaN fails too
    if (params.rule == RULE_TOPOLOGICAL) {  // k over the ball of the k nearest, within its rounding
      if (!(std::abs(velocities[s].w - ref.density[i]) <= ref.densityTolerance[i])) ++j.densityMismatches;
    } else {  // a count, exact: every boid within the radius is found (the ambiguous band set aside the rest)
      if (velocities[s].w != static_cast<float>(ref.neighbours[i])) ++j.densityMismatches;
    }
    if (!(std::abs(positions[s].w - ref.banks[i]) <= ref.bankTolerance[i])) ++j.bankMismatches;
  }
  return j;
}

std::size_t keptMismatches(std::span<const std::uint32_t> lists, std::span<const std::uint32_t> order,
                           const ReferenceStep& ref, std::uint32_t k) {
  std::size_t mismatches = 0;
  for (std::size_t s = 0; s < order.size(); ++s) {
    const std::uint32_t i = order[s];
    if (ref.ambiguous[i]) continue;
    for (std::uint32_t m = 0; m < k; ++m) {
      const std::uint32_t t = lists[s * k + m], expected = ref.nearest[std::size_t(i) * k + m];
      const std::uint32_t boid = t == kNoNeighbour || t >= order.size() ? kNoNeighbour : order[t];
      if (boid != expected) {
        ++mismatches;
        break;
      }
    }
  }
  return mismatches;
}

}  // namespace boids::verify
