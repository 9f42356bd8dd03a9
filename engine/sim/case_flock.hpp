#pragma once
// The flocks the lab's cases are taken from (engine/lab/stage.hpp): `base` with a case's count and
// seed, in the world sized for its count, simulated the case's frames; made once a case and kept
// until another is asked for, so every stage of the case reads the same flock.
#include <memory>

#include "engine/lab/stage.hpp"
#include "engine/sim/params.hpp"

namespace boids::sim {

class Simulation;

// The settings of a case's flock: the base's rules, the case's count and seed, in a world at the
// reference density (wider where the rules' radii or the topological range need it).
SimSettings caseSettings(const SimSettings& base, const lab::Case& c);

class CaseFlocks {
 public:
  CaseFlocks(const gl::ShaderLibrary& shaders, const gl::Caps& caps, const SimSettings& base);
  ~CaseFlocks();
  lab::Flock& get(const lab::Case& c);

 private:
  const gl::ShaderLibrary& shaders_;
  const gl::Caps& caps_;
  SimSettings base_;
  std::unique_ptr<Simulation> simulation_;
  std::optional<lab::Case> made_;
  lab::Flock flock_;
};

}  // namespace boids::sim
