#include "app/options.hpp"

#include <cstdio>
#include <cmath>
#include <map>

#include <CLI/CLI.hpp>

#include "engine/grid/sort.hpp"
#include "engine/grid/spatial_grid.hpp"

namespace boids::app {

void fitWorldToCount(Options& o) {
  if (!o.worldSizeGiven) o.sim.worldSize = sim::worldSizeForCount(o.sim.count);
  if (!o.wallMarginGiven) o.sim.wallMargin = std::round(o.sim.worldSize) / 10.0f;
}

ParseResult parseCommandLine(int argc, char** argv) {
  Options o;
#ifdef BOIDS_GL_DEBUG_DEFAULT
  o.glDebug = true;
#endif
  CLI::App cli{
      "boids " BOIDS_VERSION " - a 3D flock on OpenGL 4.3+ compute shaders.\n"
      "With a display: a window with a live flock and a control panel.\n"
      "Without one (no DISPLAY/WAYLAND_DISPLAY, or no window could be opened): the headless demo,\n"
      "which renders offscreen on EGL, prints per-pass timings and writes a PNG of the last frame.\n\n"
      "Window controls: left-drag orbit, right/middle-drag pan, wheel zoom, R reset camera,\n"
      "Space pause, N single step, T reset flock, V vsync, H hide panel, F5 reload shaders, Esc quit.",
      "boids"};
  cli.option_defaults()->always_capture_default();
  cli.set_version_flag("--version", BOIDS_VERSION);
  cli.fallthrough();

  auto* demo = cli.add_subcommand("demo", "Run the headless demo (EGL, offscreen) even when a display is available");
  std::vector<std::string> strategyNames;
  for (const reduce::StrategyInfo& s : reduce::strategies()) strategyNames.emplace_back(s.name);

  auto* check = cli.add_subcommand(
      "check",
      "Headless: every reduction strategy on GPU positions against the CPU reference (double precision), over a "
      "sweep of sizes and seeds, on the initial flock and after --frames simulated frames (default 30, where the "
      "brute-force step allows). Prints a row per case; exit code 0 only when every available case passed");
  check->add_option("--sizes", o.check.sizes, "Flock sizes, comma-separated")->delimiter(',')->check(CLI::Range(1u, 1u << 26));
  check->add_option("--seeds", o.check.seeds, "Seeds, comma-separated")->delimiter(',');
  check->add_option("--strategies", o.check.strategies, "Only these strategies, comma-separated")
      ->delimiter(',')->check(CLI::IsMember(strategyNames));
  check->add_option("--repeats", o.check.repeats, "Timed runs per case (median reported)")->check(CLI::Range(1, 1000));
  check->add_option("--json", o.check.json, "Write the rows as JSON to this file (format: README)");
  check->add_option("--dump", o.check.dump,
                    "Write the positions of each case to this folder (raw little-endian float32 x,y,z,w per boid)");

  auto* bench = cli.add_subcommand("bench", "Headless benchmarks for real GPUs: GPU time per strategy over sizes");
  bench->add_flag("--reduce", o.bench.reduce, "Benchmark the centroid + bounds strategies");
  bench->add_flag("--sort", o.bench.sort, "Benchmark the grid's sorters on (cell, boid) pairs");
  bench->add_flag("--frame", o.bench.frame,
                  "Benchmark a frame's compute passes in the CIS 565 scenario (wrap-around world, no centroid pull, "
                  "0.03056 boids per unit^3, 20 warm-up steps), and its drawing separately");
  auto* benchSizes = bench->add_option("--sizes", o.bench.sizes, "Flock sizes, comma-separated (default: 64K, 1M, 4M, "
                                       "16M for --reduce; 64K, 256K, 1M, 4M, 16M for --sort and --frame)")
                         ->delimiter(',')->check(CLI::Range(1u, 1u << 26));
  bench->add_option("--strategies", o.bench.strategies, "Only these strategies, comma-separated")
      ->delimiter(',')->check(CLI::IsMember(strategyNames));
  bench->add_option("--repeats", o.bench.repeats, "Timed runs per strategy and size")->check(CLI::Range(1, 100000));
  bench->add_option("--json", o.bench.json, "Write the results as JSON to this file");
  bench->add_option("--csv", o.bench.csv, "Write the results as CSV to this file");

  auto* count = cli.add_option("-n,--count", o.sim.count,
                               "Number of boids (default " + std::to_string(o.sim.count) + "; " +
                                   std::to_string(kSoftwareRendererCount) + " on a software renderer)")
                   ->check(CLI::Range(1u, 1u << 26));
  cli.add_option("-s,--seed", o.sim.seed, "Seed of the initial flock (same seed, count, frames: same flock)");
  std::string neighbours = sim::neighboursName(o.sim.neighbours);
  cli.add_option("--neighbours", neighbours,
                 "Neighbour search: 'coherent' (grid, boids gathered into cell order), 'scattered' (grid, read "
                 "through the sorted index) or 'brute-force' (every pair)")
      ->check(CLI::IsMember({"coherent", "scattered", "brute-force"}));
  int cells = 27;
  cli.add_option("--cells", cells, "Grid search: 27 cells of the radius, or 8 cells of twice the radius")
      ->check(CLI::IsMember({27, 8}));
  std::vector<std::string> sorterNames;
  std::string sorterHelp = "Sort of the grid's (cell, boid) pairs (default " + std::string(grid::kDefaultSorter) + "):";
  for (const grid::SorterInfo& s : grid::sorters()) {
    sorterNames.emplace_back(s.name);
    sorterHelp += std::string("\n  ") + s.name + ": " + s.description;
  }
  cli.add_option("--sort", o.sorter, sorterHelp)->check(CLI::IsMember(sorterNames));
  std::string world = sim::worldModeName(o.sim.world);
  cli.add_option("--world", world, "World: 'walls' (soft walls inside a hard cube) or 'wrap' (wrap-around cube)")
      ->check(CLI::IsMember({"walls", "wrap"}));
  std::map<std::string, CLI::Option*> floatOptions;
  for (const sim::FloatParam& p : sim::floatParams()) {
    floatOptions[p.key] =
        cli.add_option(std::string("--") + p.key, o.sim.*p.member, p.help)->check(CLI::Range(p.min, p.max));
  }
  floatOptions["world-size"]->description(
      "side of the world cube (default: the count at 0.03056 boids per unit^3, the CIS 565 density)");
  floatOptions["wall-margin"]->description("soft walls push within this distance of a face (default: side / 10)");
  cli.add_option("--frames", o.frames,
                 "Frames to run, then exit (window: default until closed; demo: default " +
                     std::to_string(kDemoDefaultFrames) + ")")
      ->check(CLI::Range(0, 100000000));
  cli.add_option("--screenshot", o.screenshot,
                 "Write a PNG of the last frame here (window: the whole window with its panel; demo default: " +
                     std::string(kDemoDefaultScreenshot) + ")");
  cli.add_option("--width", o.size.x, "Window or offscreen image width in pixels")->check(CLI::Range(16, 16384));
  cli.add_option("--height", o.size.y, "Window or offscreen image height in pixels")->check(CLI::Range(16, 16384));
  cli.add_option("--boid-size", o.render.boidScale, "Length of a drawn boid in world units")->check(CLI::Range(0.01f, 100.0f));
  cli.add_flag("--vsync,!--no-vsync", o.vsync, "Synchronise the window with the display refresh");
  cli.add_flag("--paused", o.paused, "Start with the simulation paused");
  cli.add_flag("--hide-panel", o.hidePanel, "Start with the control panel hidden (H shows it)");
  cli.add_flag("--show-cells", o.render.showCells, "Start with the grid's occupied cells drawn");
  cli.add_flag("--compare-all", o.compareAll, "Start with every reduction strategy compared each frame (panel)");
  cli.add_flag("--follow", o.render.follow, "Start with the camera following the flock (framing its bounds, on the GPU)");
  cli.add_flag("--gl-debug,!--no-gl-debug", o.glDebug, "Ask for a debug context and print GL debug output (on in Debug builds)");
  std::string strategyHelp = "Strategy for the flock's centroid and bounds (default " +
                             std::string(reduce::kDefaultStrategy) + "):";
  for (const reduce::StrategyInfo& s : reduce::strategies()) strategyHelp += std::string("\n  ") + s.name + ": " + s.description;
  cli.add_option("--reduce", o.reduceStrategy, strategyHelp)->check(CLI::IsMember(strategyNames));
  std::string glVersion = "4.6";
  cli.add_option("--gl-version", glVersion,
                 "Newest OpenGL version to ask for (4.6, 4.5 or 4.3); 4.3 shows that nothing newer is needed")
      ->check(CLI::IsMember({"4.6", "4.5", "4.3"}));
  cli.add_option("--shader-dir", o.shaderDir,
                 "Read shaders from this folder instead of the copies built into the binary (for shader work; "
                 "F5 reloads them)")
      ->check(CLI::ExistingDirectory);

  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return {std::nullopt, cli.exit(e)};
  } catch (const CLI::CallForVersion& e) {
    return {std::nullopt, cli.exit(e)};
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "boids: error: %s\nRun 'boids --help' for the options and their ranges.\n", e.what());
    return {std::nullopt, 2};
  }
  o.sim.world = world == "wrap" ? sim::WorldMode::Wrap : sim::WorldMode::Walls;
  o.sim.neighbours = neighbours == "brute-force" ? sim::Neighbours::BruteForce
                     : neighbours == "scattered" ? sim::Neighbours::GridScattered
                                                 : sim::Neighbours::GridCoherent;
  o.sim.cells = cells == 8 ? sim::CellSearch::Cells8 : sim::CellSearch::Cells27;
  if (demo->parsed()) o.mode = Mode::Demo;
  if (check->parsed()) o.mode = Mode::Check;
  if (benchSizes->count() > 0) o.bench.gridSizes = o.bench.sizes;
  if (bench->parsed()) {
    o.mode = Mode::Bench;
    if (!o.bench.reduce && !o.bench.sort && !o.bench.frame) {
      std::fprintf(stderr, "boids: error: bench needs something to measure: --reduce, --sort or --frame\n");
      return {std::nullopt, 2};
    }
  }
  o.countGiven = count->count() > 0;
  o.glNewestMinor = glVersion.back() - '0';
  o.worldSizeGiven = floatOptions["world-size"]->count() > 0;
  o.wallMarginGiven = floatOptions["wall-margin"]->count() > 0;
  fitWorldToCount(o);
  if (std::string problem = sim::validate(o.sim); !problem.empty()) {
    std::fprintf(stderr, "boids: error: %s\n", problem.c_str());
    return {std::nullopt, 2};
  }
  return {o, 0};
}

}  // namespace boids::app
