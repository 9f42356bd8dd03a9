#pragma once
// Draws a frame of the scene into the bound framebuffer: sky, world cube, and every boid as an
// instanced mesh whose vertex shader reads the simulation's storage buffers directly.
#include <glm/vec2.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/program.hpp"
#include "engine/render/camera.hpp"
#include "engine/sim/flock.hpp"
#include "engine/sim/params.hpp"

namespace boids::render {

struct RenderSettings {
  float boidScale = 1.6f;  // boid length in world units
  bool showWorldBox = true;
  float fogDensity = 0.002f;
};

class BoidRenderer {
 public:
  explicit BoidRenderer(const gl::ShaderLibrary& library);
  void reload(const gl::ShaderLibrary& library);

  // Sets the viewport and every piece of state it relies on; leaves depth test and culling on.
  void draw(const sim::Flock& flock, const sim::SimSettings& sim, const OrbitCamera& camera, glm::ivec2 viewport,
            const RenderSettings& settings);

 private:
  struct Programs {
    gl::Program boid, sky, box;
  };
  static Programs build(const gl::ShaderLibrary& library);

  Programs programs_;
  gl::Buffer mesh_;
  GLsizei meshVertices_ = 0;
  gl::VertexArrayName meshVao_;
  gl::VertexArrayName emptyVao_;  // core profile needs a VAO bound even for attribute-less draws
  gl::Buffer params_;
};

}  // namespace boids::render
