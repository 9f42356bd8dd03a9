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

GridStepper::Programs GridStepper::build(const gl::ShaderLibrary& library, bool hashed) {
  auto program = [&](const char* coherent, const char* audit) {
    return gl::Program::compute(library, "sim/sim_step_grid.comp",
                                {{"COHERENT", coherent}, {"AUDIT", audit}, {"GRID_HASHED", hashed ? "1" : "0"},
                                 {"GROUP_SIZE", std::to_string(kGroupSize)}});
  };
  return {program("1", "0"), program("0", "0"), program("1", "1"), program("0", "1")};
}

const GridStepper::NearestPrograms& GridStepper::nearestFor(const grid::SpatialGrid& grid, std::uint32_t nearest, bool keep) {
  const auto key = std::make_tuple(grid.hashed(), nearest, keep);
  if (auto found = nearest_.find(key); found != nearest_.end()) return found->second;
  auto program = [&](const char* coherent, const char* tied) {
    return gl::Program::compute(library_, "sim/sim_step_grid.comp",
                                {{"COHERENT", coherent}, {"TOPOLOGICAL", "1"}, {"NEAREST", std::to_string(nearest)},
                                 {"TIED", tied}, {"KEEP", keep ? "1" : "0"}, {"GRID_HASHED", grid.hashed() ? "1" : "0"},
                                 {"GROUP_SIZE", std::to_string(kGroupSize)}});
  };
  return nearest_.emplace(key, NearestPrograms{program("1", "0"), program("0", "0"), program("1", "1"), program("0", "1")})
      .first->second;
}

GridStepper::GridStepper(const gl::ShaderLibrary& library, const gl::Caps& caps)
    : library_(library), caps_(caps), dense_(build(library, false)) {}

const GridStepper::Programs& GridStepper::programsFor(const grid::SpatialGrid& grid) {
  if (!grid.hashed()) return dense_;
  if (!hashed_) hashed_ = build(library_, true);
  return *hashed_;
}

// A boid an invocation where the context allows as many groups (grid-stride only beyond its
// limit): the groups in flight then step neighbouring slots, which read the same cells. Many boids
// an invocation cost several times as much a boid (docs/PERFORMANCE.md, "The murmuration").
GLuint GridStepper::groupsFor(std::uint32_t count) const { return gl::groupsFor(count, kGroupSize, caps_); }

void GridStepper::slotsOf(std::uint32_t count) {
  constexpr std::uint32_t kSlotsGroup = 256;
  if (!slotOf_) slotOf_ = gl::Program::compute(library_, "sim/slot_of.comp", {{"GROUP_SIZE", std::to_string(kSlotsGroup)}});
  const std::size_t bytes = std::size_t(count) * sizeof(std::uint32_t);
  if (slots_.size() < bytes) slots_ = gl::Buffer("sim.slotOf", bytes);
  slots_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SLOT_OF);
  slotOf_.use();
  glUniform1ui(LOC_GRID_COUNTS, count);
  glDispatchCompute(gl::groupsFor(count, kSlotsGroup, caps_), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the slots -> the step
}

void GridStepper::audit(const Flock& flock, const gl::Buffer& stats, const grid::SpatialGrid& grid, bool coherent,
                        const gl::Buffer& out) {
  const Programs& programs = programsFor(grid);
  flock.positions().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  flock.velocities().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  out.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_OUT);
  grid.bindForStep(coherent);
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  (coherent ? programs.auditCoherent : programs.auditScattered).use();
  glDispatchCompute(groupsFor(flock.count()), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

void GridStepper::step(Flock& flock, const gl::Buffer& stats, const grid::SpatialGrid& grid, bool coherent,
                       std::uint32_t nearest) {
  flock.bindForStep();
  grid.bindForStep(coherent);
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  if (nearest > 0) {
    const NearestPrograms& programs = nearestFor(grid, nearest, flock.kept() > 0);
    const std::size_t tieBytes = (std::size_t(flock.count()) + 31) / 32 * 4;
    if (ties_.size() < tieBytes) ties_ = gl::Buffer("sim.ties", tieBytes);
    ties_.zero(tieBytes);
    ties_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_TIES);
    if (flock.kept() > 0) slotsOf(flock.count());  // where the kept neighbours are sorted to
    (coherent ? programs.coherent : programs.scattered).use();
    glDispatchCompute(groupsFor(flock.count()), 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the tie bits -> the tied boids' step
    (coherent ? programs.tiedCoherent : programs.tiedScattered).use();
  } else {
    const Programs& programs = programsFor(grid);
    (coherent ? programs.coherent : programs.scattered).use();
  }
  glDispatchCompute(groupsFor(flock.count()), 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // new state -> reduction, next grid, draw
  flock.swap();
}

}  // namespace boids::sim
