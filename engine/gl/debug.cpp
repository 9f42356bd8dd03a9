#include "engine/gl/debug.hpp"

#include <cstdio>

#include "engine/gl/gl.hpp"

namespace boids::gl {
namespace {

DebugStats g_stats;
bool g_verbose = false;

const char* typeName(GLenum type) {
  switch (type) {
    case GL_DEBUG_TYPE_ERROR: return "error";
    case GL_DEBUG_TYPE_DEPRECATED_BEHAVIOR: return "deprecated";
    case GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR: return "undefined-behaviour";
    case GL_DEBUG_TYPE_PORTABILITY: return "portability";
    case GL_DEBUG_TYPE_PERFORMANCE: return "performance";
    default: return "other";
  }
}

void GLAPIENTRY onMessage(GLenum /*source*/, GLenum type, GLuint id, GLenum severity, GLsizei /*length*/,
                          const GLchar* message, const void* /*user*/) {
  if (type == GL_DEBUG_TYPE_PUSH_GROUP) {
    if (g_stats.groups.find(std::string_view(message)) == g_stats.groups.end()) g_stats.groups.emplace(message);
    return;
  }
  if (type == GL_DEBUG_TYPE_POP_GROUP) return;
  const bool error = type == GL_DEBUG_TYPE_ERROR || type == GL_DEBUG_TYPE_UNDEFINED_BEHAVIOR;
  if (error) {
    ++g_stats.errors;
    g_stats.lastError = message;
  } else if (severity == GL_DEBUG_SEVERITY_HIGH || severity == GL_DEBUG_SEVERITY_MEDIUM) {
    ++g_stats.warnings;
  }
  if (error || g_verbose || severity == GL_DEBUG_SEVERITY_HIGH) {
    std::fprintf(stderr, "GL %s [%u]: %s\n", typeName(type), id, message);
  }
}

}  // namespace

void enableDebugOutput(bool verbose) {
  g_verbose = verbose;
  glEnable(GL_DEBUG_OUTPUT);
  glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
  glDebugMessageCallback(onMessage, nullptr);
  glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, 0, nullptr, GL_TRUE);
  if (!verbose) {
    glDebugMessageControl(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_SEVERITY_NOTIFICATION, 0, nullptr, GL_FALSE);
  }
  // The passes' groups are notifications too, but recorded (their names, for the tests), never printed.
  glDebugMessageControl(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_PUSH_GROUP, GL_DONT_CARE, 0, nullptr, GL_TRUE);
}

DebugGroup::DebugGroup(std::string_view name) {
  glPushDebugGroup(GL_DEBUG_SOURCE_APPLICATION, 0, static_cast<GLsizei>(name.size()), name.data());
}

DebugGroup::~DebugGroup() { glPopDebugGroup(); }

const DebugStats& debugStats() { return g_stats; }
void resetDebugStats() { g_stats = {}; }

}  // namespace boids::gl
