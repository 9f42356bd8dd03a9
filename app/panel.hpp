#pragma once
// The ImGui control panel: every simulation parameter as a live control, boid count and seed
// (which rebuild the flock), pause/step/reset, render options, FPS and frame-time plot, per-pass
// timings with their source, and shader reload.
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include "engine/gl/caps.hpp"
#include "engine/gl/timer.hpp"
#include "engine/reduce/inspector.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/sim/params.hpp"

namespace boids::app {

struct PanelState {
  sim::SimSettings settings;        // live values: applied every frame
  std::uint32_t pendingCount = 0;   // applied with the button, as it reallocates the flock
  std::uint64_t pendingSeed = 0;
  render::RenderSettings render;
  bool keepDensity = true;          // a new count resizes the world to keep the density
  bool paused = false;
  bool vsync = true;
  std::deque<float> frameMs;        // CPU frame-to-frame times, newest last
  std::string shaderStatus;         // result of the last reload
  std::string countError;           // why the pending count was refused
  std::string strategy;             // the reduction strategy asked for
  int checkEvery = 30;              // frames between CPU checks of the reduction (0: on demand only)
  bool compareAll = false;          // run every strategy each frame and compare them
  std::string sorter;               // the grid's sort
};

// What the reduction section shows, from the engine.
struct ReductionView {
  const reduce::StrategyInfo* active = nullptr;
  std::string activeDetail;
  std::string activeUnavailable;    // set when the flock outgrew the asked-for strategy
  const std::optional<reduce::Report>* report = nullptr;
  bool checkInFlight = false;
};

struct PanelActions {
  bool applyCountAndSeed = false;
  bool resetFlock = false;
  bool stepOnce = false;
  bool resetCamera = false;
  bool reloadShaders = false;
  bool checkNow = false;
};

PanelActions drawPanel(PanelState& state, const gl::Caps& caps, const gl::FrameTimer& timer, std::uint64_t steps,
                       const std::string& shaderOrigin, const ReductionView& reduction);

}  // namespace boids::app
