#include "engine/centroid/lab.hpp"

#include <algorithm>

#include "engine/gpu_types.hpp"

namespace boids::centroid {

Lab::Lab(const gl::ShaderLibrary& library, const gl::Caps& caps, const std::vector<std::string>& only)
    : caps_(caps), baselines_(library, caps_) {
  for (const CentroidVariant& info : centroidVariants()) {
    if (!only.empty() && std::find(only.begin(), only.end(), info.name) == only.end()) continue;
    LabEntry e{&info, nullptr, info.unavailableOn(caps),
               gl::Buffer(std::string("lab.stats.") + info.name, sizeof(gpu::FlockStats))};
    if (e.unavailable.empty()) e.strategy = info.create(library, caps);
    entries_.push_back(std::move(e));
  }
}

std::string Lab::unavailableFor(const LabEntry& e, std::uint32_t count) {
  return e.strategy ? e.strategy->unavailableFor(count) : e.unavailable;
}

void Lab::runAll(const Input& input, gl::FrameTimer* timer) {
  for (LabEntry& e : entries_) {
    if (!unavailableFor(e, input.count).empty()) continue;
    if (timer) {
      auto t = timer->scope(std::string("lab/") + e.info->name);
      e.strategy->reduce(input, e.stats);
    } else {
      e.strategy->reduce(input, e.stats);
    }
  }
}

void Lab::timeStreamRead(const Input& input, gl::FrameTimer& timer) {
  auto t = timer.scope(kStreamReadPass);
  baselines_.streamRead(*input.positions, input.count, floorOut_);
}

}  // namespace boids::centroid
