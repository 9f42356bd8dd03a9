// What the modes share: fitting the options to the context, loading shaders, the final verdict.
#include <algorithm>
#include <cstdio>

#include "app/modes.hpp"

#include "app/files.hpp"
#include "app/flock_file.hpp"
#include "engine/gl/debug.hpp"
#include "engine/platform/context.hpp"
#include "engine/sim/flock.hpp"
#include "engine/verify/flock_shape.hpp"

namespace boids::app {

std::optional<std::uint32_t> softwareRendererCount(const gl::Caps& caps, std::uint32_t count) {
  if (!caps.softwareRenderer() || count <= kSoftwareRendererCount) return std::nullopt;
  return kSoftwareRendererCount;
}

Layer contextDefaults(const gl::Caps& caps) {
  Layer layer{"software renderer", {}};
  if (!caps.softwareRenderer()) return layer;
  layer.add(*findSetting("count"), kSoftwareRendererCount);
  layer.add(*findSetting("render-scale"), kSoftwareRendererScale);
  return layer;
}

namespace {

// On a software renderer: a smaller flock than the default's or a shipped preset's (a count the
// user gave, this run, in a preset file of theirs or saved by the last run, is kept), and the
// window's scene at half its size unless a scale was given (`window`: the headless demo draws at
// its full size); said on stdout.
void startSmallOnSoftware(Options& options, const gl::Caps& caps, bool window) {
  if (!caps.softwareRenderer()) return;
  // Set beneath every other source, so that a world size or camera given with them still holds.
  Options trial = options;
  Layer below{"software renderer", {}};
  std::vector<std::string> said;
  const std::uint32_t asked = options.settings.sim.count;
  const bool userCount = options.commandLine.has("count") || (options.saved && options.saved->has("count")) ||
                         (options.preset && !options.presetShipped && options.preset->has("count"));
  if (std::optional<std::uint32_t> smaller = softwareRendererCount(caps, asked); smaller && !userCount) {
    std::string whose = "the default";
    if (trial.preset && trial.preset->has("count")) {
      whose = "the preset's";
      trial.preset->remove("count");
    }
    if (trial.start && trial.start->has("count")) trial.start->remove("count");
    below.add(*findSetting("count"), *smaller);
    said.push_back(std::to_string(*smaller) + " boids rather than " + whose + " " + std::to_string(asked));
  }
  const auto given = [&](const char* key) {
    return options.commandLine.has(key) || (options.saved && options.saved->has(key)) || (options.preset && options.preset->has(key));
  };
  if (window && !given("render-scale")) {
    below.add(*findSetting("render-scale"), kSoftwareRendererScale);
    said.push_back("the window's scene drawn at half size and stretched");
  }
  Resolved resolved = resolve(trial.layers(std::move(below)));
  if (!said.empty() && resolved.error.empty()) {
    trial.settings = std::move(resolved.settings);
    options = std::move(trial);
    std::string list;
    for (const std::string& s : said) list += (list.empty() ? "" : "; ") + s;
    std::printf("software renderer: %s, to run at 25+ fps on a CPU (a count or render-scale given overrides it)\n", list.c_str());
  }
}

}  // namespace

std::string adaptToContext(Options& options, const gl::Caps& caps, bool window) {
  if (!caps.memoryOverrideError.empty()) return caps.memoryOverrideError;
  for (const char* key : {"width", "height"}) {  // the offscreen image (demo) or the window's largest
    const int side = std::string(key) == "width" ? options.settings.windowSize.x : options.settings.windowSize.y;
    if (caps.maxImageSide > 0 && side > caps.maxImageSide) {
      std::string origin = options.originOf(key);
      if (origin == "the default") origin = std::string(key) + " " + std::to_string(side);
      return origin + ": larger than this driver's largest image side, " + std::to_string(caps.maxImageSide) +
             " (GL_MAX_RENDERBUFFER_SIZE, GL_MAX_FRAMEBUFFER_WIDTH/HEIGHT)";
    }
  }
  startSmallOnSoftware(options, caps, window);
  std::string problem = sim::checkCountFits(options.settings.sim.count, caps, options.settings.sim.neighbours);
  if (problem.empty()) return {};
  // A count saved by the last run (on a bigger GPU, or before the memory filled up) costs this
  // run nothing: it is set aside with the world that was sized for it, then whatever only fitted
  // that world, and the rest is used. Tried on a copy: if that does not give a usable flock, the
  // error names the saved count as it stands.
  const bool givenThisRun = options.commandLine.has("count") || (options.preset && options.preset->has("count"));
  if (options.saved && options.saved->has("count") && !givenThisRun) {
    Options trial = options;
    std::vector<std::string> aside = {"count (" + std::to_string(options.settings.sim.count) + ")"};
    trial.saved->remove("count");
    if (options.settings.keepDensity) {
      for (const char* key : {"world-size", "wall-margin"}) {
        if (const Assignment* a = trial.saved->find(key)) {
          aside.push_back(std::string(key) + " (" + a->value.dump() + ")");
          trial.saved->remove(key);
        }
      }
    }
    for (std::string& more : setAsideConflicts(trial)) aside.push_back(std::move(more));
    const Resolved resolved = resolve(trial.layers());
    if (resolved.error.empty() &&
        sim::checkCountFits(resolved.settings.sim.count, caps, resolved.settings.sim.neighbours).empty()) {
      std::string list;
      for (const std::string& k : aside) list += (list.empty() ? "" : ", ") + k;
      std::fprintf(stderr, "boids: warning: %s: %s; %s set aside for this run, starting with %u boids (the file is left as it is)\n",
                   options.saved->find("count")->origin.c_str(), problem.c_str(), list.c_str(), resolved.settings.sim.count);
      trial.settings = resolved.settings;
      options = std::move(trial);
      startSmallOnSoftware(options, caps, window);  // the default count it falls back to, on a CPU
      return {};
    }
  }
  std::string origin = options.originOf("count");
  if (origin == "the default") origin = "count " + std::to_string(options.settings.sim.count) + " (the default)";
  return origin + ": " + problem;
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
      renderer(library, caps, settings.compact),
      inspector(library, caps),
      lighting(library, caps) {
  simulation.setSorter(settings.sort);
  if (std::string why = configureLighting(lighting, settings); !why.empty()) {
    std::fprintf(stderr, "boids: %s; lit by the built-in %s\n", why.c_str(), lighting::kFallbackEnvironment);
  }
}

std::string configureLighting(lighting::Lighting& lighting, const AppSettings& settings) {
  std::string why;
  if (settings.environment != lighting.asked() || lighting.environment().width == 0) why = lighting.setEnvironment(settings.environment);
  lighting.setLayout(settings.shLayout == "cube" ? lighting::ShLayout::Cube : lighting::ShLayout::Equirect);
  lighting.setVariant(settings.shVariant);  // a name from the settings table: known
  lighting.setYaw(settings.render.environmentYaw);
  return why;
}

namespace {
void poison(Scene& scene, const Options& options) {  // --inject-nonfinite
  if (options.injectNonFinite == 0) return;
  const std::uint32_t made = std::min(options.injectNonFinite, scene.simulation.settings().count);
  scene.simulation.injectNonFinite(made);
  if (made < options.injectNonFinite) {
    std::printf("made all %u boids non-finite (--inject-nonfinite %u: there are no more)\n", made, options.injectNonFinite);
  } else {
    std::printf("made %u boids non-finite (--inject-nonfinite)\n", made);
  }
}
}  // namespace

// --load-flock's flock in place of the initial one, in this run's world.
void loadFlock(Scene& scene, const Options& options) {
  if (!options.loadedFlock) return;
  const std::string name = "--load-flock " + options.loadFlock.string();
  scene.simulation.load(placeInWorld(*options.loadedFlock, 0.5f * scene.simulation.settings().worldSize, name));
  std::printf("flock: %zu boids from %s\n", options.loadedFlock->positions.size(), options.loadFlock.string().c_str());
}

std::unique_ptr<Scene> makeScene(const Options& options, const gl::Caps& caps) {
  std::string fallback;
  if (!options.shaderDir.empty()) {
    try {
      auto scene = std::make_unique<Scene>(gl::ShaderLibrary::fromDirectory(options.shaderDir), caps, options.settings);
      loadFlock(*scene, options);
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
  loadFlock(*scene, options);
  poison(*scene, options);
  return scene;
}

void saveFlock(const Scene& scene, const Options& options) {
  if (options.saveFlock.empty()) return;
  writeFileAtomically(options.saveFlock, flockNpy(scene.simulation.flock().read(), 0.5f * scene.simulation.settings().worldSize));
  std::printf("flock: %s\n", std::filesystem::absolute(options.saveFlock).string().c_str());
}

void reportShape(const Scene& scene, const Options& options) {
  if (!options.shape) return;
  const sim::SimSettings& s = scene.simulation.settings();
  sim::FlockState flock = scene.simulation.flock().read();
  std::vector<glm::vec4>& positions = flock.positions;
  for (glm::vec4& p : positions) p.y += 0.5f * s.worldSize;  // the ground at y = 0, as --save-flock writes it
  const verify::FlockShape shape = verify::measureFlock(positions, flock.velocities);
  std::printf("shape: %s\n", verify::describe(shape).c_str());
  std::string misses = verify::murmurationMisses(shape, 0.1 * s.altitudeLow);  // a line each
  while (!misses.empty() && misses.back() == '\n') misses.pop_back();
  std::replace(misses.begin(), misses.end(), '\n', ';');
  std::printf("murmuration targets: %s\n", misses.empty() ? "all met" : ("missed: " + misses).c_str());
}

int glDebugExitCode(const Options& options) {
  if (!options.glDebug || gl::debugStats().errors == 0) return 0;
  std::fprintf(stderr, "boids: %llu GL errors reported by debug output (last: %s)\n",
               static_cast<unsigned long long>(gl::debugStats().errors), gl::debugStats().lastError.c_str());
  return 1;
}

}  // namespace boids::app
