// What the modes share: fitting the options to the context, loading shaders, the final verdict.
#include <cstdio>

#include "app/modes.hpp"
#include "engine/gl/debug.hpp"
#include "engine/platform/context.hpp"
#include "engine/sim/flock.hpp"

namespace boids::app {

std::string adaptToContext(Options& options, const gl::Caps& caps) {
  if (caps.softwareRenderer() && options.sim.neighbours == sim::Neighbours::BruteForce && !options.countGiven &&
      options.sim.count > kSoftwareRendererCount) {
    options.sim.count = kSoftwareRendererCount;
    fitWorldToCount(options);
    std::printf("software renderer: starting with %u boids (the O(N^2) step is slow on a CPU; --count overrides)\n",
                options.sim.count);
  }
  return sim::checkCountFits(options.sim.count, caps, options.sim.neighbours);
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

int glDebugExitCode(const Options& options) {
  if (!options.glDebug || gl::debugStats().errors == 0) return 0;
  std::fprintf(stderr, "boids: %llu GL errors reported by debug output (last: %s)\n",
               static_cast<unsigned long long>(gl::debugStats().errors), gl::debugStats().lastError.c_str());
  return 1;
}

}  // namespace boids::app
