#include "engine/sim/stepper.hpp"

#include <algorithm>

#include "shaders/common/bindings.h"

namespace boids::sim {

BruteForceStepper::BruteForceStepper(const gl::ShaderLibrary& library) { reload(library); }

void BruteForceStepper::reload(const gl::ShaderLibrary& library) {
  program_ = gl::Program::compute(library, "sim/sim_step_brute.comp", {{"GROUP_SIZE", std::to_string(kGroupSize)}});
}

void BruteForceStepper::step(Flock& flock, const gl::Buffer& stats) {
  flock.bindForStep();
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  program_.use();
  glDispatchCompute(gl::groupsFor(flock.count(), kGroupSize), 1, 1);
  // New state -> next frame's reduction and step (storage reads) and the boid draw (the vertex
  // shader pulls from the same storage buffers).
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  flock.swap();
}

GridStepper::GridStepper(const gl::ShaderLibrary& library)
    : coherent_(gl::Program::compute(library, "sim/sim_step_grid.comp", {{"COHERENT", "1"}})),
      scattered_(gl::Program::compute(library, "sim/sim_step_grid.comp", {{"COHERENT", "0"}})) {}

void GridStepper::step(Flock& flock, const gl::Buffer& stats, const grid::SpatialGrid& grid, bool coherent) {
  flock.bindForStep();
  grid.bindForStep(coherent);
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  (coherent ? coherent_ : scattered_).use();
  glDispatchCompute(std::min<GLuint>(gl::groupsFor(flock.count(), kGroupSize), 65535), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // new state -> reduction, next grid, draw
  flock.swap();
}

}  // namespace boids::sim
