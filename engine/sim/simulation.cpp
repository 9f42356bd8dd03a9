#include "engine/sim/simulation.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <iterator>
#include <limits>
#include <stdexcept>

#include "engine/sim/spacing.hpp"
#include "shaders/common/bindings.h"

namespace boids::sim {
namespace {
constexpr std::uint32_t kZero = 0;
// The topological step's sample (SSBO_REACH): the sum of the sampled k-th distances and their count.
constexpr std::size_t kReachBytes = 2 * sizeof(std::uint32_t);

const SimSettings& checked(const SimSettings& s) {
  if (std::string problem = validate(s); !problem.empty()) throw std::invalid_argument(problem);
  return s;
}
}  // namespace

Simulation::Simulation(const gl::ShaderLibrary& library, const gl::Caps& caps, const SimSettings& settings,
                       std::string_view reduceVariant)
    : Simulation(library, caps, settings, initialState(checked(settings)), reduceVariant) {}

Simulation::Simulation(const gl::ShaderLibrary& library, const gl::Caps& caps, const SimSettings& settings,
                       const FlockState& start, std::string_view reduceVariant)
    : caps_(caps),
      settings_(checked(settings)),
      flock_(start),
      params_("sim.params", sizeof(gpu::SimParams)),
      stats_("sim.flockStats", sizeof(gpu::FlockStats)),
      health_("sim.health", sizeof(std::uint32_t), &kZero),
      stepper_(library, caps),
      gridStepper_(library, caps),
      grid_(library, caps),
      library_(library),
      predator_("sim.predator", 3 * sizeof(glm::vec4)),
      predatorProgram_(gl::Program::compute(library, "sim/predator.comp")),
      reach_("sim.reach", kReachBytes) {
  resetPredator();
  sizeCellsFor(start);
  reducer_ = createReducer(library, reduceVariant);
  strategyInfo_ = centroid::findCentroidVariant(reduceVariant);
  reduce();  // the stats buffer is valid from the start, whatever runs first
}

std::unique_ptr<centroid::Reducer> Simulation::createReducer(const gl::ShaderLibrary& library,
                                                             std::string_view name) const {
  const centroid::CentroidVariant* info = centroid::findCentroidVariant(name);
  if (!info) throw std::invalid_argument("unknown reduce variant '" + std::string(name) + "'");
  if (std::string why = info->unavailableOn(caps_); !why.empty()) {
    throw std::invalid_argument("reduce variant '" + std::string(name) + "' is unavailable: " + why);
  }
  return info->create(library, caps_);
}

void Simulation::setReduceVariant(std::string_view name) {
  if (strategyInfo_ && name == strategyInfo_->name) return;
  reducer_ = createReducer(library_, name);
  strategyInfo_ = centroid::findCentroidVariant(name);
  fallbackReason_.clear();
}

void Simulation::apply(const SimSettings& settings) {
  checked(settings);
  const bool rebuild = settings.count != settings_.count || settings.seed != settings_.seed;
  const bool forget = settings.rule != settings_.rule;  // neighbours kept under another rule are stale
  settings_ = settings;
  if (rebuild) {
    reset();
  } else if (forget) {
    flock_.forgetNeighbours();
  }
}

void Simulation::reset() {
  const FlockState start = initialState(settings_);
  if (flock_.count() == settings_.count) {
    flock_.upload(start);
  } else {
    flock_ = Flock(start);
  }
  steps_ = 0;
  resetPredator();
  sizeCellsFor(start);
  reduce();
}

void Simulation::load(const FlockState& state) {
  flock_.upload(state);
  sizeCellsFor(state);
  reduce();
}

// The topological rule's cells are this many times as wide as the flock's mean k-th distance, so
// that the first ring (27 cells) nearly always holds a boid's k nearest: by the flock's size, as
// measured fastest on an H200 (docs/PERFORMANCE.md, "The murmuration"); between the sizes, linear in
// log2 of the count; beyond them, the nearest size's.
namespace {

struct CellWidth {
  double log2Count;
  float perReach;
};
constexpr CellWidth kCellWidths[] = {{20, 1.4f}, {24, 1.25f}, {26, 1.1f}};

float cellPerReach(std::uint32_t count) {
  const double at = std::log2(std::max<double>(count, 1));
  if (at <= kCellWidths[0].log2Count) return kCellWidths[0].perReach;
  for (std::size_t i = 1; i < std::size(kCellWidths); ++i) {
    const CellWidth &a = kCellWidths[i - 1], &b = kCellWidths[i];
    if (at <= b.log2Count) return float(a.perReach + (b.perReach - a.perReach) * (at - a.log2Count) / (b.log2Count - a.log2Count));
  }
  return std::end(kCellWidths)[-1].perReach;
}

}  // namespace

// Until the step's own sample is back, the cells are sized from the state's estimated spacing:
// cells far narrower than the flock's spacing cost far more than their extra rings
// (docs/PERFORMANCE.md, "The murmuration"). A sample in flight was of the flock before: dropped.
void Simulation::sizeCellsFor(const FlockState& state) {
  reachReadback_.wait();
  cell_ = cellPerReach(std::uint32_t(state.positions.size())) * meanNearestEstimate(state.positions, settings_.nearest);
}

// No attack yet; the first comes half a period in.
void Simulation::resetPredator() {
  const glm::vec4 state[3] = {glm::vec4(0), glm::vec4(0, 0, 0, 0.5f * settings_.huntPeriod), glm::vec4(0)};
  predator_.upload(0, sizeof state, state);
}

void Simulation::reloadShaders(const gl::ShaderLibrary& library) {
  auto reducer = createReducer(library, strategyInfo_->name);
  BruteForceStepper stepper(library, caps_);
  GridStepper gridStepper(library, caps_);
  gl::Program predator = gl::Program::compute(library, "sim/predator.comp");
  grid_.reloadShaders(library);
  predatorProgram_ = std::move(predator);
  reducer_ = std::move(reducer);
  stepper_ = std::move(stepper);
  gridStepper_ = std::move(gridStepper);
  library_ = library;
}

void Simulation::reduce() {
  // A strategy may be unable to take this many boids (the mipmap's texture limit): fall back to
  // the default rather than leave the stats stale, and say so through reduceVariant().
  if (std::string why = reducer_->unavailableFor(flock_.count()); !why.empty()) {
    setReduceVariant(centroid::kDefaultCentroidVariant);
    fallbackReason_ = std::move(why);
  }
  reducer_->reduce(reduceInput(), stats_);
}

bool Simulation::setAttractor(std::optional<glm::vec3> point, AttractorMode mode) {
  const bool finite = point && std::isfinite(point->x) && std::isfinite(point->y) && std::isfinite(point->z);
  if (finite) {
    held_ = Attractor{mode, *point};
  } else {
    held_.reset();
  }
  return finite || !point;
}

gpu::SimParams Simulation::params() const {
  SimSettings s = settings_;
  s.attractor = attractor();
  gpu::SimParams p = toGpu(s, cell_);
  p.sampling.z = phase_;
  return p;
}

gpu::SimParams Simulation::stepParams() const {
  gpu::SimParams p = params();
  if (p.hunt.z != 0.0f) {
    p.attractor = predator_.read<glm::vec4>(3)[2];
    p.hunt.z = 0.0f;  // the point is given: the reference moves no predator
  }
  return p;
}

void Simulation::bindParams() {
  const gpu::SimParams params = this->params();
  params_.upload(0, sizeof(params), &params);
  params_.bindBase(GL_UNIFORM_BUFFER, UBO_SIM_PARAMS);
}

void Simulation::hash() {
  if (settings_.rule == Rule::Topological) sampleReach();  // the cells the whole step keys by
  bindParams();
  grid_.hash(flock_.positions(), flock_.count(), gridGeometry(settings_, cell_));
}

void Simulation::sortCells() { grid_.sort(); }
void Simulation::cellRanges() { grid_.ranges(); }
void Simulation::reorder() { grid_.reorder(flock_.positions(), flock_.velocities()); }

// A sample is taken kReachLag steps after the step that made it, waiting for it if it is not back
// by then (it nearly always is): the cells change at the same steps on every run, so a flock's
// memory order, and with it the order of the reduction's sums, is the same on every run.
constexpr std::uint64_t kReachLag = 4;

void Simulation::sampleReach() {
  if (reachReadback_.busy() && steps_ >= reachAskedAt_ + kReachLag) {
    if (auto bytes = reachReadback_.wait()) {
      std::uint32_t sum = 0, count = 0;
      std::memcpy(&sum, bytes->data(), sizeof sum);
      std::memcpy(&count, bytes->data() + sizeof sum, sizeof count);
      if (count > 0) cell_ = cellPerReach(flock_.count()) * float(sum) / (256.0f * float(count));
    }
  }
  if (!reachReadback_.busy()) reach_.zero(kReachBytes);
}

void Simulation::integrate() {
  const bool topological = settings_.rule == Rule::Topological;
  phase_ = static_cast<std::uint32_t>(steps_ % settings_.reaction);
  flock_.keepNeighbours(topological && settings_.reaction > 1 && usesGrid() ? settings_.nearest : 0u);
  bindParams();
  health_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_HEALTH);
  reach_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_REACH);
  predator_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_PREDATOR);
  if (attractor().mode == AttractorMode::Hunt) {  // the predator moves before the boids react to it
    stats_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
    predatorProgram_.use();
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
  }
  if (usesGrid()) {
    gridStepper_.step(flock_, stats_, grid_, settings_.neighbours == Neighbours::GridCoherent,
                      topological ? settings_.nearest : 0u);
    if (topological && !reachReadback_.busy()) {
      reachReadback_.request({{&reach_, kReachBytes}});
      reachAskedAt_ = steps_;
    }
  } else {
    stepper_.step(flock_, stats_);
  }
  ++steps_;
}

