#include "engine/gl/program.hpp"

#include <algorithm>
#include <vector>

namespace boids::gl {
namespace {

const char* stageName(GLenum stage) {
  switch (stage) {
    case GL_COMPUTE_SHADER: return "compute";
    case GL_VERTEX_SHADER: return "vertex";
    case GL_FRAGMENT_SHADER: return "fragment";
    case GL_GEOMETRY_SHADER: return "geometry";
    default: return "unknown-stage";
  }
}

// The info log of a shader or a program (the two query pairs have the same signatures).
std::string infoLog(GLuint object, PFNGLGETSHADERIVPROC getiv, PFNGLGETSHADERINFOLOGPROC getLog) {
  GLint length = 0;
  getiv(object, GL_INFO_LOG_LENGTH, &length);
  std::string log(static_cast<std::size_t>(std::max(length, 1)), '\0');
  GLsizei written = 0;
  getLog(object, static_cast<GLsizei>(log.size()), &written, log.data());
  log.resize(static_cast<std::size_t>(written));
  return log;
}

}  // namespace

Program Program::build(const ShaderLibrary& library, std::initializer_list<ShaderStage> stages,
                       const Defines& defines, std::string_view name) {
  std::vector<ShaderName> shaders;
  std::string files;
  for (const ShaderStage& s : stages) {
    files += (files.empty() ? "" : " + ") + s.path;
    PreprocessedSource source;
    try {
      source = library.preprocess(s.path, defines);
    } catch (const std::exception& e) {
      throw ShaderError(std::string("shader preprocessing failed: ") + e.what());
    }
    ShaderName shader(glCreateShader(s.stage));
    const char* text = source.text.c_str();
    glShaderSource(shader.id(), 1, &text, nullptr);
    glCompileShader(shader.id());
    GLint ok = GL_FALSE;
    glGetShaderiv(shader.id(), GL_COMPILE_STATUS, &ok);
    if (!ok) {
      throw ShaderError(std::string(stageName(s.stage)) + " shader '" + s.path + "' (from " + library.origin() +
                        ") failed to compile:\n" + annotateLog(infoLog(shader.id(), glGetShaderiv, glGetShaderInfoLog), source.files));
    }
    shaders.push_back(std::move(shader));
  }

  ProgramName program(glCreateProgram());
  for (const ShaderName& s : shaders) glAttachShader(program.id(), s.id());
  glLinkProgram(program.id());
  for (const ShaderName& s : shaders) glDetachShader(program.id(), s.id());
  GLint ok = GL_FALSE;
  glGetProgramiv(program.id(), GL_LINK_STATUS, &ok);
  if (!ok) {
    throw ShaderError("program '" + files + "' failed to link:\n" + infoLog(program.id(), glGetProgramiv, glGetProgramInfoLog));
  }
  label(GL_PROGRAM, program.id(), name.empty() ? std::string_view(files) : name);

  Program result;
  result.name_ = std::move(program);
  return result;
}

std::size_t Program::storageArrayStride(const std::string& block) const {
  const GLuint index = glGetProgramResourceIndex(name_.id(), GL_SHADER_STORAGE_BLOCK, block.c_str());
  if (index == GL_INVALID_INDEX) return 0;
  const GLenum count = GL_NUM_ACTIVE_VARIABLES;
  GLint variables = 0;
  glGetProgramResourceiv(name_.id(), GL_SHADER_STORAGE_BLOCK, index, 1, &count, 1, nullptr, &variables);
  if (variables < 1) return 0;
  std::vector<GLint> members(static_cast<std::size_t>(variables));
  const GLenum active = GL_ACTIVE_VARIABLES;
  glGetProgramResourceiv(name_.id(), GL_SHADER_STORAGE_BLOCK, index, 1, &active, variables, nullptr, members.data());
  // An array of structs: the top-level stride (a member's own GL_ARRAY_STRIDE would be its
  // array's, if any). An array of a plain type: drivers report 0 there and the stride as the
  // variable's GL_ARRAY_STRIDE.
  const GLenum properties[] = {GL_TOP_LEVEL_ARRAY_STRIDE, GL_ARRAY_STRIDE};
  GLint strides[2] = {0, 0};
  glGetProgramResourceiv(name_.id(), GL_BUFFER_VARIABLE, static_cast<GLuint>(members[0]), 2, properties, 2, nullptr, strides);
  const GLint stride = strides[0] > 0 ? strides[0] : strides[1];
  return static_cast<std::size_t>(std::max(stride, 0));
}

}  // namespace boids::gl
