#pragma once
// The flock at frame 0, a pure function of (count, seed, settings): the same on every machine,
// since it uses its own generator (engine/random.hpp) rather than std:: distributions, whose
// output is implementation-defined.
#include <cstdint>
#include <vector>

#include <glm/vec4.hpp>

#include "engine/random.hpp"
#include "engine/sim/params.hpp"

namespace boids::sim {

struct FlockState {
  std::vector<glm::vec4> positions;   // xyz, w = 1
  // xyz; w: 0 in the initial state, after a step the boid's neighbours within the largest
  // radius (the local density, localDensity() in shaders/sim/boid_rules.glsl), which the renderer
  // may colour by.
  std::vector<glm::vec4> velocities;
};

using boids::SplitMix64;

// Start::Uniform: positions uniform in the world cube, headings uniform on the sphere, speeds in
// [0.5, 1] x max. Start::Clustered: a few groups flying together (initial_state.cpp), speeds in
// [0.7, 1] x max.
FlockState initialState(const SimSettings& settings);

}  // namespace boids::sim
