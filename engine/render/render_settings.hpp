#pragma once
// How the scene is drawn: plain values the panel, the command line and presets set. No GL.
#include <glm/vec4.hpp>

namespace boids::render {

struct RenderSettings {
  float boidScale = 1.6f;  // boid length in world units
  bool showWorldBox = true;
  float fogDensity = 0.002f;
  bool follow = false;          // the camera frames the flock's bounds, computed on the GPU
  float followZoom = 1.0f;      // distance factor while following
  bool showMarkers = true;      // crosses at the GPU centroid and at the CPU reference centroid
  bool showBounds = false;      // the flock's bounding box as the reduction found it
  bool showCells = false;       // the grid's occupied cells
  glm::vec4 cpuCentroid{0.0f};  // from the last CPU check; w 1 when known
};

}  // namespace boids::render
