#include "engine/platform/window.hpp"

#include <cstdlib>
#include <utility>

#include "engine/gl/caps.hpp"
#include "engine/gl/gl.hpp"
// glad's header comes first; GLFW must not pull in a GL header of its own.
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

namespace boids::platform {
namespace {

std::string g_lastGlfwError;
int g_windows = 0;

void onGlfwError(int code, const char* message) {
  g_lastGlfwError = "GLFW error " + std::to_string(code) + ": " + message;
}

Window* self(GLFWwindow* w) { return static_cast<Window*>(glfwGetWindowUserPointer(w)); }

}  // namespace

bool Window::displayAvailable() {
  auto set = [](const char* name) {
    const char* v = std::getenv(name);
    return v != nullptr && *v != '\0';
  };
  return set("DISPLAY") || set("WAYLAND_DISPLAY");
}

std::unique_ptr<Window> Window::create(const std::string& title, int width, int height,
                                       const ContextRequest& request) {
  glfwSetErrorCallback(onGlfwError);
  if (g_windows == 0 && !glfwInit()) {
    throw ContextError("cannot open a window: " + (g_lastGlfwError.empty() ? "glfwInit failed" : g_lastGlfwError));
  }
  auto window = std::unique_ptr<Window>(new Window());
  ++g_windows;  // from here on the destructor balances glfwInit
  std::string attempts;
  auto attempt = [&](int major, int minor, int samples) {
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_API);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, major);
    glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, minor);
    glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
    glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
    glfwWindowHint(GLFW_OPENGL_DEBUG_CONTEXT, request.debug ? GLFW_TRUE : GLFW_FALSE);
    glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
    glfwWindowHint(GLFW_SAMPLES, samples);
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);  // shown once final: a window made again is never seen
    g_lastGlfwError.clear();
    window->window_ = glfwCreateWindow(width, height, title.c_str(), nullptr, nullptr);
    if (!window->window_) {
      attempts += "\n  OpenGL " + std::to_string(major) + "." + std::to_string(minor) + " core, " +
                  std::to_string(samples) + "x MSAA: " + g_lastGlfwError;
    }
    return window->window_ != nullptr;
  };
  // 4x multisampling where the display offers it (Xvfb, for one, may not), else none.
  [&] {
    for (int samples : {4, 0}) {
      for (const GlVersion& v : kVersionsToTry) {
        if (v.minor <= request.newestMinor && attempt(v.major, v.minor, samples)) return;
      }
    }
  }();
  if (!window->window_) {
    // Ask for any context, only to say what the driver offers.
    glfwDefaultWindowHints();
    glfwWindowHint(GLFW_VISIBLE, GLFW_FALSE);
    if (GLFWwindow* probe = glfwCreateWindow(64, 64, "probe", nullptr, nullptr)) {
      glfwMakeContextCurrent(probe);
      std::string version = "?", renderer = "?";
      if (gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
        version = reinterpret_cast<const char*>(glGetString(GL_VERSION));
        renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
      }
      glfwDestroyWindow(probe);
      throw ContextError(versionTooLowMessage(versionsAsked(request), version + " (GLFW)", renderer) +
                         "\nAttempts:" + attempts);
    }
    throw ContextError("cannot open a window with OpenGL 4.3+ core:" + attempts);
  }
  glfwMakeContextCurrent(window->window_);
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
    throw ContextError("window created, but the GL entry points could not be loaded");
  }
  // On a software rasteriser every pixel of a multisampled window is four samples to fill, keep and
  // resolve on the CPU, for the panel alone (the scene is drawn offscreen there, at
  // --render-scale): the window is made again without.
  GLint samples = 0;
  glGetIntegerv(GL_SAMPLES, &samples);
  const auto* renderer = reinterpret_cast<const char*>(glGetString(GL_RENDERER));
  if (samples > 0 && renderer && gl::isSoftwareRenderer(renderer)) {
    const int major = glfwGetWindowAttrib(window->window_, GLFW_CONTEXT_VERSION_MAJOR);
    const int minor = glfwGetWindowAttrib(window->window_, GLFW_CONTEXT_VERSION_MINOR);
    glfwMakeContextCurrent(nullptr);
    glfwDestroyWindow(window->window_);
    window->window_ = nullptr;
    if (!attempt(major, minor, 0)) throw ContextError("cannot open the window again without multisampling:" + attempts);
    glfwMakeContextCurrent(window->window_);
    if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
      throw ContextError("window created, but the GL entry points could not be loaded");
    }
  }
  glfwShowWindow(window->window_);
  glfwSetWindowUserPointer(window->window_, window.get());
  glfwSetScrollCallback(window->window_, onScroll);
  glfwSetKeyCallback(window->window_, onKey);
  glfwSetCursorPosCallback(window->window_, onCursor);
  return window;
}

