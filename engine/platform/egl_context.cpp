#include <glad/egl.h>

#include <cstdlib>
#include <vector>

#include "engine/gl/gl.hpp"
#include "engine/platform/context.hpp"

namespace boids::platform {
namespace {

std::string eglErrorName(EGLint error) {
  switch (error) {
    case EGL_SUCCESS: return "EGL_SUCCESS";
    case EGL_NOT_INITIALIZED: return "EGL_NOT_INITIALIZED";
    case EGL_BAD_ACCESS: return "EGL_BAD_ACCESS";
    case EGL_BAD_ALLOC: return "EGL_BAD_ALLOC";
    case EGL_BAD_ATTRIBUTE: return "EGL_BAD_ATTRIBUTE";
    case EGL_BAD_CONFIG: return "EGL_BAD_CONFIG";
    case EGL_BAD_CONTEXT: return "EGL_BAD_CONTEXT";
    case EGL_BAD_DISPLAY: return "EGL_BAD_DISPLAY";
    case EGL_BAD_MATCH: return "EGL_BAD_MATCH";
    case EGL_BAD_PARAMETER: return "EGL_BAD_PARAMETER";
    default: return "EGL error " + std::to_string(error);
  }
}

struct Candidate {
  EGLDisplay display;
  std::string name;
};

// Every display worth trying, best first. Client extensions are queried on EGL_NO_DISPLAY.
std::vector<Candidate> candidateDisplays() {
  std::vector<Candidate> out;
  if (GLAD_EGL_MESA_platform_surfaceless && eglGetPlatformDisplayEXT) {
    EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
    if (d != EGL_NO_DISPLAY) out.push_back({d, "EGL surfaceless"});
  }
  if (GLAD_EGL_EXT_platform_device && eglQueryDevicesEXT && eglGetPlatformDisplayEXT) {
    EGLDeviceEXT devices[16];
    EGLint count = 0;
    if (eglQueryDevicesEXT(16, devices, &count)) {
      for (EGLint i = 0; i < count; ++i) {
        EGLDisplay d = eglGetPlatformDisplayEXT(EGL_PLATFORM_DEVICE_EXT, devices[i], nullptr);
        if (d != EGL_NO_DISPLAY) out.push_back({d, "EGL device " + std::to_string(i)});
      }
    }
  }
  EGLDisplay d = eglGetDisplay(EGL_DEFAULT_DISPLAY);
  if (d != EGL_NO_DISPLAY) out.push_back({d, "EGL default display"});
  return out;
}

EGLContext createContext(EGLDisplay display, EGLConfig config, int major, int minor, bool debug, bool core) {
  std::vector<EGLint> attribs = {EGL_CONTEXT_MAJOR_VERSION, major, EGL_CONTEXT_MINOR_VERSION, minor};
  if (core) attribs.insert(attribs.end(), {EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT});
  if (debug) attribs.insert(attribs.end(), {EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE});
  attribs.push_back(EGL_NONE);
  return eglCreateContext(display, config, EGL_NO_CONTEXT, attribs.data());
}

}  // namespace

std::unique_ptr<HeadlessContext> HeadlessContext::create(const ContextRequest& request) {
  if (!gladLoaderLoadEGL(EGL_NO_DISPLAY)) {
    throw ContextError(
        "headless OpenGL: could not load libEGL.so.1. Install an EGL implementation (Debian: libegl1 and "
        "libegl-mesa0, or the NVIDIA driver's EGL) and check LD_LIBRARY_PATH.");
  }
  std::string tried;
  std::string offered;  // what a fallback context reported, when every 4.x request failed
  for (const Candidate& c : candidateDisplays()) {
    EGLint eglMajor = 0, eglMinor = 0;
    if (!eglInitialize(c.display, &eglMajor, &eglMinor)) {
      tried += "\n  " + c.name + ": eglInitialize failed (" + eglErrorName(eglGetError()) + ")";
      continue;
    }
    gladLoaderLoadEGL(c.display);  // display extensions
    if (!eglBindAPI(EGL_OPENGL_API)) {
      tried += "\n  " + c.name + ": no desktop OpenGL API (" + eglErrorName(eglGetError()) + ")";
      eglTerminate(c.display);
      continue;
    }
    EGLConfig config = nullptr;
    const EGLint configAttribs[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    EGLint configs = 0;
    if (!GLAD_EGL_KHR_no_config_context &&
        (!eglChooseConfig(c.display, configAttribs, &config, 1, &configs) || configs == 0)) {
      tried += "\n  " + c.name + ": no EGL config renders desktop OpenGL";
      eglTerminate(c.display);
      continue;
    }
    for (const GlVersion& v : kVersionsToTry) {
      if (v.minor > request.newestMinor) continue;
      EGLContext ctx = createContext(c.display, config, v.major, v.minor, request.debug, true);
      if (ctx == EGL_NO_CONTEXT) {
        tried += "\n  " + c.name + ": OpenGL " + std::to_string(v.major) + "." + std::to_string(v.minor) +
                 " core refused (" + eglErrorName(eglGetError()) + ")";
        continue;
      }
      if (!eglMakeCurrent(c.display, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
        tried += "\n  " + c.name + ": context cannot be made current without a surface (" +
                 eglErrorName(eglGetError()) + ")";
        eglDestroyContext(c.display, ctx);
        break;
      }
      if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress))) {
        tried += "\n  " + c.name + ": GL entry points could not be loaded";
        eglMakeCurrent(c.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
        eglDestroyContext(c.display, ctx);
        break;
      }
      auto result = std::unique_ptr<HeadlessContext>(new HeadlessContext());
      result->display_ = c.display;
      result->context_ = ctx;
      result->platform_ = c.name;
      return result;
    }
    // No 4.3+ core context here: ask for whatever the driver gives, to report what it offers.
    if (EGLContext any = createContext(c.display, config, 1, 0, false, false); any != EGL_NO_CONTEXT) {
      if (eglMakeCurrent(c.display, EGL_NO_SURFACE, EGL_NO_SURFACE, any) &&
          gladLoadGL(reinterpret_cast<GLADloadfunc>(eglGetProcAddress))) {
        auto str = [](GLenum e) {
          const auto* s = reinterpret_cast<const char*>(glGetString(e));
          return std::string(s ? s : "?");
        };
        offered = versionTooLowMessage(versionsAsked(request), str(GL_VERSION) + ", GLSL " + str(GL_SHADING_LANGUAGE_VERSION) +
                                                                    " (" + c.name + ")",
                                       str(GL_RENDERER));
      }
      eglMakeCurrent(c.display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
      eglDestroyContext(c.display, any);
    }
    eglTerminate(c.display);
  }
  if (!offered.empty()) throw ContextError(offered + "\nEGL attempts:" + tried);
  throw ContextError(
      "headless OpenGL: asked EGL for OpenGL " + versionsAsked(request) + " and got no context." + tried +
      "\nUsual causes: no GPU driver with EGL (Debian: install libegl-mesa0 and libgl1-mesa-dri for Mesa's "
      "software renderer), a driver too old for OpenGL 4.3, or a container without access to /dev/dri.");
}

HeadlessContext::~HeadlessContext() {
  auto display = static_cast<EGLDisplay>(display_);
  eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
  eglDestroyContext(display, static_cast<EGLContext>(context_));
  eglTerminate(display);
}

std::string versionsAsked(const ContextRequest& request) {
  std::string out;
  for (const GlVersion& v : kVersionsToTry) {
    if (v.minor > request.newestMinor) continue;
    out += (out.empty() ? "" : v.minor == 3 ? " and " : ", ") + std::to_string(v.major) + "." + std::to_string(v.minor);
  }
  return out + " core";
}

std::string versionTooLowMessage(const std::string& asked, const std::string& offeredVersion,
                                 const std::string& renderer) {
  // Mesa refuses every 4.3+ core context while either override asks for less: name the one set.
  std::string forced;
  for (const char* name : {"MESA_GL_VERSION_OVERRIDE", "MESA_GLSL_VERSION_OVERRIDE"}) {
    if (const char* value = std::getenv(name)) forced += std::string(forced.empty() ? "" : ", ") + name + "=" + value;
  }
  return "OpenGL 4.3 core (GLSL 4.30) or newer is required (compute shaders, shader storage buffers). Asked for " + asked +
         "; the driver offered only \"" + offeredVersion + "\" on \"" + renderer + "\". " +
         (forced.empty() ? "Usual causes: an old or missing GPU driver, a remote or virtual display without GPU access, or "
                           "Mesa forced to an old version (MESA_GL_VERSION_OVERRIDE, MESA_GLSL_VERSION_OVERRIDE)."
                         : "This environment forces Mesa to an older version: " + forced + "; unset it.");
}

}  // namespace boids::platform
