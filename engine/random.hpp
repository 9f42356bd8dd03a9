#pragma once
// The generator of every seeded input (the flock's initial state, the checks' inputs): its own,
// so a seed gives the same numbers on every machine, where std:: distributions' output is
// implementation-defined.
#include <cstdint>

namespace boids {

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

}  // namespace boids
