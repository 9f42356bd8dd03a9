#pragma once
// An orbit camera: yaw and pitch around a target at a distance. Pure maths, no GL.
#include <vector>

#include <glm/mat4x4.hpp>
#include <glm/vec2.hpp>
#include <glm/vec3.hpp>

namespace boids::render {

struct OrbitCamera {
  glm::vec3 target{0.0f};
  float yaw = 0.75f;    // radians around +Y
  float pitch = 0.45f;  // radians above the horizon, kept inside (-89, 89) degrees
  float distance = 150.0f;
  float fovY = 0.85f;   // radians

  // A camera that shows a world cube of side `worldSize` whole.
  static OrbitCamera framing(float worldSize);

  void rotate(glm::vec2 dragPixels);
  void pan(glm::vec2 dragPixels, float viewportHeight);
  void zoom(float wheelSteps);

  glm::vec3 eye() const;
  glm::mat4 view() const;
  // `centreX`: the view's centre moved across the window, in NDC (0: the middle; 0.3: right of a
  // panel covering 30% of the window from the left).
  glm::mat4 projection(float aspect, float centreX = 0.0f) const;
};

// The cameras the cull and the drawing are benchmarked from in a world of side `side`: the one a
// window opens with (the world framed whole), and one a twentieth of the side from the centre,
// looking at it: inside the flock.
struct NamedCamera {
  const char* name;
  OrbitCamera camera;
};
std::vector<NamedCamera> benchCameras(float side);

}  // namespace boids::render
