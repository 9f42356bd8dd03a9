#include "engine/render/camera.hpp"

#include <algorithm>
#include <cmath>

#include <glm/gtc/matrix_transform.hpp>

namespace boids::render {

OrbitCamera OrbitCamera::framing(float worldSize) {
  OrbitCamera c;
  // The cube's inscribed sphere (radius side / 2) with some room fits the vertical field of view;
  // the corners may leave the screen, the flock inside rarely does.
  const float radius = worldSize * 0.5f * 1.3f;
  c.distance = radius / std::sin(0.5f * c.fovY);
  return c;
}

void OrbitCamera::rotate(glm::vec2 drag) {
  yaw -= drag.x * 0.005f;
  pitch = std::clamp(pitch + drag.y * 0.005f, -1.55f, 1.55f);
}

void OrbitCamera::pan(glm::vec2 drag, float viewportHeight) {
  const glm::mat4 v = view();
  const glm::vec3 right(v[0][0], v[1][0], v[2][0]);
  const glm::vec3 up(v[0][1], v[1][1], v[2][1]);
  // One pixel of drag moves the target by one pixel's worth of world at the target's depth.
  const float unitsPerPixel = 2.0f * distance * std::tan(0.5f * fovY) / std::max(viewportHeight, 1.0f);
  target += (-drag.x * right + drag.y * up) * unitsPerPixel;
}

void OrbitCamera::zoom(float steps) { distance = std::clamp(distance * std::pow(0.9f, steps), 0.5f, 1e6f); }

glm::vec3 OrbitCamera::eye() const {
  return target + distance * glm::vec3(std::cos(pitch) * std::sin(yaw), std::sin(pitch), std::cos(pitch) * std::cos(yaw));
}

glm::mat4 OrbitCamera::view() const { return glm::lookAt(eye(), target, glm::vec3(0, 1, 0)); }

glm::mat4 OrbitCamera::projection(float aspect, float centreX) const {
  const float near = std::max(0.05f, distance * 0.01f);
  glm::mat4 p = glm::perspective(fovY, std::max(aspect, 1e-3f), near, distance * 10.0f + 1000.0f);
  p[2][0] = -centreX;  // x_ndc = (p00 x + p20 z) / -z: the image moves by centreX
  return p;
}

std::vector<NamedCamera> benchCameras(float side) {
  OrbitCamera inside;
  inside.distance = 0.05f * side;
  return {{"framing", OrbitCamera::framing(side)}, {"inside", inside}};
}

}  // namespace boids::render
