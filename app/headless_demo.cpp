#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <thread>

#include "app/capture.hpp"
#include "app/files.hpp"
#include "app/interrupt.hpp"
#include "app/modes.hpp"
#include "app/progress.hpp"
#include "engine/frame.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/debug.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/readback.hpp"
#include "engine/platform/context.hpp"
#include "engine/render/offscreen_target.hpp"
#include "engine/verify/cover.hpp"

namespace boids::app {
namespace {

// What the demo runs: the flock, the search, the reduction, the culling, the drawing, the lighting.
void describeDemo(const Options& options, Scene& scene, glm::ivec2 size, int frames) {
  const sim::SimSettings& flock = options.settings.sim;
  sim::Simulation& simulation = scene.simulation;
  render::BoidRenderer& renderer = scene.renderer;
  char margin[48] = "";
  if (flock.world == sim::WorldMode::Walls) std::snprintf(margin, sizeof margin, " (wall margin %g)", flock.wallMargin);
  std::printf("headless demo: %u boids, %d frames, %dx%d, world '%s' of side %g%s, seed %llu\n", flock.count, frames,
              size.x, size.y, sim::worldModeName(flock.world), flock.worldSize, margin,
              static_cast<unsigned long long>(flock.seed));
  std::printf("neighbours: %s", sim::neighboursName(options.settings.sim.neighbours));
  if (flock.rule == sim::Rule::Topological) {
    std::printf(" grid, the %u nearest within %g (topological; cells sized from the flock, first %.4g wide), sort %s",
                flock.nearest, flock.range, sim::topologicalCell(flock, simulation.nearestCell()), simulation.grid().sorter().name);
    if (flock.reaction > 1) std::printf(", each boid searching for them every %u steps", flock.reaction);
  } else if (simulation.usesGrid()) {
    const grid::Geometry g = sim::gridGeometry(options.settings.sim);
    std::printf(" grid, %s, %u-cell search, sort %s", g.describe().c_str(), static_cast<unsigned>(options.settings.sim.cells),
                simulation.grid().sorter().name);
  }
  std::printf("; reduction %s%s\n", simulation.reduceVariant().name,
              options.settings.paused ? "; paused (--paused: drawn, not stepped)" : "");
  const render::RenderSettings& rs = options.settings.render;
  if (rs.cull) {
    renderer.prepareFor(flock.count);
    std::printf("culling: on, compaction %s, levels of detail at %g and %g px%s\n", renderer.compaction().name,
                rs.lodPixels.x, rs.lodPixels.y, rs.freezeCull ? ", frustum frozen at the first frame" : "");
    if (!renderer.compactionNote().empty()) std::printf("note: %s\n", renderer.compactionNote().c_str());
  } else {
    std::printf("culling: off (--no-cull): every boid drawn as a dart%s\n",
                rs.draw == render::DrawMode::Splat ? ", or here a splat" : "");
  }
  char farField[96] = "a pixel covered by its nearest bird";
  if (rs.farField == render::FarField::OpticalDepth) {
    std::snprintf(farField, sizeof farField, "a pixel as opaque as the optical depth of the birds it sums (opacity %.2f)", rs.opacity);
  }
  std::printf("drawing: %s; splats by %s; %s\n", render::describeDraw(rs).c_str(), render::splatPathName(renderer.splats()).c_str(),
              farField);
  const lighting::Lighting& light = scene.lighting;
  std::printf("lighting: environment %s (%ux%u), projected onto spherical harmonics by %s from the %s map, exposure %+g stops\n",
              light.environment().name.c_str(), light.environment().width, light.environment().height, light.variant(),
              lighting::layoutName(light.layout()), double(rs.exposure));
  if (!light.note().empty()) std::printf("note: %s\n", light.note().c_str());
  std::fflush(stdout);
}

// Each pass's median, mean and minimum over the frames, their sum, and the wall clock.
void printPasses(const gl::FrameTimer& timer, int frames, double wallMs) {
  std::printf("\n%-22s %12s %12s %12s %8s\n", "pass", "median ms", "mean ms", "min ms", "frames");
  double medianSum = 0, render = 0, parts = 0;
  for (const gl::PassStats& s : timer.stats()) {
    const bool part = render::isDrawPart(s.name);  // inside the render pass, not added again
    std::printf("%-22s %12.4f %12.4f %12.4f %8zu%s\n", s.name.c_str(), s.medianMs, s.meanMs, s.minMs, s.samples,
                part ? "  (part of render)" : "");
    if (!part) medianSum += s.medianMs;
    if (part) parts += s.medianMs;
    if (s.name == passInfo(Pass::Render).name) render = s.medianMs;
  }
  if (parts > 0) {  // what the render pass does besides its timed parts
    std::printf("%-22s %12.4f   (part of render: the box, markers and colours; render's median less its parts')\n",
                "render/the rest", std::max(0.0, render - parts));
  }
  std::printf("%-22s %12.4f   (sum of the passes' medians)\n", "frame", medianSum);
  std::printf("timing: %s\n", gl::describe(timer.source()));
  if (frames > 0) {
    std::printf("wall clock: %.1f ms for %d frames (%.2f ms/frame, includes the CPU side)\n", wallMs, frames,
                wallMs / frames);
  }

}

// The same check the panel runs: the centroid and bounds of the final positions (the last frame
// stepped after its reduction, so reduce them once more) against the CPU.
bool finalCentroidPasses(Scene& scene) {
  sim::Simulation& simulation = scene.simulation;
  simulation.reduce();
  centroid::Inspector& inspector = scene.inspector;
  inspector.requestSnapshot(simulation.reduceInput(), simulation.reduceVariant(), simulation.reducer(),
                            simulation.stats(), false, simulation.steps());
  gl::finish();  // the run is over; waiting here stalls nothing
  while (!inspector.poll()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  const centroid::Verdict& v = inspector.latest()->active;
  std::printf("centroid check (%s): %s, error %.2e, tolerance %.2e, bounds %s\n", v.strategy.c_str(),
              v.pass ? "pass" : "FAIL", std::max({v.error.x, v.error.y, v.error.z}),
              std::min({v.tolerance.x, v.tolerance.y, v.tolerance.z}), v.boundsExact ? "exact" : "differ");
  return v.pass;
}

}  // namespace

int runHeadlessDemo(Options options) {
  const int frames = options.frames >= 0 ? options.frames : kDemoDefaultFrames;
  const std::filesystem::path shot = options.screenshot.empty() ? kDemoDefaultScreenshot : options.screenshot;

  if (options.screenshot.empty()) {  // the default file, checked like a given one before any work
    if (std::string why = checkOutputFile(shot); !why.empty()) {
      std::fprintf(stderr, "boids: error: the demo's screenshot %s: %s (--screenshot names another file)\n", shot.c_str(), why.c_str());
      return 2;
    }
  }
  const std::unique_ptr<platform::HeadlessContext> context = openHeadless(options);
  if (!context) return 1;
  const gl::Caps caps = gl::Caps::query();
  if (std::string problem = adaptToContext(options, caps, false); !problem.empty()) {
    std::fprintf(stderr, "boids: error: %s\n", problem.c_str());
    return 2;
  }

  bool checkPassed = false;
  try {
    std::optional<FrameRecorder> recorder;
    if (!options.record.empty()) recorder.emplace(options.record);
    std::unique_ptr<Scene> scene = makeScene(options, caps);
    sim::Simulation& simulation = scene->simulation;
    render::BoidRenderer& renderer = scene->renderer;
    render::OffscreenTarget target(options.settings.windowSize, 4);
    gl::FrameTimer timer(static_cast<std::size_t>(std::max(frames, 1)));
    FrameView view;
    view.target = target.target();
    view.viewport = target.size();
    view.camera = options.settings.camera;
    view.render = options.settings.render;
    view.lighting = &scene->lighting;

    const sim::SimSettings& flock = options.settings.sim;
    describeDemo(options, *scene, target.size(), frames);
    view.simulate = !options.settings.paused;  // --paused: the same frame drawn N times
    catchInterrupts();
    const auto start = std::chrono::steady_clock::now();
    int drawn = 0;
    {
      Progress progress(frames, "frame");  // cleared when the loop is left, however it is left
      const std::string label = "demo: " + std::to_string(flock.count) + " boids";
      for (; drawn < frames && interruptSignal() == 0; ++drawn) {
        progress.next(label);
        runFrame(simulation, renderer, timer, view);
        if (!recorder) continue;
        try {
          recorder->write(target.resolveAndRead());
        } catch (const WriteError& e) {
          progress.clear();
          std::fprintf(stderr, "boids: %s\nboids: the recording stops: %s\n", e.what(), recorder->summary().c_str());
          return 1;
        }
      }
    }
    timer.flush();
    if (const int signal = interruptSignal()) {
      std::printf("interrupted by %s after %d of %d frames\n", signalName(signal), drawn, frames);
      if (recorder) std::printf("%s\n", recorder->summary().c_str());
      return 128 + signal;
    }
    const double wallMs = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();

    printPasses(timer, frames, wallMs);

    if (recorder) std::printf("%s\n", recorder->summary().c_str());
    if (options.settings.render.cull && drawn > 0) {
      const render::CullCounts k = renderer.readCullCounts();  // the run is over: a blocking read stalls nothing
      std::printf("cull (last frame): %u of %u boids visible: near %u, middle %u, far %u\n", k.visible(), k.boids,
                  k.levels[0], k.levels[1], k.levels[2]);
    }
    if (const std::uint32_t repaired = simulation.nonFiniteRepaired(); repaired > 0) {
      std::printf("warning: %u boids turned non-finite (NaN or infinite) and were put back into the world\n", repaired);
    } else {
      std::printf("non-finite boids: none\n");
    }

    checkPassed = finalCentroidPasses(*scene);
    saveFlock(*scene, options);
    reportShape(*scene, options);

    const gl::Image picture = target.resolveAndRead();
    if (options.cover) std::printf("cover: %s\n", verify::describe(verify::measureCover(picture.rgba, picture.width, picture.height)).c_str());
    writePng(shot, picture);
    std::printf("screenshot: %s\n", std::filesystem::absolute(shot).string().c_str());
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  if (!checkPassed) return 1;
  return glDebugExitCode(options);
}

}  // namespace boids::app
