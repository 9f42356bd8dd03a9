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
  // Bytes per element of the one array in shader storage block `block` as the linker laid it out
  // (its top-level array stride: a generic kernel's ACC_TYPE, say); 0 when the block is not active.
  std::size_t storageArrayStride(const std::string& block) const;
  GLuint id() const { return name_.id(); }
  explicit operator bool() const { return static_cast<bool>(name_); }

 private:
  ProgramName name_;
};

}  // namespace boids::gl