Window::~Window() {
  if (window_) glfwDestroyWindow(window_);
  if (--g_windows == 0) glfwTerminate();
}

bool Window::shouldClose() const { return glfwWindowShouldClose(window_); }
void Window::requestClose() { glfwSetWindowShouldClose(window_, GLFW_TRUE); }
void Window::pollEvents() { glfwPollEvents(); }
void Window::waitEvents() { glfwWaitEventsTimeout(0.1); }
void Window::swapBuffers() { glfwSwapBuffers(window_); }
void Window::setVsync(bool on) { glfwSwapInterval(on ? 1 : 0); }
double Window::seconds() const { return glfwGetTime(); }

glm::ivec2 Window::framebufferSize() const {
  glm::ivec2 s;
  glfwGetFramebufferSize(window_, &s.x, &s.y);
  return s;
}

glm::ivec2 Window::windowSize() const {
  glm::ivec2 s;
  glfwGetWindowSize(window_, &s.x, &s.y);
  return s;
}

float Window::contentScale() const {
  float x = 1, y = 1;
  glfwGetWindowContentScale(window_, &x, &y);
  return x > 0 ? x : 1.0f;
}

bool Window::minimized() const {
  glm::ivec2 s = framebufferSize();
  return glfwGetWindowAttrib(window_, GLFW_ICONIFIED) || s.x <= 0 || s.y <= 0;
}

InputFrame Window::takeInput() {
  InputFrame frame = std::exchange(input_, InputFrame{});
  frame.attractHeld = glfwGetKey(window_, GLFW_KEY_A) == GLFW_PRESS;
  frame.fleeHeld = glfwGetKey(window_, GLFW_KEY_S) == GLFW_PRESS;
  double x = 0, y = 0;
  glfwGetCursorPos(window_, &x, &y);
  frame.cursor = glm::vec2(float(x), float(y));
  return frame;
}

void Window::onScroll(GLFWwindow* w, double /*dx*/, double dy) { self(w)->input_.scroll += static_cast<float>(dy); }

void Window::onCursor(GLFWwindow* w, double x, double y) {
  Window* win = self(w);
  glm::dvec2 now(x, y);
  if (win->haveCursor_) {
    glm::vec2 delta(now - win->lastCursor_);
    if (glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS) win->input_.rotateDrag += delta;
    if (glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_RIGHT) == GLFW_PRESS ||
        glfwGetMouseButton(w, GLFW_MOUSE_BUTTON_MIDDLE) == GLFW_PRESS) {
      win->input_.panDrag += delta;
    }
  }
  win->lastCursor_ = now;
  win->haveCursor_ = true;
}

void Window::onKey(GLFWwindow* w, int key, int /*scancode*/, int action, int /*mods*/) {
  if (action != GLFW_PRESS) return;
  static constexpr std::pair<int, Key> kKeys[] = {
      {GLFW_KEY_SPACE, Key::Space}, {GLFW_KEY_R, Key::R},     {GLFW_KEY_N, Key::N},
      {GLFW_KEY_T, Key::T},         {GLFW_KEY_V, Key::V},     {GLFW_KEY_F5, Key::F5},
      {GLFW_KEY_ESCAPE, Key::Escape}, {GLFW_KEY_H, Key::H}, {GLFW_KEY_F, Key::F},
      {GLFW_KEY_F12, Key::F12}};
  for (auto [glfwKey, k] : kKeys) {
    if (glfwKey == key) self(w)->input_.pressed.push_back(k);
  }
}

}  // namespace boids::platform
