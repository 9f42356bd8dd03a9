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

}  // namespace boids::gl
