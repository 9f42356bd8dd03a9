#pragma once
// Every strategy side by side: the lab runs each one the context can run on the same positions,
// each into its own result buffer and inside its own timer scope ("lab/<name>"), so the app's
// compare-all table and `boids check` see the same frame through every strategy.
#include <memory>
#include <string>
#include <vector>

#include "engine/gl/timer.hpp"
#include "engine/centroid/baseline.hpp"
#include "engine/gpu_types.hpp"
#include "engine/centroid/reducer.hpp"

namespace boids::centroid {

struct LabEntry {
  const CentroidVariant* info;
  std::unique_ptr<Reducer> strategy;  // null when the context cannot run it
  std::string unavailable;             // why not
  gl::Buffer stats;                    // its latest FlockStats
};

class Lab {
 public:
  // `only`: restrict to these names (empty: every strategy).
  Lab(const gl::ShaderLibrary& library, const gl::Caps& caps, const std::vector<std::string>& only = {});
  Lab(const Lab&) = delete;  // baselines_ holds a reference to caps_
  Lab& operator=(const Lab&) = delete;

  std::vector<LabEntry>& entries() { return entries_; }
  const std::vector<LabEntry>& entries() const { return entries_; }

  // Every available strategy that can take input.count boids, in registry order.
  void runAll(const Input& input, gl::FrameTimer* timer);
  // The floor the strategies are read against: every position read once, as a reduction must,
  // timed as kStreamReadPass (the compare-all table's bars start there).
  void timeStreamRead(const Input& input, gl::FrameTimer& timer);
  static constexpr const char* kStreamReadPass = "lab/stream-read";
  // Why an entry cannot reduce `count` boids here ("" when it can).
  static std::string unavailableFor(const LabEntry& entry, std::uint32_t count);

 private:
  std::vector<LabEntry> entries_;
  gl::Caps caps_;
  Baselines baselines_;
  gl::Buffer floorOut_{"lab.streamRead", sizeof(gpu::FlockStats)};
};

}  // namespace boids::centroid
