#include "engine/sim/case_flock.hpp"

#include <algorithm>
#include <cmath>

#include "engine/sim/simulation.hpp"

namespace boids::sim {

SimSettings caseSettings(const SimSettings& base, const lab::Case& c) {
  SimSettings s = base;
  s.count = c.n;
  s.seed = c.seed;
  // The world of n boids at the reference density, wider where the rules' radii or the
  // topological range need it (each at most a quarter of the world: a preset's cohesion radius of
  // 9 needs a world of 36).
  const float reach = std::max(largestRadius(base), base.rule == Rule::Topological ? base.range : 0.0f);
  s.worldSize = std::max(worldSizeForCount(c.n), std::ceil(4.0f * reach));
  s.wallMargin = std::round(s.worldSize) / 10.0f;
  return s;
}

CaseFlocks::CaseFlocks(const gl::ShaderLibrary& shaders, const gl::Caps& caps, const SimSettings& base)
    : shaders_(shaders), caps_(caps), base_(base) {}

CaseFlocks::~CaseFlocks() = default;

lab::Flock& CaseFlocks::get(const lab::Case& c) {
  if (made_ && made_->n == c.n && made_->seed == c.seed && made_->frames == c.frames) return flock_;
  const SimSettings s = caseSettings(base_, c);
  if (!simulation_) {
    simulation_ = std::make_unique<Simulation>(shaders_, caps_, s);
  } else {
    simulation_->apply(s);
    simulation_->reset();
  }
  for (int i = 0; i < c.frames; ++i) {
    simulation_->reduce();
    simulation_->step();
  }
  const FlockState state = simulation_->flock().read();
  simulation_->hash();  // the grid's keys of this flock (the topological rule's cells: from its k-th distances)
  flock_ = {state.positions, state.velocities, simulation_->grid().pairs().read<std::array<std::uint32_t, 2>>(c.n),
            simulation_->grid().keyCount(), simulation_->coordinateBound(), s.worldSize, {}};
  made_ = c;
  return flock_;
}

}  // namespace boids::sim
