#include "engine/sim/initial_state.hpp"

#include <cmath>
#include <numbers>

namespace boids::sim {

FlockState initialState(const SimSettings& s) {
  FlockState state;
  state.positions.resize(s.count);
  state.velocities.resize(s.count);
  SplitMix64 rng(s.seed);
  const double half = 0.5 * s.worldSize;
  for (std::uint32_t i = 0; i < s.count; ++i) {
    double x = (2 * rng.uniform() - 1) * half;
    double y = (2 * rng.uniform() - 1) * half;
    double z = (2 * rng.uniform() - 1) * half;
    // A uniform direction: z uniform in [-1, 1], azimuth uniform (Archimedes' hat-box theorem).
    double cz = 2 * rng.uniform() - 1;
    double phi = 2 * std::numbers::pi * rng.uniform();
    double r = std::sqrt(std::max(0.0, 1 - cz * cz));
    double speed = s.maxSpeed * (0.5 + 0.5 * rng.uniform());
    state.positions[i] = glm::vec4(glm::dvec4(x, y, z, 1.0));
    state.velocities[i] = glm::vec4(glm::dvec4(r * std::cos(phi) * speed, r * std::sin(phi) * speed, cz * speed, 0.0));
  }
  return state;
}

}  // namespace boids::sim
