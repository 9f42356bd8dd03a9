#include "engine/sim/step_watch.hpp"

#include <algorithm>
#include <bit>
#include <limits>

#include "engine/random.hpp"
#include "engine/sim/simulation.hpp"
#include "engine/sim/watch_world.hpp"
#include "engine/verify/reference.hpp"

namespace boids::sim {
namespace {

constexpr const char* kTopological = "topological";

// Seeded velocities on the 1/8 lattice, each component in [-1, 1].
std::vector<glm::vec4> watchVelocities(std::size_t n, std::uint64_t seed) {
  SplitMix64 random(seed ^ 0x76656c6f63697479ull);
  const auto component = [&] { return float(int(random.next() % 17) - 8) / 8.0f; };
  std::vector<glm::vec4> v;
  for (std::size_t i = 0; i < n; ++i) {
    const float x = component(), y = component();
    v.emplace_back(x, y, component(), 0.0f);
  }
  return v;
}

// A float lane of `source`'s component `offset` (of 4) with a tolerance a cell.
lab::Lane judged(std::string name, std::string source, std::uint32_t offset, std::vector<std::uint32_t> model,
                 std::vector<double> tolerances) {
  lab::Lane lane{std::move(name), std::move(source), {}, std::move(model), 0, lab::Cells::Floats, false, 0, 4, offset};
  lane.tolerances = std::move(tolerances);
  lane.digits = 4;  // a cell's text; the words are judged whole
  return lane;
}

// The step's dispatch as the reference has it, in the GPU's slots (`order`: the boid in each).
lab::Step stepOf(const verify::ReferenceStep& ref, const std::vector<std::uint32_t>& order, bool topological, std::size_t& ambiguous) {
  const double unjudged = std::numeric_limits<double>::infinity();
  std::vector<std::uint32_t> position[4], velocity[4];
  std::vector<double> atPosition, atVelocity, atBank, atDensity;
  ambiguous = 0;
  for (std::uint32_t b : order) {
    const bool judge = !ref.ambiguous[b];
    ambiguous += judge ? 0 : 1;
    for (int a = 0; a < 3; ++a) {
      position[a].push_back(std::bit_cast<std::uint32_t>(float(ref.positions[b][a])));
      velocity[a].push_back(std::bit_cast<std::uint32_t>(float(ref.velocities[b][a])));
    }
    position[3].push_back(std::bit_cast<std::uint32_t>(float(ref.banks[b])));
    velocity[3].push_back(std::bit_cast<std::uint32_t>(float(topological ? ref.density[b] : double(ref.neighbours[b]))));
    // A Euclidean tolerance bounds each component's difference too.
    atPosition.push_back(judge ? ref.positionTolerance[b] : unjudged);
    atVelocity.push_back(judge ? ref.velocityTolerance[b] : unjudged);
    atBank.push_back(judge ? ref.bankTolerance[b] : unjudged);
    atDensity.push_back(!judge ? unjudged : topological ? ref.densityTolerance[b] : 0.0);
  }
  lab::Step step{"step", "", {}};
  for (std::uint32_t a = 0; a < 3; ++a) step.lanes.push_back(judged(std::string("position ") + "xyz"[a], "positions", a, position[a], atPosition));
  step.lanes.push_back(judged("bank (position w)", "positions", 3, position[3], atBank));
  for (std::uint32_t a = 0; a < 3; ++a) step.lanes.push_back(judged(std::string("velocity ") + "xyz"[a], "velocities", a, velocity[a], atVelocity));
  step.lanes.push_back(judged(topological ? "density (velocity w)" : "neighbours (velocity w)", "velocities", 3, velocity[3], atDensity));
  return step;
}

// The reference's bounds are Euclidean, per boid; the lanes judge a component at a time, within
// the same bound. Here each boid's whole position and velocity as the judge of the step stage
// takes them: empty when every judged boid is within its bounds, else the first that is not.
std::string euclideanError(const lab::Step& step, const verify::ReferenceStep& ref, const std::vector<std::uint32_t>& order,
                           const gpu::SimParams& params) {
  const auto vec = [&](std::size_t first, std::size_t s) {
    glm::dvec3 v;
    for (int a = 0; a < 3; ++a) v[a] = double(std::bit_cast<float>(step.lanes.at(first + std::size_t(a)).gpu.at(s)));
    return v;
  };
  for (std::size_t s = 0; s < order.size(); ++s) {
    const std::uint32_t b = order[s];
    if (ref.ambiguous[b]) continue;
    const double dp = verify::worldDistance(vec(0, s), ref.positions[b], params), dv = glm::length(vec(4, s) - ref.velocities[b]);
    if (!(dp <= ref.positionTolerance[b] && dv <= ref.velocityTolerance[b])) {
      return "boid " + std::to_string(b) + ": position off by " + std::to_string(dp) + " (bound " + std::to_string(ref.positionTolerance[b]) +
             "), velocity by " + std::to_string(dv) + " (bound " + std::to_string(ref.velocityTolerance[b]) + ")";
    }
  }
  return {};
}

}  // namespace

std::vector<std::string> watchedSteps() {
  std::vector<std::string> names;
  for (const AuditedSearch& a : kAuditedSearches) names.emplace_back(a.name);
  names.emplace_back(kTopological);
  return names;
}

lab::Watch watchStep(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"step", request.variant, request.input, {}, {}};
  const bool topological = request.variant == kTopological;
  const AuditedSearch* search = topological ? &kAuditedSearches[1] : nullptr;  // coherent-27
  for (const AuditedSearch& a : kAuditedSearches) search = request.variant == a.name ? &a : search;
  if (!search) {
    std::string names;
    for (const std::string& name : watchedSteps()) names += (names.empty() ? "" : ", ") + name;
    watch.error = "no watch for step variant '" + request.variant + "' (those with one: " + names + ")";
    return watch;
  }
  const std::vector<glm::vec4> positions = watchFlock(request), velocities = watchVelocities(positions.size(), request.seed);
  SimSettings settings = watchSettings(std::uint32_t(positions.size()), *search);
  if (topological) settings.rule = Rule::Topological;
  if (const std::string why = validate(settings); !why.empty()) {
    watch.error = "the watch's world: " + why;
    return watch;
  }
  Simulation simulation(context.shaders, context.caps, settings);
  simulation.load({positions, velocities});
  simulation.reduce();  // the centroid the step pulls toward: the reduce stage's watch shows it
  const gpu::FlockStats stats = simulation.stats().read<gpu::FlockStats>(1)[0];
  const float cell = topological ? simulation.nearestCell() : 0.0f;
  watch.steps = gridSteps(positions, settings, context, cell);

