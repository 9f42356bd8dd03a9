#include "engine/sim/grid_stage.hpp"

#include <algorithm>

#include "engine/sim/audited_searches.hpp"
#include "engine/sim/case_flock.hpp"
#include "engine/sim/grid_watch.hpp"
#include "engine/sim/step_watch.hpp"
#include "engine/sim/simulation.hpp"
#include "engine/verify/reference.hpp"

namespace boids::sim {
namespace {

constexpr std::uint32_t kGridCheckLimit = 1100000;  // up to 1000003 boids (CPU time of the references)

// Which boids a check looks at: all of a small flock, an even sample of a large one.
std::vector<std::uint32_t> sampleOf(std::uint32_t n) {
  constexpr std::uint32_t kAll = 5000, kSample = 64;  // each sampled boid costs an O(N) CPU search
  std::vector<std::uint32_t> out;
  for (std::uint32_t k = 0; k < std::min(n, n <= kAll ? n : kSample); ++k) {
    out.push_back(n <= kAll ? k : static_cast<std::uint32_t>(std::uint64_t(k) * n / kSample));
  }
  return out;
}

// What the grid's stages share: a simulation that takes the case's flock in `settings`.
class GridStage : public lab::Stage {
 public:
  explicit GridStage(const lab::Context& context) : context_(context) {}

  void prepare(const lab::Case& c) override {
    case_ = c;
    flock_ = &context_.flock(c);
    settings_ = caseSettings(context_.settings, c);
    sample_ = sampleOf(c.n);
  }

 protected:
  Simulation& load(const SimSettings& s) {
    if (!simulation_) simulation_ = std::make_unique<Simulation>(context_.shaders, context_.caps, s);
    simulation_->apply(s);
    simulation_->load({flock_->positions, flock_->velocities});
    return *simulation_;
  }
  lab::Row judged(const std::string& stage, const std::string& variant, bool pass, const std::string& detail) const {
    return lab::judged(lab::identity(case_, stage, variant), pass, detail);
  }

  const lab::Context& context_;
  lab::Case case_;
  const lab::Flock* flock_ = nullptr;
  SimSettings settings_;
  std::vector<std::uint32_t> sample_;
  std::unique_ptr<Simulation> simulation_;
};

class RangesStage : public GridStage {
 public:
  using GridStage::GridStage;
  std::vector<std::pair<std::string, std::string>> variants() const override { return {{"cells", ""}}; }

  std::vector<lab::Row> run(std::size_t, lab::Timer& timer) override {
    Simulation& simulation = load(settings_);
    simulation.hash();  // keyed as this simulation sizes its cells (the topological rule's: from the flock)
    const auto pairs = simulation.grid().pairs().read<std::array<std::uint32_t, 2>>(case_.n);
    simulation.sortCells();
    lab::Row row = lab::identity(case_, "ranges", "cells");
    timer.time(row, [&](int) { simulation.cellRanges(); });
    const std::uint32_t keys = simulation.grid().keyCount();
    const auto starts = simulation.grid().cellStarts().read<std::uint32_t>(std::size_t(keys) + 1);
    // Where each cell starts: after the boids of every cell before it (an empty cell where the next
    // one starts; one past the last key at the end).
    std::vector<std::uint32_t> expected(std::size_t(keys) + 1, 0);
    for (const auto& p : pairs) {
      if (p[0] >= keys) return {lab::judged(std::move(row), false, "the hash wrote key " + std::to_string(p[0]) + " of " + std::to_string(keys))};
      ++expected[p[0] + 1];
    }
    for (std::uint32_t c = 1; c <= keys; ++c) expected[c] += expected[c - 1];
    return {lab::judged(std::move(row), starts == expected, std::to_string(keys) + " cells")};
  }
};

class NeighboursStage : public GridStage {
 public:
  using GridStage::GridStage;
  std::vector<std::pair<std::string, std::string>> variants() const override {
    std::vector<std::pair<std::string, std::string>> list;
    for (const AuditedSearch& a : kAuditedSearches) list.emplace_back(a.name, "");
    return list;
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer&) override {
    const AuditedSearch& audited = kAuditedSearches[k];
    SimSettings variant = settings_;
    variant.rule = Rule::Metric;  // the audit counts the boids within a radius: the metric rule's cells
    variant.neighbours = audited.neighbours;
    variant.cells = audited.cells;
    variant.gridKeys = audited.keys;
    const std::vector<glm::uvec4> gpu = load(variant).auditNeighbours();
    const gpu::SimParams params = toGpu(variant);
    std::size_t mismatches = 0, skipped = 0;
    for (std::uint32_t i : sample_) {
      const verify::NeighbourSet ref = verify::referenceNeighbours(flock_->positions, i, params);
      if (ref.ambiguous) {
        ++skipped;
      } else if (glm::uvec3(gpu[i]) != glm::uvec3(ref.count, ref.sum, ref.xorHash)) {
        ++mismatches;
      }
    }
    lab::Row row = judged("neighbours", audited.name, mismatches == 0,
                          std::to_string(sample_.size() - skipped) + " boids compared, " + std::to_string(skipped) +
                              " with a neighbour on the radius skipped");
    row["gpu_ms"] = 0.0;  // not timed: the audit is a pass of its own
    return {row};
  }
};

class StepStage : public GridStage {
 public:
  using GridStage::GridStage;
  std::vector<std::pair<std::string, std::string>> variants() const override {
    return {{neighboursName(context_.settings.neighbours), ""}};
  }

