#pragma once
// The modes of the one binary. Each returns the process exit code.
#include <memory>
#include <string>

#include "app/options.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::platform {
class Window;
class HeadlessContext;
}

namespace boids::app {

// The desktop app in an open window.
int runDesktop(Options options, std::unique_ptr<platform::Window> window);

// A fixed number of frames on a headless EGL context: timing table and a PNG of the last frame.
int runHeadlessDemo(Options options);

// The options adjusted to the context: a smaller default flock on a software renderer (said on
// stdout). Returns a non-empty error when the flock does not fit the context's limits.
std::string adaptToContext(Options& options, const gl::Caps& caps);

// Every reduction strategy against the CPU reference over a sweep; exit code 0 when all passed.
int runCheck(const Options& options);

// GPU timings per reduction strategy over sizes.
int runBench(const Options& options);

// The headless context every headless mode uses; prints what it got, or why there is none (then null).
std::unique_ptr<platform::HeadlessContext> openHeadless(const Options& options);

// The embedded shaders, or the folder given with --shader-dir.
gl::ShaderLibrary loadShaders(const Options& options);

// 1 (after saying so) when debug output was on and reported GL errors, else 0.
int glDebugExitCode(const Options& options);

}  // namespace boids::app
