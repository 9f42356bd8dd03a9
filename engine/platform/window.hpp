#pragma once
// A GLFW window with a GL 4.3+ core context. Input is accumulated between frames and handed out
// as plain data, so that nothing outside engine/platform talks to GLFW (the ImGui backend gets
// the native handle and nothing else).
#include <memory>
#include <string>
#include <vector>

#include <glm/vec2.hpp>

#include "engine/platform/context.hpp"

struct GLFWwindow;

namespace boids::platform {

enum class Key { Space, N, R, T, V, H, F, F5, F12, Escape };

struct InputFrame {
  glm::vec2 rotateDrag{0};  // left-button drag, in window pixels
  glm::vec2 panDrag{0};     // right- or middle-button drag
  float scroll = 0;         // wheel steps
  std::vector<Key> pressed; // keys that went down since the last frame
  // Held now: A (the flock follows the point under the cursor) and S (the flock flees it).
  bool attractHeld = false, fleeHeld = false;
  glm::vec2 cursor{0};      // window pixels from the top left
};

class Window {
 public:
  // Throws ContextError when there is no display or no 4.3+ context.
  static std::unique_ptr<Window> create(const std::string& title, int width, int height,
                                        const ContextRequest& request = {});
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  static bool displayAvailable();  // DISPLAY or WAYLAND_DISPLAY is set

  bool shouldClose() const;
  void requestClose();
  void pollEvents();
  void waitEvents();  // sleeps until something happens: used while minimised
  void swapBuffers();
  void setVsync(bool on);

  glm::ivec2 framebufferSize() const;
  glm::ivec2 windowSize() const;
  float contentScale() const;  // HiDPI factor (1 on a standard display)
  bool minimized() const;
  double seconds() const;

  InputFrame takeInput();
  GLFWwindow* native() const { return window_; }

 private:
  Window() = default;
  static void onScroll(GLFWwindow*, double, double);
  static void onKey(GLFWwindow*, int, int, int, int);
  static void onCursor(GLFWwindow*, double, double);

  GLFWwindow* window_ = nullptr;
  InputFrame input_;
  glm::dvec2 lastCursor_{0};
  bool haveCursor_ = false;
};

}  // namespace boids::platform