  std::vector<lab::Row> run(std::size_t, lab::Timer& timer) override {
    Simulation& simulation = load(settings_);
    simulation.reduce();
    const gpu::FlockStats stats = simulation.stats().read<gpu::FlockStats>(1)[0];
    lab::Row row = lab::identity(case_, "step", neighboursName(settings_.neighbours));
    timer.time(row, [&](int) { simulation.step(); }, [&] { load(settings_).reduce(); });
    const FlockState after = simulation.flock().read();
    const gpu::SimParams params = simulation.stepParams();
    const auto ref = verify::referenceStep(flock_->positions, flock_->velocities, params, glm::dvec3(stats.meanPosition), &sample_);
    const verify::StepJudgement j = verify::judgeStep(after.positions, after.velocities, simulation.lastOrder(), ref, params, &sample_);
    double worstTolerance = 0;  // of a position, over the boids compared
    for (std::uint32_t i : sample_) worstTolerance = std::max(worstTolerance, ref.ambiguous[i] ? 0.0 : ref.positionTolerance[i]);
    std::string detail = std::to_string(j.compared) + " boids compared with the reference";
    if (!j.pass()) {
      detail += ": " + std::to_string(j.failures) + " positions or velocities out of bounds (worst boid " + std::to_string(j.worstBoid) +
                " at " + std::to_string(j.worstRatio) + " of its bound), " + std::to_string(j.bankMismatches) + " banks, " +
                std::to_string(j.densityMismatches) + " densities";
    }
    row = lab::judged(std::move(row), j.pass(), detail);
    row["tolerance_relative_to_extent"] = worstTolerance / verify::flockExtent(verify::referenceStats(flock_->positions));
    return {row};
  }
};

// Grid rows up to kGridCheckLimit boids.
bool takes(const lab::Case& c, const gl::Caps&) { return c.n <= kGridCheckLimit; }

template <class S>
std::unique_ptr<lab::Stage> make(const lab::Context& context) {
  return std::make_unique<S>(context);
}

}  // namespace

const lab::StageInfo kRangesStage{"ranges", "where each cell's boids start in the sorted pairs", lab::Sweep::Flock,
                                  make<RangesStage>, takes, nullptr, watchGrid, [] { return std::vector<std::string>{"cells"}; }};
const lab::StageInfo kNeighboursStage{"neighbours", "each search's neighbour sets within the largest radius, dense and hashed keys", lab::Sweep::Flock,
                                      make<NeighboursStage>, takes, nullptr, watchNeighbours, [] {
                                        std::vector<std::string> names;
                                        for (const AuditedSearch& a : kAuditedSearches) names.emplace_back(a.name);
                                        return names;
                                      }};
const lab::StageInfo kStepStage{"step", "the step of the settings' search against the double-precision reference",
                                lab::Sweep::Flock, make<StepStage>, takes, nullptr, watchStep, watchedSteps};

}  // namespace boids::sim
