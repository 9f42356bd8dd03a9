#pragma once
// GPU -> CPU copies that never stall a frame: request() queues copies into a staging buffer and a
// fence; poll() returns the bytes once the fence has signalled, and nothing before. On 4.4+ the
// staging buffer is persistently mapped (ARB_buffer_storage); on a 4.3 context the bytes are read
// with glGetBufferSubData, only after the fence, when nothing is left to wait for.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "engine/gl/buffer.hpp"

namespace boids::gl {

// Waits for the GPU to finish everything queued: for the end of a run, never inside a frame.
inline void finish() { glFinish(); }

struct ReadbackSource {
  const Buffer* buffer;
  std::size_t bytes;  // from offset 0
};

class AsyncReadback {
 public:
  AsyncReadback() = default;
  ~AsyncReadback();
  AsyncReadback(const AsyncReadback&) = delete;
  AsyncReadback& operator=(const AsyncReadback&) = delete;

  bool busy() const { return fence_ != nullptr; }
  // Copies the sources back to back. Returns false (and does nothing) while one is in flight.
  bool request(const std::vector<ReadbackSource>& sources);
  // The bytes of the finished request, in the order requested; empty while the GPU is busy.
  std::optional<std::vector<std::uint8_t>> poll();
  // The same, waiting for the GPU to finish it first (empty only when none is in flight or the
  // wait failed).
  std::optional<std::vector<std::uint8_t>> wait();

 private:
  void ensureCapacity(std::size_t bytes);
  BufferName staging_;
  std::size_t capacity_ = 0, pending_ = 0;
  void* mapped_ = nullptr;
  GLsync fence_ = nullptr;
};

}  // namespace boids::gl
