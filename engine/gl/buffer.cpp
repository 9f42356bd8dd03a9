#include "engine/gl/buffer.hpp"

#include <stdexcept>
#include <string>

namespace boids::gl {

Buffer::Buffer(std::string_view name, std::size_t bytes, const void* data, GLenum usage)
    : name_(genBuffer()), size_(bytes) {
  glBindBuffer(GL_COPY_WRITE_BUFFER, name_.id());
  // Zero-sized buffers are legal in GL but cannot be bound as SSBO ranges; keep one word.
  glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes > 0 ? bytes : 4), data, usage);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  label(GL_BUFFER, name_.id(), name);
}

void Buffer::upload(std::size_t offset, std::size_t bytes, const void* data) {
  if (offset + bytes > size_) {
    throw std::out_of_range("Buffer::upload: " + std::to_string(offset + bytes) + " bytes past a buffer of " +
                            std::to_string(size_));
  }
  if (bytes == 0) return;
  glBindBuffer(GL_COPY_WRITE_BUFFER, name_.id());
  glBufferSubData(GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), data);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

void Buffer::copyFrom(const Buffer& source, std::size_t bytes) const { copyFrom(source, 0, 0, bytes); }

void Buffer::copyFrom(const Buffer& source, std::size_t from, std::size_t to, std::size_t bytes) const {
  if (from + bytes > source.size_ || to + bytes > size_) {
    throw std::out_of_range("Buffer::copyFrom: " + std::to_string(bytes) + " bytes from offset " + std::to_string(from) +
                            " of " + std::to_string(source.size_) + " to offset " + std::to_string(to) + " of " +
                            std::to_string(size_));
  }
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // shader writes to the source -> the copy
  glBindBuffer(GL_COPY_READ_BUFFER, source.id());
  glBindBuffer(GL_COPY_WRITE_BUFFER, name_.id());
  glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, static_cast<GLintptr>(from), static_cast<GLintptr>(to),
                      static_cast<GLsizeiptr>(bytes));
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the copy -> shader reads of this buffer
}

void Buffer::download(std::size_t offset, std::size_t bytes, void* out) const {
  if (offset + bytes > size_) {
    throw std::out_of_range("Buffer::download: " + std::to_string(offset + bytes) + " bytes past a buffer of " +
                            std::to_string(size_));
  }
  if (bytes == 0) return;
  // Make shader writes visible to the read below (the caller may not have issued a barrier).
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_COPY_READ_BUFFER, name_.id());
  glGetBufferSubData(GL_COPY_READ_BUFFER, static_cast<GLintptr>(offset), static_cast<GLsizeiptr>(bytes), out);
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
}

void Buffer::fill(std::size_t bytes, std::uint32_t word) const {
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // shader writes to this buffer -> the clear after them
  glBindBuffer(GL_COPY_WRITE_BUFFER, name_.id());
  glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 0, static_cast<GLsizeiptr>(bytes), GL_RED_INTEGER, GL_UNSIGNED_INT,
                       &word);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

}  // namespace boids::gl