  lab::Recorder recorder;
  simulation.watchGridWith(&recorder);
  simulation.hash();
  simulation.sortCells();
  simulation.cellRanges();
  if (settings.neighbours == Neighbours::GridCoherent) simulation.reorder();
  simulation.watchGridWith(nullptr);
  simulation.integrate();
  const std::size_t words = 4 * positions.size();
  recorder.dispatched("step", {{"positions", &simulation.flock().positions(), words}, {"velocities", &simulation.flock().velocities(), words}});

  const gpu::SimParams params = simulation.stepParams();
  const verify::ReferenceStep ref = verify::referenceStep(positions, velocities, params, glm::dvec3(stats.meanPosition));
  const std::vector<std::uint32_t> order = simulation.lastOrder();  // the boid in each slot: the sorted pairs' for coherent
  std::size_t ambiguous = 0;
  watch.steps.push_back(stepOf(ref, order, topological, ambiguous));
  watch.steps.back().says =
      std::string("an invocation a boid: ") +
      (topological ? "its " + std::to_string(settings.nearest) + " nearest through the cells, then separation, alignment and cohesion over them"
                   : "separation, alignment and cohesion over the boids within the radii of the cells around it") +
      ", banked flight, the walls; written " + (settings.neighbours == Neighbours::GridCoherent ? "in cell order" : "at the boid's index") +
      (ambiguous > 0 ? " (" + std::to_string(ambiguous) + " with a neighbour on a radius: not judged)" : "");
  watch = lab::matched(std::move(watch), recorder);
  if (watch.error.empty()) watch.error = euclideanError(watch.steps.back(), ref, order, params);
  return watch;
}

}  // namespace boids::sim
