#include "engine/sim/simulation.hpp"

#include <stdexcept>

namespace boids::sim {
namespace {
const SimSettings& checked(const SimSettings& s) {
  if (std::string problem = validate(s); !problem.empty()) throw std::invalid_argument(problem);
  return s;
}
}  // namespace

Simulation::Simulation(const gl::ShaderLibrary& library, const SimSettings& settings)
    : settings_(checked(settings)),
      flock_(initialState(settings_)),
      params_("sim.params", sizeof(gpu::SimParams)),
      stats_("sim.flockStats", sizeof(gpu::FlockStats)),
      reducer_(library),
      stepper_(library) {
  reduce();  // the stats buffer is valid from the start, whatever runs first
}

void Simulation::apply(const SimSettings& settings) {
  checked(settings);
  const bool rebuild = settings.count != settings_.count || settings.seed != settings_.seed;
  settings_ = settings;
  if (rebuild) reset();
}

void Simulation::reset() {
  if (flock_.count() == settings_.count) {
    flock_.upload(initialState(settings_));
  } else {
    flock_ = Flock(initialState(settings_));
  }
  steps_ = 0;
  reduce();
}

void Simulation::reloadShaders(const gl::ShaderLibrary& library) {
  reduce::FlockReducer reducer(library);
  BruteForceStepper stepper(library);
  reducer_ = std::move(reducer);
  stepper_ = std::move(stepper);
}

void Simulation::reduce() { reducer_.reduce(flock_.positions(), flock_.count(), stats_); }

void Simulation::step() {
  const gpu::SimParams params = toGpu(settings_);
  params_.upload(0, sizeof(params), &params);
  params_.bindBase(GL_UNIFORM_BUFFER, UBO_SIM_PARAMS);
  stepper_.step(flock_, stats_);
  ++steps_;
}

}  // namespace boids::sim
