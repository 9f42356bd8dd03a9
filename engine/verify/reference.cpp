#include "engine/verify/reference.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

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

double worldDistance(glm::dvec3 a, glm::dvec3 b, const gpu::SimParams& params) {
  return glm::length(offset(a, b, params));
}

// What the rules sum over boid i's neighbours (rulesAccumulate() in shaders/sim/boid_rules.glsl,
// in double), the scale of each sum's rounding error (the sums of |term|), and whether the GPU may
// count some neighbour on the other side of a radius.
struct RuleSums {
  glm::dvec3 coh{0}, sep{0}, ali{0};
  double cohAbs = 0, sepAbs = 0, aliAbs = 0;
  std::size_t cohCount = 0, sepCount = 0, aliCount = 0;
  std::uint32_t neighbours = 0;  // within the largest radius: velocity.w
  bool ambiguous = false;
};

RuleSums ruleSums(std::size_t i, std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                  const gpu::SimParams& p, double offsetError) {
  const double radiiSq[3] = {p.radiiSq.x, p.radiiSq.y, p.radiiSq.z};  // separation, alignment, cohesion
  const double weights[4] = {p.weights.x, p.weights.y, p.weights.z, p.weights.w};
  const glm::dvec3 pos(positions[i]);
  RuleSums s;
  for (std::size_t j = 0; j < positions.size(); ++j) {
    if (j == i) continue;
    const glm::dvec3 d = offset(pos, glm::dvec3(positions[j]), p);
    const double d2 = glm::dot(d, d);
    // The GPU's d2 is within this of d2: three products of components each off by offsetError
    // (2 |d_a| e + e^2 each) plus three rounded operations on d2 itself; doubled for safety.
    const double dLen = std::sqrt(d2);
    const double band = 2 * (2 * std::sqrt(3.0) * dLen * offsetError + 3 * offsetError * offsetError + 3 * u * d2);
    for (int r = 0; r < 3; ++r) {
      if (weights[r] != 0 && std::abs(d2 - radiiSq[r]) <= band) s.ambiguous = true;
    }
    if (std::abs(d2 - p.radiiSq.w) <= band) s.ambiguous = true;  // the count in velocity.w
    if (d2 < p.radiiSq.w) ++s.neighbours;
    if (d2 < radiiSq[2]) {
      s.coh += d;
      s.cohAbs += maxAbs(d);
      ++s.cohCount;
    }
    if (d2 < radiiSq[0]) {
      s.sep -= d;
      s.sepAbs += maxAbs(d);
      ++s.sepCount;
    }
    if (d2 < radiiSq[1]) {
      const glm::dvec3 vj(velocities[j]);
      s.ali += vj;
      s.aliAbs += maxAbs(vj);
      ++s.aliCount;
    }
  }
  return s;
}

