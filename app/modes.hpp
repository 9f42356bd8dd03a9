#pragma once
// The modes of the one binary. Each returns the process exit code.
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "app/options.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/centroid/inspector.hpp"
#include "engine/lighting/lighting.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/sim/simulation.hpp"

namespace boids::platform {
class Window;
class HeadlessContext;
}

namespace boids::app {

// The desktop app in an open window; `settingsFile` (may be empty) receives the settings at the
// end of an interactive run (one without --frames).
int runDesktop(Options options, std::unique_ptr<platform::Window> window, const std::filesystem::path& settingsFile);

// A fixed number of frames on a headless EGL context: timing table and a PNG of the last frame.
int runHeadlessDemo(Options options);

// The options adjusted to the context: a smaller default flock on a software renderer (said on
// stdout); a saved count this GPU cannot hold set aside (said on stderr). Returns a non-empty
// error, naming where the count came from ("--count 4000000: ..."), when the flock does not fit.
// `window`: for the window (its scene's scale too), not the headless demo.
std::string adaptToContext(Options& options, const gl::Caps& caps, bool window);
// The count to start with instead of `count` on this context: kSoftwareRendererCount on a software
// renderer when `count` is larger; nothing otherwise.
std::optional<std::uint32_t> softwareRendererCount(const gl::Caps& caps, std::uint32_t count);
// This context's defaults beneath the settings: on a software renderer kSoftwareRendererCount boids
// and the scene at kSoftwareRendererScale; nothing on a GPU (the panel's "reset to defaults").
Layer contextDefaults(const gl::Caps& caps);

// Every stage of the lab against its CPU reference over a sweep; exit code 0 when all passed.
int runCheck(const Options& options);

// GPU timings of the lab's stages and of the frame over sizes.
int runBench(const Options& options);

// One variant of a stage stepped dispatch by dispatch beside its CPU model; exit code 0 when every
// step agrees, 1 when one differs, 2 when it cannot run (an unknown variant, a bad input).
int runWatch(const Options& options);

// The headless context every headless mode uses; prints what it got, or why there is none (then null).
std::unique_ptr<platform::HeadlessContext> openHeadless(const Options& options);

// The embedded shaders, or the folder given with --shader-dir (check and bench: no fallback, they
// test what they are given).
gl::ShaderLibrary loadShaders(const Options& options);

// What the window and the demo draw and step, built from one shader library.
struct Scene {
  gl::ShaderLibrary shaders;
  sim::Simulation simulation;
  render::BoidRenderer renderer;
  centroid::Inspector inspector;
  lighting::Lighting lighting;
  std::string shaderFallback;  // why --shader-dir's shaders were not used, when they were not
  Scene(const gl::ShaderLibrary& library, const gl::Caps& caps, const AppSettings& settings);
};

// The lighting as `settings` ask (environment, projection variant and layout); the environment
// is loaded again only when it is not the one asked for last. Returns why the environment asked
// for could not be used (the built-in sky lights the scene instead), or empty.
std::string configureLighting(lighting::Lighting& lighting, const AppSettings& settings);

// The scene with --shader-dir's shaders; when they cannot be read or compiled (a missing or broken
// file), says why on stderr and builds it with the shaders built into the binary instead.
// Throws only what the built-in shaders would (a bad strategy name, a driver failure). With
// --inject-nonfinite, that many boids start non-finite.
std::unique_ptr<Scene> makeScene(const Options& options, const gl::Caps& caps);

// 1 (after saying so) when debug output was on and reported GL errors, else 0.
int glDebugExitCode(const Options& options);
// --save-flock: the flock as it is now (app/flock_file.hpp); a WriteError where it cannot be written.
void saveFlock(const Scene& scene, const Options& options);
// --shape: the flock's shape measures (engine/verify/flock_shape.hpp) and the murmuration's misses.
void reportShape(const Scene& scene, const Options& options);

}  // namespace boids::app
