#pragma once
// One frame, as a short script: the passes in order, each inside a timer scope. Reading
// engine/frame.cpp tells the whole algorithm.
#include <glm/vec2.hpp>

#include "engine/gl/timer.hpp"
#include "engine/centroid/inspector.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/render/camera.hpp"
#include "engine/sim/simulation.hpp"

namespace boids {

// The passes of a frame, in order, written once: the name each is timed under (gl::FrameTimer),
// shown under (the panel), benchmarked under (bench --frame) and labelled under in a capture
// (glPushDebugGroup), and what it does.
enum class Pass { Reduce, Camera, Hash, Sort, Ranges, Reorder, Step, Cull, Light, Render };
struct PassInfo {
  Pass pass;
  const char* name;
  const char* what;
  bool compute;  // part of the simulation's compute (the panel's stacked plot, bench --frame's compute sum)
};
inline constexpr PassInfo kPasses[] = {
    {Pass::Reduce, "reduce", "positions -> the flock's centroid and bounds, by the chosen variant, left on the GPU", true},
    {Pass::Camera, "camera", "the orbit camera from the CPU, or the follow camera framing the bounds on the GPU", false},
    {Pass::Hash, "hash", "positions -> (cell key, boid index) pairs", true},
    {Pass::Sort, "sort", "the pairs in cell order, by the chosen sorter", true},
    {Pass::Ranges, "ranges", "where each cell starts in the sorted pairs", true},
    {Pass::Reorder, "reorder", "positions and velocities gathered into cell order (the coherent grid)", true},
    {Pass::Step, "step", "neighbours (grid cells or every boid) and the centroid -> the next state", true},
    {Pass::Cull, "cull", "each boid against the view and into a level of detail -> a list and a draw command per level", false},
    {Pass::Light, "light", "the environment onto nine spherical harmonics by the chosen reduction, when it, its yaw, the variant or the layout changed", false},
    {Pass::Render, "render", "the environment's sky, world box, the boids lit by its harmonics (per level, drawn indirectly), markers", false},
};
constexpr const PassInfo& passInfo(Pass p) { return kPasses[static_cast<int>(p)]; }

struct FrameView {
  bool simulate = true;       // false while paused: no step (the reduction still runs)
  render::FrameTarget target;  // where to draw: FrameTarget{} is the window
  glm::ivec2 viewport{0};
  render::OrbitCamera camera;
  render::RenderSettings render;
  centroid::Inspector* inspector = nullptr;  // optional: the lab and the CPU checks
  bool compareAll = false;    // run every strategy on this frame's positions
  bool snapshot = false;      // copy this frame back for a CPU check (ignored while one is in flight)
  lighting::Lighting* lighting = nullptr;  // optional: what lights the scene (none: the renderer's built-in sky)
  bool projectEveryFrame = false;          // the light pass projects even when nothing changed (to time it)
};

void runFrame(sim::Simulation& simulation, render::BoidRenderer& renderer, gl::FrameTimer& timer,
              const FrameView& view);

}  // namespace boids
