#pragma once
// A GL buffer object with its size. Edits go through GL_COPY_WRITE_BUFFER so that they never
// disturb the bindings a pass relies on. GL 4.3 core only (no DSA), as the project promises.
#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "engine/gl/handles.hpp"

namespace boids::gl {

class Buffer {
 public:
  Buffer() = default;
  Buffer(std::string_view name, std::size_t bytes, const void* data = nullptr,
         GLenum usage = GL_DYNAMIC_DRAW);

  template <typename T>
  static Buffer fromSpan(std::string_view name, std::span<const T> data, GLenum usage = GL_DYNAMIC_DRAW) {
    return Buffer(name, data.size_bytes(), data.data(), usage);
  }

  void upload(std::size_t offset, std::size_t bytes, const void* data);
  template <typename T>
  void upload(std::span<const T> data, std::size_t offset = 0) {
    upload(offset, data.size_bytes(), data.data());
  }

  // GPU-side copy of the first `bytes` of `source`, ordered after earlier shader writes to it and
  // before later shader reads of this buffer (the barriers on both sides are included).
  // const like bindBase(): the handle does not change, only what the GPU holds.
  void copyFrom(const Buffer& source, std::size_t bytes) const;
  // The same for `bytes` at offset `from` of `source` to offset `to` of this buffer.
  void copyFrom(const Buffer& source, std::size_t from, std::size_t to, std::size_t bytes) const;

  // Zeroes the first `bytes` on the GPU (glClearBufferSubData), ordered before later shader reads.
  void zero(std::size_t bytes) const { fill(bytes, 0u); }
  // The same with every 32-bit word of them set to `word`.
  void fill(std::size_t bytes, std::uint32_t word) const;

  // Blocking readback (glGetBufferSubData): for tests, checks and benchmarks, never inside a frame.
  void download(std::size_t offset, std::size_t bytes, void* out) const;
  template <typename T>
  std::vector<T> read(std::size_t count, std::size_t firstElement = 0) const {
    std::vector<T> out(count);
    download(firstElement * sizeof(T), count * sizeof(T), out.data());
    return out;
  }

  void bindBase(GLenum target, GLuint index) const { glBindBufferBase(target, index, name_.id()); }
  void bindRange(GLenum target, GLuint index, std::size_t offset, std::size_t bytes) const {
    glBindBufferRange(target, index, name_.id(), static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes));
  }

  GLuint id() const { return name_.id(); }
  std::size_t size() const { return size_; }
  explicit operator bool() const { return static_cast<bool>(name_); }

 private:
  BufferName name_;
  std::size_t size_ = 0;
};

}  // namespace boids::gl
