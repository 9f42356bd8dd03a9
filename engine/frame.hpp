#pragma once
// One frame, as a short script: the passes in order, each inside a timer scope. Reading
// engine/frame.cpp tells the whole algorithm.
#include <glm/vec2.hpp>

#include "engine/gl/timer.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/render/camera.hpp"
#include "engine/sim/simulation.hpp"

namespace boids {

struct FrameView {
  bool simulate = true;   // false while paused: draw only
  glm::ivec2 viewport{0}; // into the draw framebuffer bound by the caller
  render::OrbitCamera camera;
  render::RenderSettings render;
};

void runFrame(sim::Simulation& simulation, render::BoidRenderer& renderer, gl::FrameTimer& timer,
              const FrameView& view);

}  // namespace boids
