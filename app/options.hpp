#pragma once
// Everything the command line can say, parsed once (CLI11) for every mode of the binary.
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/settings.hpp"
#include "app/settings_file.hpp"
#include "engine/sim/initial_state.hpp"

namespace boids::app {

enum class Mode {
  Auto,   // a window when a display is available, else the headless demo
  Demo,   // the headless demo, even with a display
  Check,  // every GPU path against its CPU reference over a sweep of sizes
  Bench,  // timings per strategy over sizes, for real GPUs
  Watch,  // one variant of a stage stepped dispatch by dispatch on a small input
};

struct CheckOptions {
  std::vector<std::uint32_t> sizes = {1, 2, 63, 64, 65, 4095, 4096, 4097, 65537, 1000003, 4194305};
  std::vector<std::uint64_t> seeds = {1, 2};
  std::vector<std::string> strategies;  // empty: every one
  std::vector<std::string> stages;      // empty: every one (app/stages.hpp)
  int repeats = 3;                      // timed runs per row (the median is reported)
  std::filesystem::path json;           // rows as JSON
  std::filesystem::path dump;           // folder for the positions each case reduced
  bool verbose = false;                 // every row printed, not only the failures
};

struct WatchOptions {
  std::string stage, variant;
  std::uint32_t n = 32;
  std::string input = "random";  // a pattern of lab::kWatchInputs, or numbers separated by commas
  std::filesystem::path out;     // the steps' PNG and SVG files go here; empty: none written
};

// What `boids check --stages` can name: the centroid reduction, the grid's stages, the primitives.

struct BenchOptions {
  bool reduce = false;
  bool sort = false;   // the grid's sorters on cell keys
  bool frame = false;  // the compute part of a frame, stage by stage, in the CIS 565 scenario
  bool scan = false;     // every scan variant beside a streaming copy of the same bytes
  bool compact = false;  // every compaction variant at several kept fractions, beside the same copy
  bool cull = false;     // the cull pass per compaction variant, and drawing with and without it
  bool sh = false;       // the environment's spherical-harmonics projection, every variant and layout, beside the CPU
  bool sparse = false;   // the grid's dense and hashed keys in worlds far larger than the flock
  std::vector<std::uint32_t> gridSizes = {65536, 262144, 1048576, 4194304, 16777216};
  std::vector<std::uint32_t> sizes = {65536, 1048576, 4194304, 16777216};
  std::vector<std::string> strategies;
  std::vector<std::string> sorters;  // --sort and --frame: only these (empty: every one)
  std::vector<std::string> stages;   // --stages: these stages of the lab (app/stages.cpp), by name
  int repeats = 200;
  std::filesystem::path json, csv;
};

struct Options {
  Mode mode = Mode::Auto;
  // The settings, resolved from the defaults, --preset and the command line (the window puts the
  // last run's saved settings beneath those two: resolveWindowSettings).
  AppSettings settings;
  std::optional<Layer> start;            // the window's and demo's start without --preset: the murmuration preset
  std::optional<Layer> saved;            // the last run's saved settings (window only)
  std::optional<Layer> preset;           // --preset's settings, when given
  bool presetShipped = false;            // --preset named a shipped preset (not a file of the user's)
  std::filesystem::path presetFile;      // --preset's file (empty for a shipped preset)
  Layer commandLine{"command line", {}};  // --KEY and --set KEY=VALUE, in that order
  bool defaults = false;                 // --defaults: leave the saved settings out
  int frames = -1;                       // -1: until closed (window) or the demo's default
  std::filesystem::path screenshot;      // written after the last frame
  std::filesystem::path record;          // a numbered PNG per frame goes here
  bool glDebug = false;
  int glNewestMinor = 6;                 // --gl-version 4.x: ask for 4.x at most
  std::filesystem::path shaderDir;       // read shaders from here instead of the embedded copies
  std::filesystem::path saveFlock;       // the flock after the last frame, as .npy (app/flock_file.hpp)
  std::filesystem::path loadFlock;       // the flock to start from, as .npy
  bool shape = false;                    // --shape: measure the flock's shape after the last frame
  bool cover = false;                    // --cover: measure how the flock covers the last picture (demo)
  std::shared_ptr<const sim::FlockState> loadedFlock;  // what loadFlock held when the options were read
  std::vector<std::string> openSections;  // the window's panel sections open at the start (--open)
  std::uint32_t injectNonFinite = 0;     // --inject-nonfinite: boids made NaN at the start (a test aid)
  CheckOptions check;
  BenchOptions bench;
  WatchOptions watch;

  // start < saved < preset < command line, those present; `below` goes under all of them.
  std::vector<Layer> layers(std::optional<Layer> below = std::nullopt) const;
  // A count came from one of them (--count, --set, the preset, the saved settings).
  bool countGiven() const;
  // Where a setting's value came from, as the user wrote it: "--count 64", "p.json:3:5:
  // simulation.count 64", "the default".
  std::string originOf(const std::string& key) const;
};

// Empty when the run's outputs (--screenshot, --json, --csv, --record, --dump) and inputs (--preset's
// file, the environment map) are pairwise distinct files; else the error naming both. Checked
// before any work: an output never replaces an input or another output.
std::string checkDistinctFiles(const Options& options);

// For the window: the saved settings of the last run beneath --preset and the command line.
// A saved file that cannot be read or parsed is reported and moved aside, never deleted; the run
// then starts from the defaults. Saved values that this version refuses, or that conflict with
// --preset and the options, are set aside by key (said on stderr, naming the file) and the rest
// is used; the file itself is left as it is. Returns the path the settings are saved to at the
// end of an interactive run (empty: none, and why is said on stdout).
std::filesystem::path resolveWindowSettings(Options& options);

// The saved values that conflict with --preset and the options, removed from options.saved one
// setting at a time (those the conflict names, followed through derived values); options.settings
// resolved again. Returns what was set aside, "key (value)" each; empty when nothing conflicted.
std::vector<std::string> setAsideConflicts(Options& options);
// The warning for them, naming the file (nothing when the list is empty).
void reportSetAside(const std::filesystem::path& file, const std::vector<std::string>& setAside);

// On a software rasteriser (Mesa llvmpipe on two cores) the default flock of 16384 runs at about
// five frames a second and the presets' slower still; the window and demo start there with at most
// this many boids, whatever the neighbour search, unless the user gave a count (docs/GUIDE.md: measured).
inline constexpr std::uint32_t kSoftwareRendererCount = 2048;
// And draws the window's scene at this fraction of its size (filling pixels is what costs there).
inline constexpr double kSoftwareRendererScale = 0.5;

inline constexpr int kDemoDefaultFrames = 120;
inline constexpr const char* kDemoDefaultScreenshot = "boids-demo.png";

struct ParseResult {
  std::optional<Options> options;  // empty: exit with exitCode (after --help, or on an error)
  int exitCode = 0;
};

// Prints help or a one-line error itself; errors exit with code 2.
ParseResult parseCommandLine(int argc, char** argv);

}  // namespace boids::app