ReferenceStep referenceStep(std::span<const glm::vec4> positions, std::span<const glm::vec4> velocities,
                            const gpu::SimParams& p, glm::dvec3 centroid, const std::vector<std::uint32_t>* only) {
  const std::size_t n = positions.size();
  ReferenceStep out;
  out.positions.resize(n);
  out.velocities.resize(n);
  out.positionTolerance.resize(n);
  out.velocityTolerance.resize(n);
  out.neighbours.assign(n, 0);
  out.ambiguous.assign(n, 0);

  const double half = p.world.x;
  const double weights[4] = {p.weights.x, p.weights.y, p.weights.z, p.weights.w};
  // Error of one offset component on the GPU: to - from is rounded once (|to - from| <= 2 half),
  // the periodic shift once more (result <= half): at most 3 u half; charged 4 u half.
  const double offsetError = 4 * u * half;
  const glm::dvec3 attractorPoint(p.attractor);
  const double attractorStrength = p.attractor.w, attractorInvRadius = p.attractorInvRadius;
  // The same for the offset to the attractor's point, which toGpu() puts inside the cube; charged
  // as if it could lie outside (|to - from| <= |T| + half).
  const double attractorOffsetError = 4 * u * (half + maxAbs(attractorPoint));

  const std::size_t boids = only ? only->size() : n;
  for (std::size_t k = 0; k < boids; ++k) {
    const std::size_t i = only ? (*only)[k] : k;
    const glm::dvec3 pos(positions[i]), vel(velocities[i]);
    const RuleSums sums = ruleSums(i, positions, velocities, p, offsetError);
    if (sums.ambiguous) out.ambiguous[i] = 1;
    out.neighbours[i] = sums.neighbours;
    const auto& [coh, sep, ali, cohAbs, sepAbs, aliAbs, cohCount, sepCount, aliCount, neighbours, ambiguous] = sums;

    // The same update as rulesFinish(), in double.
    glm::dvec3 dv = sep * weights[0];
    if (aliCount > 0) dv += ali / static_cast<double>(aliCount) * weights[1];
    if (cohCount > 0) dv += coh / static_cast<double>(cohCount) * weights[2];
    dv += (centroid - pos) * weights[3];
    glm::dvec3 wall(0);
    if (p.worldMode == WORLD_WALLS) {
      const double inner = half - p.world.w;
      for (int a = 0; a < 3; ++a) {
        const double over = std::max(std::abs(pos[a]) - inner, 0.0);
        wall[a] = (pos[a] > 0 ? -1.0 : pos[a] < 0 ? 1.0 : 0.0) * over * (p.wallStrength / p.world.w);
      }
      dv += wall;
    }
    const AttractorTerm attractor = attractorTerm(pos, attractorPoint, attractorStrength, attractorInvRadius,
                                                  attractorOffsetError, p);
    if (attractor.ambiguous) out.ambiguous[i] = 1;
    dv += attractor.push;
    glm::dvec3 v = vel + dv;
    const double speed = glm::length(v);
    if (speed > p.maxSpeed) v *= p.maxSpeed / speed;
    glm::dvec3 x = pos + v * static_cast<double>(p.dt);
    if (p.worldMode == WORLD_WRAP) {
      const double side = p.world.y;
      x -= side * glm::floor((x + half) / side);
    } else {
      x = glm::clamp(x, glm::dvec3(-half), glm::dvec3(half));
    }
    out.positions[i] = x;
    out.velocities[i] = v;

    // First-order bound on the GPU's error in each velocity component (max over components):
    //  separation: sepCount offsets each off by offsetError, summed with gamma(sepCount);
    //  alignment/cohesion: a sum as above, then a division (kDivision) by the count;
    //  centroid pull: centroid - pos rounded once (the centroid is the GPU's own value);
    //  walls: |p| - inner and the scaling by strength / margin, a few roundings of the push;
    //  attractor: attractorTerm()'s own bound;
    //  then five rounded additions into dv, and v + dv rounded once.
    const double errSep = sepCount * offsetError + gamma(sepCount) * sepAbs;
    const double errAli = aliCount ? gamma(aliCount) * aliAbs / aliCount + kDivision * maxAbs(ali) / aliCount : 0;
    const double errCoh =
        cohCount ? offsetError + gamma(cohCount) * cohAbs / cohCount + kDivision * maxAbs(coh) / cohCount : 0;
    const double errPull = u * maxAbs(centroid - pos);
    const double errWall = p.worldMode == WORLD_WALLS ? u * half * p.wallStrength / p.world.w + 4 * u * maxAbs(wall) : 0;
    const double dvScale = maxAbs(sep * weights[0]) + maxAbs(ali) * weights[1] + maxAbs(coh) * weights[2] +
                           maxAbs((centroid - pos) * weights[3]) + maxAbs(wall) + maxAbs(attractor.push);
    double velError = weights[0] * errSep + weights[1] * errAli + weights[2] * errCoh + weights[3] * errPull +
                      errWall + attractor.error + 6 * u * dvScale + u * maxAbs(vel + dv);
    // Clamping the speed is the projection onto a ball, which never increases a distance; only the
    // rounding of length() and of the scale factor adds error.
    if (speed > p.maxSpeed * (1 - 1e-5)) velError += 3 * kDivision * p.maxSpeed;
    // Position: p + v dt rounded twice, the wrap shift or clamp once more (at most half in size).
    const double posError = p.dt * velError + 2 * u * (maxAbs(pos) + maxAbs(v) * p.dt) + 2 * u * half;
    // Componentwise bounds -> Euclidean (sqrt 3), doubled for the dropped second-order terms.
    out.velocityTolerance[i] = 2 * std::sqrt(3.0) * velError;
    out.positionTolerance[i] = 2 * std::sqrt(3.0) * posError;
  }
  return out;
}

}  // namespace boids::verify
