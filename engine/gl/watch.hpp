#pragma once
// The hook the watch views hang on a primitive (`boids watch`, the panel's lab): after each of its
// dispatches a watched primitive names the pass and the buffers that pass read and wrote, so that
// a Watcher can read them back as the GPU left them. Unwatched (every frame), it is a null test.
#include <cstddef>
#include <initializer_list>
#include <string_view>

#include "engine/gl/buffer.hpp"

namespace boids::gl {

// `words` 32-bit words of `buffer` from `firstWord` on, under the primitive's name for them; or,
// where buffer is null, of level `level` of the RGBA32F texture `texture` (four floats a texel,
// rows bottom up).
struct Watched {
  const char* name;
  const Buffer* buffer;
  std::size_t words;
  std::size_t firstWord = 0;
  unsigned texture = 0;
  int level = 0;
};

class Watcher {
 public:
  virtual ~Watcher() = default;
  virtual void dispatched(std::string_view pass, std::initializer_list<Watched> buffers) = 0;
};

// A primitive that can be watched: its passes call dispatched() after each dispatch (and its
// barrier).
class Watchable {
 public:
  void watchWith(Watcher* watcher) { watcher_ = watcher; }
  bool watched() const { return watcher_ != nullptr; }
  void dispatched(std::string_view pass, std::initializer_list<Watched> buffers) const {
    if (watcher_) watcher_->dispatched(pass, buffers);
  }

 protected:
  Watcher* watcher() const { return watcher_; }  // for a primitive built on another (its passes watched too)

 private:
  Watcher* watcher_ = nullptr;
};

}  // namespace boids::gl
