#pragma once
// Move-only owners of GL names: copy is deleted, a move leaves the source empty (id 0),
// destruction deletes the name. Every GL object in the project is owned by one of these.
#include <cstdint>
#include <string_view>
#include <utility>

#include "engine/gl/gl.hpp"

namespace boids::gl {

// GL objects alive through these handles, all types together: a leak shows as growth (the soak test).
inline std::int64_t& liveObjects() {
  static std::int64_t count = 0;
  return count;
}

template <void (*Delete)(GLuint)>
class Handle {
 public:
  Handle() = default;
  explicit Handle(GLuint id) : id_(id) {
    if (id_ != 0) ++liveObjects();
  }
  ~Handle() { reset(); }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& other) noexcept : id_(std::exchange(other.id_, 0)) {}
  Handle& operator=(Handle&& other) noexcept {
    if (this != &other) {
      reset();
      id_ = std::exchange(other.id_, 0);
    }
    return *this;
  }

  GLuint id() const { return id_; }
  explicit operator bool() const { return id_ != 0; }
  void reset() {
    if (id_ != 0) {
      Delete(id_);
      --liveObjects();
    }
    id_ = 0;
  }

 private:
  GLuint id_ = 0;
};

namespace detail {
inline void deleteBuffer(GLuint id) { glDeleteBuffers(1, &id); }
inline void deleteVertexArray(GLuint id) { glDeleteVertexArrays(1, &id); }
inline void deleteTexture(GLuint id) { glDeleteTextures(1, &id); }
inline void deleteFramebuffer(GLuint id) { glDeleteFramebuffers(1, &id); }
inline void deleteRenderbuffer(GLuint id) { glDeleteRenderbuffers(1, &id); }
inline void deleteQuery(GLuint id) { glDeleteQueries(1, &id); }
inline void deleteProgram(GLuint id) { glDeleteProgram(id); }
inline void deleteShader(GLuint id) { glDeleteShader(id); }
}  // namespace detail

using BufferName = Handle<detail::deleteBuffer>;
using VertexArrayName = Handle<detail::deleteVertexArray>;
using TextureName = Handle<detail::deleteTexture>;
using FramebufferName = Handle<detail::deleteFramebuffer>;
using RenderbufferName = Handle<detail::deleteRenderbuffer>;
using QueryName = Handle<detail::deleteQuery>;
using ProgramName = Handle<detail::deleteProgram>;
using ShaderName = Handle<detail::deleteShader>;

inline BufferName genBuffer() { GLuint id = 0; glGenBuffers(1, &id); return BufferName(id); }
inline VertexArrayName genVertexArray() { GLuint id = 0; glGenVertexArrays(1, &id); return VertexArrayName(id); }
inline TextureName genTexture() { GLuint id = 0; glGenTextures(1, &id); return TextureName(id); }
inline FramebufferName genFramebuffer() { GLuint id = 0; glGenFramebuffers(1, &id); return FramebufferName(id); }
inline RenderbufferName genRenderbuffer() { GLuint id = 0; glGenRenderbuffers(1, &id); return RenderbufferName(id); }
inline QueryName genQuery() { GLuint id = 0; glGenQueries(1, &id); return QueryName(id); }

// Names the object in debug output and in GPU debuggers (KHR_debug, core since 4.3).
inline void label(GLenum identifier, GLuint id, std::string_view name) {
  glObjectLabel(identifier, id, static_cast<GLsizei>(name.size()), name.data());
}

}  // namespace boids::gl
