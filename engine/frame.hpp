#pragma once
// One frame, as a short script: the passes in order, each inside a timer scope. Reading
// engine/frame.cpp tells the whole algorithm.
#include <glm/vec2.hpp>

#include "engine/gl/timer.hpp"
#include "engine/reduce/inspector.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/render/camera.hpp"
#include "engine/sim/simulation.hpp"

namespace boids {

struct FrameView {
  bool simulate = true;       // false while paused: no step (the reduction still runs)
  unsigned framebuffer = 0;   // where to draw: 0 is the window
  glm::ivec2 viewport{0};
  render::OrbitCamera camera;
  render::RenderSettings render;
  reduce::Inspector* inspector = nullptr;  // optional: the lab and the CPU checks
  bool compareAll = false;    // run every strategy on this frame's positions
  bool snapshot = false;      // copy this frame back for a CPU check (ignored while one is in flight)
};

void runFrame(sim::Simulation& simulation, render::BoidRenderer& renderer, gl::FrameTimer& timer,
              const FrameView& view);

}  // namespace boids
