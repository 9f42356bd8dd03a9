#include "engine/gl/readback.hpp"

#include <cstring>

namespace boids::gl {

AsyncReadback::~AsyncReadback() {
  if (fence_) glDeleteSync(fence_);
  if (mapped_) {
    glBindBuffer(GL_COPY_WRITE_BUFFER, staging_.id());
    glUnmapBuffer(GL_COPY_WRITE_BUFFER);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  }
}

void AsyncReadback::ensureCapacity(std::size_t bytes) {
  if (bytes <= capacity_) return;
  if (mapped_) {
    glBindBuffer(GL_COPY_WRITE_BUFFER, staging_.id());
    glUnmapBuffer(GL_COPY_WRITE_BUFFER);
    mapped_ = nullptr;
  }
  staging_ = genBuffer();
  glBindBuffer(GL_COPY_WRITE_BUFFER, staging_.id());
  if (glBufferStorage) {  // 4.4: storage the CPU can keep mapped while the GPU writes it
    const GLbitfield flags = GL_MAP_READ_BIT | GL_MAP_PERSISTENT_BIT | GL_MAP_COHERENT_BIT;
    glBufferStorage(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, flags);
    mapped_ = glMapBufferRange(GL_COPY_WRITE_BUFFER, 0, static_cast<GLsizeiptr>(bytes), flags);
  } else {
    glBufferData(GL_COPY_WRITE_BUFFER, static_cast<GLsizeiptr>(bytes), nullptr, GL_STREAM_READ);
  }
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  label(GL_BUFFER, staging_.id(), "readback.staging");
  capacity_ = bytes;
}

bool AsyncReadback::request(const std::vector<ReadbackSource>& sources) {
  if (busy()) return false;
  std::size_t total = 0;
  for (const ReadbackSource& s : sources) total += s.bytes;
  ensureCapacity(total);
  // Shader writes -> the copies below.
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  glBindBuffer(GL_COPY_WRITE_BUFFER, staging_.id());
  std::size_t offset = 0;
  for (const ReadbackSource& s : sources) {
    glBindBuffer(GL_COPY_READ_BUFFER, s.buffer->id());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, static_cast<GLintptr>(offset),
                        static_cast<GLsizeiptr>(s.bytes));
    offset += s.bytes;
  }
  glBindBuffer(GL_COPY_READ_BUFFER, 0);
  glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
  // A coherent persistent mapping sees the copies once the fence has signalled.
  fence_ = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
  glFlush();  // so that the fence is on its way even if nothing else flushes
  pending_ = total;
  return true;
}

std::optional<std::vector<std::uint8_t>> AsyncReadback::poll() {
  if (!fence_) return std::nullopt;
  const GLenum state = glClientWaitSync(fence_, 0, 0);  // a timeout of 0: look, never wait
  if (state != GL_ALREADY_SIGNALED && state != GL_CONDITION_SATISFIED) return std::nullopt;
  glDeleteSync(fence_);
  fence_ = nullptr;
  std::vector<std::uint8_t> bytes(pending_);
  if (mapped_) {
    std::memcpy(bytes.data(), mapped_, pending_);
  } else {
    glBindBuffer(GL_COPY_READ_BUFFER, staging_.id());
    glGetBufferSubData(GL_COPY_READ_BUFFER, 0, static_cast<GLsizeiptr>(pending_), bytes.data());
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
  }
  return bytes;
}

std::optional<std::vector<std::uint8_t>> AsyncReadback::wait() {
  if (!fence_) return std::nullopt;
  for (;;) {  // a second at a time; the copy is queued work, which ends
    const GLenum state = glClientWaitSync(fence_, GL_SYNC_FLUSH_COMMANDS_BIT, 1'000'000'000);
    if (state != GL_TIMEOUT_EXPIRED) break;
  }
  return poll();
}

}  // namespace boids::gl
