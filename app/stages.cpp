#include "app/stages.hpp"

#include "engine/centroid/reduce_stage.hpp"
#include "engine/lighting/sh_stage.hpp"
#include "engine/primitives/compact/compact_stage.hpp"
#include "engine/primitives/knn/knn_stage.hpp"
#include "engine/primitives/scan/scan_stage.hpp"
#include "engine/primitives/sort/sort_stage.hpp"
#include "engine/render/cull_stage.hpp"
#include "engine/render/splat_stage.hpp"
#include "engine/sim/grid_stage.hpp"

namespace boids::app {
namespace {

constexpr const lab::StageInfo* kStages[] = {
    &centroid::kReduceStage,
    &primitives::kSortStage,
    &sim::kRangesStage,
    &sim::kNeighboursStage,
    &sim::kStepStage,
    &primitives::kKnnStage,
    &primitives::kScanStage,
    &primitives::kCompactStage,
    &render::kCullStage,
    &render::kSplatStage,
    &lighting::kShStage,
};

}  // namespace

std::span<const lab::StageInfo* const> stages() { return kStages; }

const lab::StageInfo* findStage(std::string_view name) {
  for (const lab::StageInfo* s : kStages) {
    if (name == s->name) return s;
  }
  return nullptr;
}

std::vector<std::string> stageList() {
  std::vector<std::string> names;
  for (const lab::StageInfo* s : kStages) names.emplace_back(s->name);
  return names;
}

std::vector<std::string> watchedStageList() {
  std::vector<std::string> names;
  for (const lab::StageInfo* s : kStages) {
    if (s->watch) names.emplace_back(s->name);
  }
  return names;
}

std::string stageNames() {
  std::string names;
  for (const lab::StageInfo* s : kStages) names += (names.empty() ? "" : ", ") + std::string(s->name);
  return names;
}

}  // namespace boids::app
