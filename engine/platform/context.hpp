#pragma once
// The two ways the engine gets a GL context: a headless EGL context (surfaceless or device
// platform, never a hidden window) and a GLFW window. Both ask for 4.6 core first, then 4.5 and
// 4.3, because drivers hand out exactly the version asked for; both fail with a ContextError that
// says what was asked, what the driver offered and the usual causes.
#include <memory>
#include <stdexcept>
#include <string>

namespace boids::platform {

class ContextError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct GlVersion {
  int major, minor;
};

// The GL versions we ask for, in order. 4.3 is the floor: compute shaders and SSBOs.
inline constexpr GlVersion kVersionsToTry[] = {{4, 6}, {4, 5}, {4, 3}};

struct ContextRequest {
  bool debug = false;    // a debug context, so that KHR_debug reports everything
  int newestMinor = 6;   // ask for 4.x only with x <= this (4.3: prove nothing newer is used)
};

// Explains a context whose version is below 4.3 (shared by both platforms).
std::string versionTooLowMessage(const std::string& platform, const std::string& offeredVersion,
                                 const std::string& renderer);
// "4.6, 4.5 and 4.3 core", as far as the request allows.
std::string versionsAsked(const ContextRequest& request);

class HeadlessContext {
 public:
  // Tries EGL surfaceless, then every EGL device, then the default display.
  static std::unique_ptr<HeadlessContext> create(const ContextRequest& request = {});
  ~HeadlessContext();
  HeadlessContext(const HeadlessContext&) = delete;
  HeadlessContext& operator=(const HeadlessContext&) = delete;

  const std::string& platform() const { return platform_; }  // e.g. "EGL surfaceless"

 private:
  HeadlessContext() = default;
  void* display_ = nullptr;
  void* context_ = nullptr;
  std::string platform_;
};

}  // namespace boids::platform
