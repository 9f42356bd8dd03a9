#pragma once
// What the scan and compaction variants are read against in `boids bench`: a streaming copy of the
// same uints (shaders/primitives/stream_copy.comp), dispatched and timed like them. A scan or a
// compaction reads its input once and writes at most as much, so this copy is its speed of light.
#include <cstdint>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"

namespace boids::primitives {

class StreamCopy {
 public:
  StreamCopy(const gl::ShaderLibrary& library, const gl::Caps& caps);
  // `count` uints of `input` into `output`, then the barrier for storage reads.
  void run(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count);

 private:
  const gl::Caps& caps_;
  gl::Program copy_;
};

}  // namespace boids::primitives
