#include "engine/sim/initial_state.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <glm/common.hpp>
#include <glm/geometric.hpp>

namespace boids::sim {
namespace {

// A direction uniform on the sphere: z uniform in [-1, 1], azimuth uniform (Archimedes' hat-box
// theorem); with `flat` < 1, z is drawn from [-flat, flat], so headings lean to the horizontal.
glm::dvec3 randomDirection(SplitMix64& rng, double flat = 1.0) {
  const double cz = flat * (2 * rng.uniform() - 1);
  const double phi = 2 * std::numbers::pi * rng.uniform();
  const double r = std::sqrt(std::max(0.0, 1 - cz * cz));
  return {r * std::cos(phi), r * std::sin(phi), cz};
}

// A point uniform in the ball of radius 1 (rejection from the cube: 52% accepted).
glm::dvec3 randomInBall(SplitMix64& rng) {
  for (;;) {
    const glm::dvec3 p(2 * rng.uniform() - 1, 2 * rng.uniform() - 1, 2 * rng.uniform() - 1);
    if (glm::dot(p, p) <= 1.0) return p;
  }
}

void uniform(const SimSettings& s, SplitMix64& rng, FlockState& state) {
  const double half = 0.5 * s.worldSize;
  for (std::uint32_t i = 0; i < s.count; ++i) {
    const glm::dvec3 p((2 * rng.uniform() - 1) * half, (2 * rng.uniform() - 1) * half, (2 * rng.uniform() - 1) * half);
    const glm::dvec3 heading = randomDirection(rng);
    const double speed = s.maxSpeed * (0.5 + 0.5 * rng.uniform());
    state.positions[i] = glm::vec4(glm::dvec4(p, 1.0));
    state.velocities[i] = glm::vec4(glm::dvec4(heading * speed, 0.0));
  }
}

// A few groups, each a ball of boids sharing a heading (with some spread), and one boid in ten a
// straggler anywhere. The groups together fill about a sixth of the world, so inside them boids
// sit about five times closer than the world's mean density: close enough that the rules lock
// them into schools on the first steps, far enough apart that separation does not blow them up.
void clustered(const SimSettings& s, SplitMix64& rng, FlockState& state) {
  const double half = 0.5 * s.worldSize;
  const int groups = std::clamp(static_cast<int>(std::lround(std::cbrt(double(s.count)) / 3.0)), 4, 12);
  struct Group {
    glm::dvec3 centre, heading;
    double radius, weight;
  };
  std::vector<Group> seeds(static_cast<std::size_t>(groups));
  double total = 0;
  for (Group& g : seeds) {
    g.weight = 0.5 + rng.uniform();  // groups of different sizes
    total += g.weight;
  }
  const double volume = std::pow(s.worldSize, 3.0) / 2.5;  // shared by the groups by weight
  for (Group& g : seeds) {
    g.radius = std::min(std::cbrt(0.75 / std::numbers::pi * volume * g.weight / total), 0.35 * half);
    const double reach = std::max(0.0, half - g.radius);
    g.centre = glm::dvec3((2 * rng.uniform() - 1) * reach, (2 * rng.uniform() - 1) * reach, (2 * rng.uniform() - 1) * reach);
    g.heading = randomDirection(rng, 0.35);
  }
  for (std::uint32_t i = 0; i < s.count; ++i) {
    const double speed = s.maxSpeed * (0.7 + 0.3 * rng.uniform());
    glm::dvec3 p, heading;
    if (rng.uniform() < 0.1) {
      p = glm::dvec3(2 * rng.uniform() - 1, 2 * rng.uniform() - 1, 2 * rng.uniform() - 1) * half;
      heading = randomDirection(rng);
    } else {
      double pick = rng.uniform() * total;
      std::size_t k = 0;
      while (k + 1 < seeds.size() && pick >= seeds[k].weight) pick -= seeds[k++].weight;
      const Group& g = seeds[k];
      p = glm::clamp(g.centre + g.radius * randomInBall(rng), glm::dvec3(-half), glm::dvec3(half));
      heading = glm::normalize(g.heading + 0.3 * randomDirection(rng));
    }
    state.positions[i] = glm::vec4(glm::dvec4(p, 1.0));
    state.velocities[i] = glm::vec4(glm::dvec4(heading * speed, 0.0));
  }
}

// The additive recurrence R3 (Roberts, "The unreasonable effectiveness of quasirandom sequences",
// 2018): point n is frac(offset + n alpha), alpha the powers of 1 / phi3, phi3 the real root of
// x^4 = x + 1. Its points are spread evenly: their nearest 0.7 to 0.85 of the mean spacing away,
// nearly all alike (random points: 0.55 on average, one in a hundred under 0.15), in O(1) a point.
class EvenPoints {
 public:
  explicit EvenPoints(SplitMix64& rng) : offset_(rng.uniform(), rng.uniform(), rng.uniform()) {}
  // The next point in the cube [-1, 1]^3.
  glm::dvec3 next() {
    constexpr double phi3 = 1.2207440846057596;
    const glm::dvec3 alpha(1 / phi3, 1 / (phi3 * phi3), 1 / (phi3 * phi3 * phi3));
    const glm::dvec3 u = glm::fract(offset_ + double(++n_) * alpha);
    return 2.0 * u - 1.0;
  }

