#include "engine/sim/stepper.hpp"

#include "engine/gl/dispatch.hpp"
#include "shaders/common/bindings.h"

namespace boids::sim {

BruteForceStepper::BruteForceStepper(const gl::ShaderLibrary& library, const gl::Caps& caps) : caps_(caps) {
  reload(library);
}

void BruteForceStepper::reload(const gl::ShaderLibrary& library) {
  program_ = gl::Program::compute(library, "sim/sim_step_brute.comp", {{"GROUP_SIZE", std::to_string(kGroupSize)}});
}

void BruteForceStepper::step(Flock& flock, const gl::Buffer& stats) {
  flock.bindForStep();
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  program_.use();
  glDispatchCompute(gl::groupsFor(flock.count(), kGroupSize, caps_), 1, 1);
  // New state -> next frame's reduction and step (storage reads) and the boid draw (the vertex
  // shader pulls from the same storage buffers).
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  flock.swap();
}

namespace {
gl::Program gridProgram(const gl::ShaderLibrary& library, const char* coherent, const char* audit) {
  return gl::Program::compute(library, "sim/sim_step_grid.comp",
                              {{"COHERENT", coherent}, {"AUDIT", audit}, {"GROUP_SIZE", std::to_string(GridStepper::kGroupSize)}});
}
}  // namespace

GridStepper::GridStepper(const gl::ShaderLibrary& library, const gl::Caps& caps)
    : caps_(caps),
      coherent_(gridProgram(library, "1", "0")),
      scattered_(gridProgram(library, "0", "0")),
      auditCoherent_(gridProgram(library, "1", "1")),
      auditScattered_(gridProgram(library, "0", "1")) {}

// Grid-stride: more than 65535 groups only queue up.
GLuint GridStepper::groupsFor(std::uint32_t count) const { return gl::groupsFor(count, kGroupSize, caps_, 1, 65535); }

void GridStepper::audit(const Flock& flock, const gl::Buffer& stats, const grid::SpatialGrid& grid, bool coherent,
                        const gl::Buffer& out) {
  flock.positions().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  flock.velocities().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  out.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_OUT);
  grid.bindForStep(coherent);
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  (coherent ? auditCoherent_ : auditScattered_).use();
  glDispatchCompute(groupsFor(flock.count()), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

void GridStepper::step(Flock& flock, const gl::Buffer& stats, const grid::SpatialGrid& grid, bool coherent) {
  flock.bindForStep();
  grid.bindForStep(coherent);
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  (coherent ? coherent_ : scattered_).use();
  glDispatchCompute(groupsFor(flock.count()), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // new state -> reduction, next grid, draw
  flock.swap();
}

}  // namespace boids::sim
