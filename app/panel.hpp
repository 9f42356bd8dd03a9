#pragma once
// The ImGui control panel: every simulation parameter as a live control, boid count and seed
// (which rebuild the flock), pause/step/reset, render options, FPS and frame-time plot, per-pass
// timings with their source, and shader reload.
#include <deque>
#include <string>
#include <vector>

#include "engine/gl/caps.hpp"
#include "engine/gl/timer.hpp"
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
};

struct PanelActions {
  bool applyCountAndSeed = false;
  bool resetFlock = false;
  bool stepOnce = false;
  bool resetCamera = false;
  bool reloadShaders = false;
};

PanelActions drawPanel(PanelState& state, const gl::Caps& caps, const gl::FrameTimer& timer, std::uint64_t steps,
                       const std::string& shaderOrigin);

}  // namespace boids::app
