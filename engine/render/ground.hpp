#pragma once
// The flock's soft shadow on the ground under the world, cast straight down:
// render/shadow_splat.comp counts the boids over each texel, shadow_blur.comp softens the counts
// into an opacity image, which the background (render/background.comp) darkens the floor by.
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
  // The last shadow: an R16F texture of SHADOW_SIZE^2 texels over the floor, 0 (lit) to 1 (dark).
  unsigned shadow() const { return opacity_.id(); }

 private:
  struct Programs {
    gl::Program splat, blur;
  };
  static Programs build(const gl::ShaderLibrary& library);

  Programs programs_;
  gl::Caps caps_;
  gl::Buffer counts_;
  gl::TextureName opacity_;
};

}  // namespace boids::render
