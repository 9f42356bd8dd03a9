#pragma once
// The two baselines the reduction benchmark is read against, dispatched and timed like the
// strategies (shaders/centroid/baseline.comp): the fixed cost of one dispatch and its barrier, and a
// plain streaming read of the positions, the floor any reduction of them is held to.
#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"

namespace boids::centroid {

class Baselines {
 public:
  Baselines(const gl::ShaderLibrary& library, const gl::Caps& caps);
  // One group writing one value into `out`, then the strategies' closing barrier.
  void dispatchOnly(const gl::Buffer& out);
  // Every position of `positions` read once (the grid of the grid-stride strategies), barrier.
  void streamRead(const gl::Buffer& positions, std::uint32_t count, const gl::Buffer& out);

 private:
  const gl::Caps& caps_;
  gl::Program empty_, stream_;
};

}  // namespace boids::centroid
