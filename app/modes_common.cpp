// What the modes share: fitting the options to the context, loading shaders, the final verdict.
#include <cstdio>

#include "app/modes.hpp"
#include "engine/gl/debug.hpp"
#include "engine/platform/context.hpp"
#include "engine/sim/flock.hpp"

namespace boids::app {

std::string adaptToContext(Options& options, const gl::Caps& caps) {
  if (caps.softwareRenderer() && options.settings.sim.neighbours == sim::Neighbours::BruteForce && !options.countGiven() &&
      options.settings.sim.count > kSoftwareRendererCount) {
    // Beneath every other source, so a world size or camera given with it still holds.
    Layer smaller{"software renderer", {{findSetting("count"), kSoftwareRendererCount}}};
    Resolved resolved = resolve(options.layers(std::move(smaller)));
    if (resolved.error.empty()) {
      options.settings = std::move(resolved.settings);
      std::printf("software renderer: starting with %u boids (the O(N^2) step is slow on a CPU; --count overrides)\n",
                  options.settings.sim.count);
    }
  }
  return sim::checkCountFits(options.settings.sim.count, caps, options.settings.sim.neighbours);
}

std::unique_ptr<platform::HeadlessContext> openHeadless(const Options& options) {
  std::unique_ptr<platform::HeadlessContext> context;
  try {
    context = platform::HeadlessContext::create({.debug = options.glDebug, .newestMinor = options.glNewestMinor});
  } catch (const platform::ContextError& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return nullptr;
  }
  if (options.glDebug) gl::enableDebugOutput();
  std::printf("OpenGL %s via %s\n", gl::Caps::query().summary().c_str(), context->platform().c_str());
  return context;
}

gl::ShaderLibrary loadShaders(const Options& options) {
  return options.shaderDir.empty() ? gl::ShaderLibrary::embedded() : gl::ShaderLibrary::fromDirectory(options.shaderDir);
}

Scene::Scene(const gl::ShaderLibrary& library, const gl::Caps& caps, const AppSettings& settings)
    : shaders(library),
      simulation(library, caps, settings.sim, settings.reduce),
      renderer(library),
      inspector(library, caps) {
  simulation.setSorter(settings.sort);
}

namespace {
void poison(Scene& scene, const Options& options) {  // --inject-nonfinite
  if (options.injectNonFinite == 0) return;
  scene.simulation.injectNonFinite(options.injectNonFinite);
  std::printf("made %u boids non-finite (--inject-nonfinite)\n", options.injectNonFinite);
}
}  // namespace

std::unique_ptr<Scene> makeScene(const Options& options, const gl::Caps& caps) {
  std::string fallback;
  if (!options.shaderDir.empty()) {
    try {
      auto scene = std::make_unique<Scene>(gl::ShaderLibrary::fromDirectory(options.shaderDir), caps, options.settings);
      poison(*scene, options);
      return scene;
    } catch (const std::exception& e) {
      fallback = "the shaders in " + options.shaderDir.string() + " cannot be used; running the built-in shaders instead:\n" + e.what();
      std::fprintf(stderr, "boids: warning: %s\n", fallback.c_str());
      gl::resetDebugStats();  // the failed compile was reported through debug output, and handled
    }
  }
  auto scene = std::make_unique<Scene>(gl::ShaderLibrary::embedded(), caps, options.settings);
  scene->shaderFallback = std::move(fallback);
  poison(*scene, options);
  return scene;
}

int glDebugExitCode(const Options& options) {
  if (!options.glDebug || gl::debugStats().errors == 0) return 0;
  std::fprintf(stderr, "boids: %llu GL errors reported by debug output (last: %s)\n",
               static_cast<unsigned long long>(gl::debugStats().errors), gl::debugStats().lastError.c_str());
  return 1;
}

}  // namespace boids::app
