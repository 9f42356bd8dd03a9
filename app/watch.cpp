// boids watch: one variant of a stage stepped dispatch by dispatch beside its CPU model.
#include <cstdio>
#include <stdexcept>

#include "app/diagram_png.hpp"
#include "app/files.hpp"
#include "app/modes.hpp"
#include "app/stages.hpp"
#include "engine/lab/diagram.hpp"
#include "engine/platform/context.hpp"

namespace boids::app {
namespace {

std::string stepName(std::size_t step, const char* extension) {
  char name[32];
  std::snprintf(name, sizeof name, "step-%02zu.%s", step + 1, extension);
  return name;
}

// A line a step: what it did and whether the GPU's buffers equal the model's; each step's picture
// into `out` where given.
void report(const lab::Watch& watch, const std::filesystem::path& out) {
  std::printf("watch: %s / %s, input %s: %zu steps\n", watch.stage.c_str(), watch.variant.c_str(), watch.input.c_str(),
              watch.steps.size());
  for (std::size_t i = 0; i < watch.steps.size(); ++i) {
    const lab::Step& s = watch.steps[i];
    const std::size_t differ = s.differences();
    std::printf("  %zu %-12s %s: %s\n", i + 1, s.pass.c_str(), s.says.c_str(),
                differ == 0 ? "equals the model" : (std::to_string(differ) + " cells differ from the model").c_str());
    if (out.empty()) continue;
    const lab::Diagram diagram = lab::stepDiagram(watch, i);
    writeFileAtomically(out / stepName(i, "svg"), lab::svg(diagram), Durability::Unsynced);
    writeFileAtomically(out / stepName(i, "png"), gl::encodePng(drawDiagram(diagram)), Durability::Unsynced);
  }
  if (!watch.error.empty()) std::printf("watch: %s\n", watch.error.c_str());
  if (!out.empty() && !watch.steps.empty()) std::printf("watch: %zu steps written to %s (step-NN.png, step-NN.svg)\n", watch.steps.size(), out.string().c_str());
}

}  // namespace

int runWatch(const Options& options) {
  const WatchOptions& w = options.watch;
  const lab::StageInfo* info = findStage(w.stage);
  const std::unique_ptr<platform::HeadlessContext> context = openHeadless(options);
  if (!context) return 1;
  const gl::Caps caps = gl::Caps::query();
  try {
    const gl::ShaderLibrary shaders = loadShaders(options);
    const lab::Context lab{shaders, caps, options.settings.sim,
                           [](const lab::Case&) -> const lab::Flock& { throw std::logic_error("a watch makes no flock"); }, 0};
    const lab::Watch watch = info->watch({w.variant, w.n, w.input, options.settings.sim.seed, options.settings.sim.nearest}, lab);
    if (watch.steps.empty()) {
      std::fprintf(stderr, "boids: error: watch: %s\n", watch.error.c_str());
      return 2;
    }
    report(watch, w.out);
    return watch.agrees() ? 0 : 1;
  } catch (const std::invalid_argument& e) {
    std::fprintf(stderr, "boids: error: watch: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: error: %s\n", e.what());
    return 1;
  }
}

}  // namespace boids::app
