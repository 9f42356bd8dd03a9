#pragma once
// Everything the command line can say, parsed once (CLI11) for every mode of the binary.
#include <filesystem>
#include <optional>
#include <vector>
#include <string>

#include <glm/vec2.hpp>

#include "engine/grid/sort.hpp"
#include "engine/reduce/strategy.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/sim/params.hpp"

namespace boids::app {

enum class Mode {
  Auto,   // a window when a display is available, else the headless demo
  Demo,   // the headless demo, even with a display
  Check,  // every GPU path against its CPU reference over a sweep of sizes
  Bench,  // timings per strategy over sizes, for real GPUs
};

struct CheckOptions {
  std::vector<std::uint32_t> sizes = {1, 2, 63, 64, 65, 4095, 4096, 4097, 65537, 1000003, 4194305};
  std::vector<std::uint64_t> seeds = {1, 2};
  std::vector<std::string> strategies;  // empty: every one
  int repeats = 3;                      // timed runs per row (the median is reported)
  std::filesystem::path json;           // rows as JSON
  std::filesystem::path dump;           // folder for the positions each case reduced
};

struct BenchOptions {
  bool reduce = false;
  bool sort = false;   // the grid's sorters on cell keys
  bool frame = false;  // the compute part of a frame, stage by stage, in the CIS 565 scenario
  std::vector<std::uint32_t> gridSizes = {65536, 262144, 1048576, 4194304, 16777216};
  std::vector<std::uint32_t> sizes = {65536, 1048576, 4194304, 16777216};
  std::vector<std::string> strategies;
  int repeats = 200;
  std::filesystem::path json, csv;
};

struct Options {
  Mode mode = Mode::Auto;
  sim::SimSettings sim;
  render::RenderSettings render;
  int frames = -1;                      // -1: until closed (window) or the demo's default
  std::filesystem::path screenshot;     // written after the last frame
  glm::ivec2 size{1280, 720};
  bool vsync = true;
  bool paused = false;
  bool hidePanel = false;
  bool compareAll = false;
  bool glDebug = false;
  int glNewestMinor = 6;                // --gl-version 4.x: ask for 4.x at most
  std::filesystem::path shaderDir;      // read shaders from here instead of the embedded copies
  std::string reduceStrategy = reduce::kDefaultStrategy;  // centroid + bounds strategy
  std::string sorter = grid::kDefaultSorter;  // the grid's sort
  bool countGiven = false;              // --count was on the command line
  bool worldSizeGiven = false;          // --world-size was; else the world follows the count
  bool wallMarginGiven = false;
  CheckOptions check;
  BenchOptions bench;
};

// Unless given on the command line, the world's side follows the boid count at the reference
// density (sim::worldSizeForCount) and the wall margin is a tenth of the side.
void fitWorldToCount(Options& options);

// Brute-force neighbours cost O(N^2): on a software rasteriser (Mesa llvmpipe) the default flock
// would run at about one frame per second, so in that mode, without --count, it starts with this
// many boids.
inline constexpr std::uint32_t kSoftwareRendererCount = 2048;

inline constexpr int kDemoDefaultFrames = 120;
inline constexpr const char* kDemoDefaultScreenshot = "boids-demo.png";

struct ParseResult {
  std::optional<Options> options;  // empty: exit with exitCode (after --help, or on an error)
  int exitCode = 0;
};

// Prints help or a one-line error itself; errors exit with code 2.
ParseResult parseCommandLine(int argc, char** argv);

}  // namespace boids::app