std::uint32_t Simulation::nonFiniteRepaired() const { return health_.read<std::uint32_t>(1)[0]; }

void Simulation::injectNonFinite(std::uint32_t count) {
  const std::uint32_t n = flock_.count();
  const glm::vec4 nan(std::numeric_limits<float>::quiet_NaN());
  for (std::uint32_t k = 0; k < std::min(count, n); ++k) {
    flock_.setPosition(static_cast<std::uint32_t>(std::uint64_t(k) * n / std::min(count, n)), nan);
  }
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

std::vector<std::uint32_t> Simulation::lastOrder() const {
  std::vector<std::uint32_t> order(flock_.count());
  if (settings_.neighbours == Neighbours::GridCoherent && grid_.count() == flock_.count()) {
    const auto pairs = grid_.pairs().read<std::uint32_t>(std::size_t(flock_.count()) * 2);
    for (std::size_t s = 0; s < order.size(); ++s) order[s] = pairs[2 * s + 1];
  } else {
    for (std::size_t s = 0; s < order.size(); ++s) order[s] = static_cast<std::uint32_t>(s);
  }
  return order;
}

std::vector<glm::uvec4> Simulation::auditNeighbours(gl::Watcher* watcher) {
  const bool coherent = settings_.neighbours != Neighbours::GridScattered;
  bindParams();
  grid_.watchWith(watcher);
  grid_.hash(flock_.positions(), flock_.count(), gridGeometry(settings_));
  grid_.sort();
  grid_.ranges();
  if (coherent) grid_.reorder(flock_.positions(), flock_.velocities());
  grid_.watchWith(nullptr);
  gl::Buffer out("sim.neighbourAudit", std::size_t(flock_.count()) * sizeof(glm::uvec4));
  gridStepper_.audit(flock_, stats_, grid_, coherent, out);
  if (watcher) watcher->dispatched("audit", {{"audit", &out, std::size_t(flock_.count()) * 4}});
  return out.read<glm::uvec4>(flock_.count());
}

void Simulation::step() {
  if (usesGrid()) {
    hash();
    sortCells();
    cellRanges();
    if (settings_.neighbours == Neighbours::GridCoherent) reorder();
  }
  integrate();
}

}  // namespace boids::sim
