#pragma once
// Draws a frame of the scene into the bound framebuffer: sky, world cube, and every boid as an
// instanced mesh whose vertex shader reads the simulation's storage buffers directly.
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/program.hpp"
#include "engine/render/camera.hpp"
#include "engine/render/render_settings.hpp"
#include "engine/sim/flock.hpp"
#include "engine/sim/params.hpp"

namespace boids::render {

// What the occupied-cell overlay draws from.
struct GridView {
  const gl::Buffer* cellStarts = nullptr;
  std::uint32_t cellCount = 0;
};

class BoidRenderer {
 public:
  explicit BoidRenderer(const gl::ShaderLibrary& library);
  void reload(const gl::ShaderLibrary& library);

  // The camera pass: the CPU's orbit camera uploaded, or with settings.follow the GPU framing
  // the bounds in `stats`. Writes the camera buffer every draw reads.
  void placeCamera(const OrbitCamera& orbit, glm::ivec2 viewport, const RenderSettings& settings,
                   const gl::Buffer& stats);
  // Draws into `framebuffer` (0: the window). Sets the viewport and every piece of state it relies
  // on; leaves depth test and culling on.
  // `grid`: the cell ranges for the occupied-cell overlay (none: no overlay); the SimParams block
  // must be bound at UBO_SIM_PARAMS for it.
  void draw(unsigned framebuffer, const sim::Flock& flock, const sim::SimSettings& sim, const gl::Buffer& stats,
            glm::ivec2 viewport, const RenderSettings& settings, GridView grid = {});

 private:
  struct Programs {
    gl::Program boid, sky, box, bounds, markers, follow, cells;
  };
  static Programs build(const gl::ShaderLibrary& library);

  Programs programs_;
  gl::Buffer mesh_;
  GLsizei meshVertices_ = 0;
  gl::VertexArrayName meshVao_;
  gl::VertexArrayName emptyVao_;  // core profile needs a VAO bound even for attribute-less draws
  gl::Buffer params_;
  gl::Buffer camera_;
  bool following_ = false;
};

}  // namespace boids::render
