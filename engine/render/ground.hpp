#pragma once
// The ground under the world: a floor lit by the environment, with the flock's soft shadow cast
// straight down (render/shadow_splat.comp counts the boids over each texel, shadow_blur.comp
// softens the counts into an opacity image) and lines that give the scene a scale. Drawn before
// the sky, which then fills only what the ground leaves.
#include <cstdint>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/handles.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::render {

class Ground {
 public:
  Ground(const gl::ShaderLibrary& library, const gl::Caps& caps);
  void reload(const gl::ShaderLibrary& library);

  // The shadow pass: `count` boids of `positions` over the floor of a world of side `worldSize`.
  void castShadow(const gl::Buffer& positions, std::uint32_t count, float worldSize);
  // What the last shadow pass counted: SHADOW_SIZE^2 uints, the boids over each texel (row-major,
  // x across), before the blur.
  const gl::Buffer& shadowCounts() const { return counts_; }
  // Draws the ground with the last shadow; needs the render params, camera, SH and environment
  // bound (BoidRenderer::draw binds them) and an empty VAO. Depth test on, writes depth.
  void draw() const;

 private:
  struct Programs {
    gl::Program splat, blur, ground;
  };
  static Programs build(const gl::ShaderLibrary& library);

  Programs programs_;
  gl::Caps caps_;
  gl::Buffer counts_;
  gl::TextureName opacity_;
};

}  // namespace boids::render
