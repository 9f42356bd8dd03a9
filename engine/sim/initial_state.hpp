#pragma once
// The flock at frame 0, a pure function of (count, seed, settings): the same on every machine,
// since it uses its own generator (SplitMix64) rather than std:: distributions, whose output is
// implementation-defined.
#include <cstdint>
#include <vector>

#include <glm/vec4.hpp>

#include "engine/sim/params.hpp"

namespace boids::sim {

struct FlockState {
  std::vector<glm::vec4> positions;   // xyz, w = 1
  // xyz; w: 0 in the initial state, after a step the boid's neighbours within the largest
  // radius (the local density, localDensity() in shaders/sim/boid_rules.glsl), which the renderer
  // may colour by.
  std::vector<glm::vec4> velocities;
};

class SplitMix64 {  // Steele, Lea, Flood: "Fast splittable pseudorandom number generators", 2014
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }  // [0, 1)

 private:
  std::uint64_t state_;
};

// Start::Uniform: positions uniform in the world cube, headings uniform on the sphere, speeds in
// [0.5, 1] x max. Start::Clustered: a few groups flying together (initial_state.cpp), speeds in
// [0.7, 1] x max.
FlockState initialState(const SimSettings& settings);

}  // namespace boids::sim
