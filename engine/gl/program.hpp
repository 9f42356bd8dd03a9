#pragma once
// A linked GL program built from library files. Build failures throw ShaderError, whose message
// names every file involved, maps driver log lines to file:line and carries the whole log.
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>

#include "engine/gl/handles.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::gl {

class ShaderError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ShaderStage {
  GLenum stage;      // GL_COMPUTE_SHADER, GL_VERTEX_SHADER, ...
  std::string path;  // relative to shaders/
};

class Program {
 public:
  Program() = default;
  static Program build(const ShaderLibrary& library, std::initializer_list<ShaderStage> stages,
                       const Defines& defines = {}, std::string_view name = {});
  static Program compute(const ShaderLibrary& library, std::string path, const Defines& defines = {}) {
    return build(library, {{GL_COMPUTE_SHADER, std::move(path)}}, defines);
  }

  void use() const { glUseProgram(name_.id()); }
  GLuint id() const { return name_.id(); }
  explicit operator bool() const { return static_cast<bool>(name_); }

 private:
  ProgramName name_;
};

// Dispatch helper: enough groups of `groupSize` invocations to cover `count` items.
inline GLuint groupsFor(std::size_t count, std::size_t groupSize) {
  return static_cast<GLuint>((count + groupSize - 1) / groupSize);
}

}  // namespace boids::gl