 private:
  glm::dvec3 offset_;
  std::uint64_t n_ = 0;
};

// One flock over the roost, in the middle of the altitude band: a flattened ellipsoid (its
// vertical axis 0.3 of the others) of boids spread evenly, a boid per (0.85 / 0.7 separation
// radii)^3, all heading one way (with some spread), at cruise speed. The settled flock is denser
// (its core is measured in docs/GUIDE.md, "The murmuration"): the flock closes up over its first
// few hundred steps. At random places, many started far closer than the separation radius: the
// flock, blown apart, took thousands of steps to close up again.
void oneFlock(const SimSettings& s, SplitMix64& rng, FlockState& state) {
  const double half = 0.5 * s.worldSize;
  const glm::dvec3 centre(0.0, -half + 0.5 * (s.altitudeLow + s.altitudeHigh), 0.0);
  const double flat = 0.3, perBoid = std::pow(0.85 / 0.7 * s.separationRadius, 3.0);
  const double radius = std::cbrt(double(s.count) * perBoid / (4.0 / 3.0 * std::numbers::pi * flat));
  const glm::dvec3 axes(radius, flat * radius, radius);
  EvenPoints points(rng);
  const glm::dvec3 heading = randomDirection(rng, 0.0);
  const float bank = s.flight == Flight::Banked ? 0.0f : 1.0f;
  for (std::uint32_t i = 0; i < s.count; ++i) {
    glm::dvec3 q = points.next();
    while (glm::dot(q, q) > 1.0) q = points.next();  // the ellipsoid's share of its box: 52%
    const glm::dvec3 p = glm::clamp(centre + axes * q, glm::dvec3(-half), glm::dvec3(half));
    const glm::dvec3 h = glm::normalize(heading + 0.3 * randomDirection(rng, 0.3));
    const double speed = s.cruiseSpeed * (0.9 + 0.2 * rng.uniform());
    state.positions[i] = glm::vec4(glm::vec3(p), bank);
    state.velocities[i] = glm::vec4(glm::dvec4(h * speed, 0.0));
  }
}

}  // namespace

FlockState initialState(const SimSettings& s) {
  FlockState state;
  state.positions.resize(s.count);
  state.velocities.resize(s.count);
  SplitMix64 rng(s.seed);
  if (s.start == Start::Clustered) {
    clustered(s, rng, state);
  } else if (s.start == Start::Flock) {
    oneFlock(s, rng, state);
  } else {
    uniform(s, rng, state);
  }
  return state;
}

}  // namespace boids::sim
