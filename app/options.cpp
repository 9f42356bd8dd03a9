#include "app/options.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>
#include <stdexcept>

#include <CLI/CLI.hpp>

#include "app/capture.hpp"
#include "app/flock_file.hpp"
#include "app/help.hpp"
#include "app/panel.hpp"
#include "app/stages.hpp"
#include "app/files.hpp"
#include "app/text.hpp"
#include "engine/lab/watch.hpp"
#include "engine/lighting/environment.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/centroid/reducer.hpp"

namespace boids::app {

std::vector<Layer> Options::layers(std::optional<Layer> below) const {
  std::vector<Layer> all;
  if (below) all.push_back(std::move(*below));
  if (start) all.push_back(*start);
  if (saved) all.push_back(*saved);
  if (preset) all.push_back(*preset);
  all.push_back(commandLine);
  return all;
}

bool Options::countGiven() const {  // the start's count is a default, not one given
  return (saved && saved->has("count")) || (preset && preset->has("count")) || commandLine.has("count");
}

std::string Options::originOf(const std::string& key) const { return resolve(layers()).originOf(key); }

namespace {

void printWarnings(const std::vector<std::string>& warnings) {
  for (const std::string& w : warnings) std::fprintf(stderr, "boids: warning: %s\n", w.c_str());
}

ParseResult fail(const std::string& message) {
  std::fprintf(stderr, "boids: error: %s\n", message.c_str());
  return {std::nullopt, 2};
}

// A mistake on the command line, in our words; parseCommandLine turns it into one line and exit code 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

// The help text of a setting's option: what it does, its range, its default.
std::string settingHelp(const SettingInfo& s) {
  std::string help = s.help;
  if (s.kind != SettingKind::Bool) help += " (" + describeRange(s) + ")";
  const nlohmann::json d = valueOf(s, AppSettings{});
  if (std::string(s.key) == "world-size") {
    help += "; default: the count at " + sim::densityText();
  } else if (std::string(s.key) == "wall-margin") {
    help += "; default: side / 10";
  } else if (std::string(s.key).rfind("camera-", 0) == 0) {
    help += "; default: framing the world";
  } else if (d.is_number_float()) {
    help += "; default " + formatNumber(d.get<double>());  // 0.1, not 0.10000000149011612
  } else if (d.is_array()) {  // as the option takes it: 4,1.5
    std::string text;
    for (const nlohmann::json& c : d) text += (text.empty() ? "" : ",") + formatNumber(c.get<double>());
    help += "; default " + text;
  } else {
    help += "; default " + (d.is_string() ? d.get<std::string>() : d.dump());
  }
  if (std::string(s.key) == "count") help += " (software renderer: " + std::to_string(kSoftwareRendererCount) + ")";
  if (std::string(s.key) == "render-scale") help += " (software renderer: " + formatNumber(kSoftwareRendererScale) + ")";
  return help;
}

// Options that a mode would silently ignore are refused, saying what the mode uses instead.
struct Unused {
  const char* option;  // without the dashes; a setting's key or another option's name
  const char* why;
};
const Unused kUnusedByWatch[] = {
    {"count", "watch takes --n elements"},
    {"frames", "watch runs one variant's dispatches, no frames"},
    {"screenshot", "watch writes its steps into --out"},
    {"record", "watch writes its steps into --out"},
    {"save-flock", "watch runs no flock"},
    {"load-flock", "watch runs no flock"},
    {"open", "watch opens no window"},
};

const Unused kUnusedByCheck[] = {
    {"count", "check runs every size of --sizes"},
    {"seed", "check runs every seed of --seeds"},
    {"world-size", "check sizes the world for each count at the CIS 565 density"},
    {"wall-margin", "check sizes the world (and its margin) for each count"},
    {"keep-density", "check sizes the world for each count at the CIS 565 density"},
    {"screenshot", "check writes no pictures (--json and --dump write its results)"},
    {"record", "check writes no pictures (--json and --dump write its results)"},
    {"inject-nonfinite", "check runs finite flocks only"},
    {"open", "check opens no window"},
    {"save-flock", "check runs its own flocks"},
    {"load-flock", "check runs its own flocks"},
};
const Unused kUnusedByBench[] = {
    {"environment", "bench projects maps of its own sizes (--sh) and draws its frames unlit"},
    {"count", "bench runs every size of --sizes"},
    {"frames", "bench runs a fixed number of frames per size"},
    {"screenshot", "bench writes no pictures (--json and --csv write its results)"},
    {"record", "bench writes no pictures (--json and --csv write its results)"},
    {"inject-nonfinite", "bench runs finite flocks only"},
    {"open", "bench opens no window"},
    {"save-flock", "bench runs its own flocks"},
    {"load-flock", "bench runs its own flocks"},
};

// The command line's value options are kept as text, one entry per occurrence: CLI11 finds them,
// and we read them with the rules every number follows (app/text.hpp), so each mistake gets our
// wording, and an option given twice is an error instead of one of them silently winning.
class TextOptions {
 public:
  // `key` tells apart options of one name in two modes (check's and bench's --sizes); by default
  // the long name without dashes.
  CLI::Option* add(CLI::App& app, const std::string& names, const std::string& help, const std::string& typeName,
                   std::string key = {}) {
    const std::size_t dashes = names.rfind("--");
    const std::string name = names.substr(dashes, names.find(',', dashes) - dashes);
    if (key.empty()) key = name.substr(2);
    names_[key] = name;
    return app.add_option(names, values_[key], help)
        ->type_name(typeName)
        ->allow_extra_args(false)
        ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
  }

  bool given(const std::string& key) const { return values_.count(key) && !values_.at(key).empty(); }

  // CLI11 gives an option the next argument even when that is another option ("--count --frames
  // 5"): said first, before the argument that was left over ("5") is.
  void refuseOptionsAsValues() const {
    for (const auto& [key, values] : values_) {
      for (const std::string& v : values) {
        if (v.rfind("--", 0) == 0 && v.size() > 2) throw UsageError(names_.at(key) + " needs a value (" + shorten(v) + " is an option)");
      }
    }
  }

  // The one value of an option, or nullopt when it was not given.
  std::optional<std::string> once(const std::string& key) const {
    const std::vector<std::string>& v = values_.at(key);
    const std::string& name = names_.at(key);
    if (v.empty()) return std::nullopt;
    if (v.size() > 1) {
      throw UsageError(name + " is given twice ('" + shorten(v[0]) + "' and '" + shorten(v[1]) + "'); give it once");
    }
    if (v[0].empty()) throw UsageError(name + " needs a value (it was given an empty one)");
    if (v[0].rfind("--", 0) == 0) throw UsageError(name + " needs a value (" + shorten(v[0]) + " is an option)");
    return v[0];
  }

  std::optional<std::uint64_t> whole(const std::string& key, std::uint64_t min, std::uint64_t max) const {
    const std::optional<std::string> text = once(key);
    if (!text) return std::nullopt;
    std::string why;
    const std::optional<std::uint64_t> v = parseWhole(*text, min, max, why);
    if (!v) throw UsageError(names_.at(key) + " " + shorten(*text) + ": " + why);
    return v;
  }

  // A comma-separated list of whole numbers (--sizes, --seeds).
  std::optional<std::vector<std::uint64_t>> wholeList(const std::string& key, std::uint64_t min, std::uint64_t max) const {
    const std::optional<std::string> text = once(key);
    if (!text) return std::nullopt;
    std::vector<std::uint64_t> list;
    for (const std::string& item : split(*text)) {
      std::string why;
      const std::optional<std::uint64_t> v = parseWhole(item, min, max, why);
      if (!v) throw UsageError(names_.at(key) + " " + shorten(*text) + ": " + why);
      list.push_back(*v);
    }
    return list;
  }

  std::optional<std::vector<std::string>> choiceList(const std::string& key, const std::vector<std::string>& choices) const {
    const std::optional<std::string> text = once(key);
    if (!text) return std::nullopt;
    std::vector<std::string> list = split(*text);
    for (const std::string& item : list) {
      if (std::find(choices.begin(), choices.end(), item) == choices.end()) {
        std::string all;
        for (const std::string& c : choices) all += (all.empty() ? "" : ", ") + c;
        throw UsageError(names_.at(key) + " " + shorten(*text) + ": '" + shorten(item) + "' is none of " + all);
      }
    }
    return list;
  }

 private:
  static std::vector<std::string> split(const std::string& text) {
    std::vector<std::string> items;
    std::size_t start = 0;
    for (std::size_t comma; (comma = text.find(',', start)) != std::string::npos; start = comma + 1) {
      items.push_back(text.substr(start, comma - start));
    }
    items.push_back(text.substr(start));
    return items;
  }

  std::map<std::string, std::vector<std::string>> values_;  // map nodes stay put: CLI11 holds references
  std::map<std::string, std::string> names_;                // key -> "--sizes"
};

// What an option means only beside another, refused without it rather than silently ignored.
void refuseIgnored(const Options& o, bool sorters, bool strategies) {
  const BenchOptions& b = o.bench;
  auto staged = [&](const char* stage) { return std::find(b.stages.begin(), b.stages.end(), stage) != b.stages.end(); };
  if (o.mode == Mode::Bench && sorters && !b.sort && !b.frame && !staged("sort")) {
    throw UsageError("--sorters: only --sort and --frame time sorters; give one of them");
  }
  if (o.mode == Mode::Bench && strategies && !b.reduce && !staged("reduce")) {
    throw UsageError("--strategies: only --reduce times strategies; give it");
  }
  const std::vector<std::string>& stages = o.check.stages;
  if (const Assignment* a = o.commandLine.find("environment");
      a && o.mode == Mode::Check && !stages.empty() && std::find(stages.begin(), stages.end(), "sh") == stages.end()) {
    throw UsageError(a->origin + ": only check's sh stage projects an environment, and --stages leaves it out");
  }
  // The point is only where a set attractor sits (the window's keys hold theirs at the mouse).
  const Resolved resolved = resolve(o.layers());  // a conflict elsewhere is said after the options are read
  const sim::AttractorMode mode = resolved.settings.sim.attractor.mode;
  const bool off = resolved.error.empty() && mode == sim::AttractorMode::Off;
  if (const Assignment* a = o.commandLine.find("attractor-point");
      a && resolved.error.empty() && (off || mode == sim::AttractorMode::Hunt)) {
    throw UsageError(a->origin + (off ? ": there is no attractor to place" : ": a hunting predator flies where it will") +
                     "; give --attractor attract or flee");
  }
  // Strength and reach also tune the window's held attractor; the demo holds none.
  for (const char* key : {"attractor-strength", "attractor-radius"}) {
    if (const Assignment* a = o.commandLine.find(key); a && off && o.mode == Mode::Demo) {
      throw UsageError(a->origin + ": the demo has no attractor to tune (no keys are held in it); give --attractor attract or flee");
    }
  }
}

// Whether a file name ends .png, in any case.
bool namesAPng(const std::string& file) {
  std::string extension = std::filesystem::path(file).extension().string();
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension == ".png";
}

// CLI11's structural errors (a value missing at the end, a value given to a switch) in our words.
std::string reworded(const CLI::ParseError& e) {
  const std::string what = e.what();
  const std::string name = what.rfind("-", 0) == 0 ? what.substr(0, what.find(':')) : std::string();
  if (e.get_name() == "ArgumentMismatch" && !name.empty()) return name + " needs a value (boids --help lists the options)";
  if (e.get_name() == "ConversionError") {
    const std::size_t from = what.find("--"), to = what.find(" = ");
    if (from != std::string::npos && to != std::string::npos && to > from) {
      return what.substr(from, to - from) + " is a switch: it takes no value (boids --help lists it and its opposite)";
    }
  }
  return "the command line cannot be read (" + shorten(e.get_name()) + "; boids --help lists the options)";
}

// The command line's parser and what it collects, declared by the functions below.
struct CommandLine {
  CLI::App cli{
      "boids " BOIDS_VERSION " - a 3D flock on OpenGL 4.3+ compute shaders.\n"
      "With a display: a window with a live flock and a control panel; its settings are saved at exit\n"
      "(interactive runs) and restored at the next start (--defaults leaves them out).\n"
      "Without one (no DISPLAY/WAYLAND_DISPLAY, or no window could be opened): the headless demo,\n"
      "which renders offscreen on EGL, prints per-pass timings and writes a PNG of the last frame.\n\n"
      "Settings come from the defaults, then --preset, then the options below (--set KEY=VALUE takes\n"
      "any setting by the name of its option, without the dashes). Without --preset, the window and\n"
      "the demo start from preset murmuration (the schools of earlier versions: --preset schools).\n\n"
      "Window controls: left-drag orbit, right/middle-drag pan, wheel zoom, R reset camera, F follow,\n"
      "Space pause, N single step, T reset flock, V vsync, H hide panel, F5 reload shaders, F12 screenshot,\n"
      "hold A: the flock follows the point under the cursor, hold S: it flees it, Esc quit.",
      "boids"};
  TextOptions text;
  CLI::App *demo = nullptr, *check = nullptr, *bench = nullptr, *watch = nullptr;
  std::map<std::string, bool> flags;  // the settings' switches
  std::vector<std::pair<const SettingInfo*, CLI::Option*>> settingOptions;
  std::vector<std::string> sets;  // --set's KEY=VALUE
  CLI::Option *defaults = nullptr, *glDebug = nullptr;
};

// The modes and their own options.
void declareModes(CommandLine& c, Options& o) {
  CLI::App& cli = c.cli;
  TextOptions& text = c.text;
  c.demo = cli.add_subcommand("demo", "Run the headless demo (EGL, offscreen) even when a display is available");

  c.check = cli.add_subcommand(
      "check",
      "Headless: every variant of every stage (" + stageNames() + ") on the GPU against its CPU reference (double "
      "precision), over a sweep of sizes and seeds; the flock's stages on the initial flock and after --frames simulated "
      "frames (default 30, where the step allows). Prints each failure and a line per stage (--verbose: a row per case); "
      "exit code 0 only when every available case passed");
  text.add(*c.check, "--sizes", "Flock sizes, comma-separated, 1 to 67108864 (default 1,2,63,64,65,4095,4096,4097,65537,1000003,4194305)", "N,...");
  text.add(*c.check, "--seeds", "Seeds, comma-separated (default 1,2)", "S,...");
  text.add(*c.check, "--strategies", "Only these variants of the reduce stage, comma-separated (default: every one)", "NAME,...");
  text.add(*c.check, "--stages", "Only these stages, comma-separated: " + stageNames() + " (default: every "
           "one; sh: the environments' spherical-harmonics projection, the shipped and built-in ones and --environment's)",
           "STAGE,...");
  text.add(*c.check, "--repeats", "Timed runs per case, 1 to 1000 (median reported; default 3)", "N");
  text.add(*c.check, "--json", "Write the rows as JSON to this file (format: docs/GUIDE.md)", "FILE");
  c.check->add_flag("--verbose", o.check.verbose, "Print every row (default: each failure in full, then a line per stage)");
  text.add(*c.check, "--dump", "Write the positions of each case to this folder (raw little-endian float32 x,y,z,w per boid)", "DIR");

  c.bench = cli.add_subcommand("bench", "Headless benchmarks for real GPUs: GPU time of every variant of the lab's stages, and of the frame, over sizes");
  c.bench->add_flag("--reduce", o.bench.reduce, "Benchmark the centroid + bounds variants (the reduce stage)");
  c.bench->add_flag("--sort", o.bench.sort, "Benchmark the grid's sorters on (cell, boid) pairs");
  c.bench->add_flag("--scan", o.bench.scan, "Benchmark every scan variant beside a streaming copy of the same bytes");
  c.bench->add_flag("--compact", o.bench.compact,
                  "Benchmark every compaction variant keeping 1 in 1000, half and all, beside a streaming copy");
  static const std::string frameHelp =
      "Benchmark a frame's compute passes in the CIS 565 scenario (wrap-around world, no centroid pull, " +
      sim::densityText() + ", at least 20 warm-up steps, 0.3 s of them on a GPU), and its drawing separately";
  c.bench->add_flag("--frame", o.bench.frame, frameHelp);
  c.bench->add_flag("--cull", o.bench.cull,
                  "Benchmark the cull pass per compaction variant, and drawing with and without culling and levels of "
                  "detail, from a camera framing the flock and one inside it (1280x720, 4x MSAA)");
  c.bench->add_flag("--sh", o.bench.sh,
                  "Benchmark the environment's spherical-harmonics projection: every variant, equirect maps from 256x128 "
                  "to 4096x2048 and the 512x512x6 cube, beside the CPU projections (double, serial float) and a streaming copy");
  c.bench->add_flag("--sparse", o.bench.sparse,
                  "Benchmark the grid in worlds far larger than the flock: the CIS 565 flock in a world of 0.25 to 64 cells "
                  "per boid, with dense keys (one per cell) and hashed keys (about two per boid)");
  text.add(*c.bench, "--sizes", "Flock sizes, comma-separated (default: 64K, 1M, 4M, 16M for --reduce; 64K, 256K, 1M, 4M, 16M for --sort, --frame and --cull)", "N,...", "bench-sizes");
  text.add(*c.bench, "--stages", "Benchmark these stages of the lab, comma-separated: " + stageNames() +
           " (--sort, --cull, --sh, --scan, --compact and --reduce name six of them)", "STAGE,...", "bench-stages");
  text.add(*c.bench, "--strategies", "Only these variants of the reduce stage, comma-separated", "NAME,...", "bench-strategies");
  text.add(*c.bench, "--sorters", "Only these sorters (for --sort, and the frames of --frame), comma-separated", "NAME,...",
           "bench-sorters");
  text.add(*c.bench, "--repeats", "Timed runs per variant and size at most, 1 to 100000 (default 200; a 3-second budget per case and caps cut them)", "N", "bench-repeats");
  text.add(*c.bench, "--json", "Write the results as JSON to this file", "FILE", "bench-json");
  text.add(*c.bench, "--csv", "Write the results as CSV to this file", "FILE", "bench-csv");

  std::string watched;
  for (const std::string& s : watchedStageList()) watched += (watched.empty() ? "" : ", ") + s;
  c.watch = cli.add_subcommand(
      "watch",
      "Headless: one variant of a stage stepped dispatch by dispatch on a small input, the buffers each pass read and "
      "wrote read back from the GPU after it, beside a CPU model's at the same step (cells that differ marked); a line "
      "a step, and each step as step-NN.png and step-NN.svg in --out; exit code 0 when every step agrees");
  text.add(*c.watch, "--stage", "The stage: " + watched, "STAGE", "watch-stage");
  text.add(*c.watch, "--variant", "The stage's variant (boids check --verbose lists them)", "NAME", "watch-variant");
  text.add(*c.watch, "--n", "Elements, 1 to 1024 (default 32)", "N", "watch-n");
  text.add(*c.watch, "--input", "random, sorted, reversed, equal (default random, seeded by --seed), or the elements "
           "themselves, comma-separated (e.g. 3,1,4,1,5: --n is their count)", "NAME|N,...", "watch-input");
  text.add(*c.watch, "--out", "Write each step's picture here as step-NN.png and step-NN.svg", "DIR", "watch-out");

}

// Every setting, --set, --preset and --defaults; then the options of every mode.
void declareSettings(CommandLine& c, Options& o) {
  CLI::App& cli = c.cli;
  // Every setting as its own option, from the settings table (app/settings.cpp). Values are kept
  // as text and checked by the table after parsing, so the command line, --set and presets give
  // the same messages.
  for (const SettingInfo& s : settingsTable()) {
    const std::string key = s.key;
    CLI::Option* option = nullptr;
    if (s.kind == SettingKind::Bool) {
      const std::string names = key == "panel" ? "--panel,!--hide-panel" : "--" + key + ",!--no-" + key;
      option = cli.add_flag(names, c.flags[key], settingHelp(s))->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
    } else {
      const std::string names = key == "count" ? "-n,--count" : key == "seed" ? "-s,--seed" : "--" + key;
      const char* type = s.kind == SettingKind::Choice ? "NAME" : s.kind == SettingKind::Text ? "NAME|FILE" : "VALUE";
      option = c.text.add(cli, names, settingHelp(s), type);
    }
    option->group("Settings");
    c.settingOptions.emplace_back(&s, option);
  }
  cli.add_option("--set", c.sets, "Any setting, KEY=VALUE (KEY: a setting option's name without the dashes); repeatable")
      ->type_name("KEY=VALUE")->allow_extra_args(false)->multi_option_policy(CLI::MultiOptionPolicy::TakeAll)->group("Settings");
  std::string presetHelp = "Start from a preset: a JSON file (as the panel's Save writes), or a shipped one:";
  for (const gl::EmbeddedFile& f : shippedPresetFiles()) presetHelp += " " + std::string(f.path.substr(0, f.path.size() - 5));
  c.text.add(cli, "--preset", presetHelp, "NAME|FILE")->group("Settings");
  c.defaults = cli.add_flag("--defaults", o.defaults, "Leave out the settings saved by the last windowed run")
                              ->group("Settings")->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);

  c.text.add(cli, "--frames", "Frames to run, then exit, 0 to 100000000 (window: default until closed; demo: default " +
                                std::to_string(kDemoDefaultFrames) + ")", "N");
  c.text.add(cli, "--screenshot", "Write a PNG of the last frame here (window: the whole window with its panel; demo default: " +
                                    std::string(kDemoDefaultScreenshot) + ")", "FILE");
  c.text.add(cli, "--record",
           "Write every frame as a numbered PNG (frame-000000.png, ...) into this folder, which must hold no "
           "frame-*.png yet; with --frames N, N of them (window: until closed, the scene without the panel, at the "
           "window's size when the recording started)", "DIR");
  c.text.add(cli, "--inject-nonfinite", "Make this many boids NaN at the start, to see them counted and repaired (a test aid)", "N");
  c.glDebug = cli.add_flag("--gl-debug,!--no-gl-debug", o.glDebug, "Ask for a debug context and print GL debug output (on in Debug builds)")
                             ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  c.text.add(cli, "--gl-version", "Newest OpenGL version to ask for (4.6, 4.5 or 4.3); 4.3 shows that nothing newer is needed", "4.x");
  c.text.add(cli, "--save-flock", "Write the flock after the last frame (window: at exit) to this .npy file: float32, a "
             "row a boid, x, y, z, vx, vy, vz, y up and the ground at y = 0", "FILE");
  cli.add_flag("--shape", o.shape,
               "After the last frame (window: at exit), measure the flock's shape and order (its polarisation) as "
               "murmurations are measured and say which of the murmuration's targets it misses (docs/GUIDE.md, 'The "
               "murmuration')");
  cli.add_flag("--cover", o.cover,
               "Demo: measure how the flock covers the last picture: of the pixels darker than the background (its most "
               "common colour; take --environment constant --no-ground), the share partly covered (10% to 90% of the "
               "darkest's darkness), as a cloud of birds is and an opaque shape is not");
  c.text.add(cli, "--load-flock", "Start from the flock in this .npy file (as --save-flock writes it; its rows are the count)",
             "FILE");
  std::string sections;
  for (const char* s : kPanelSections) sections += (sections.empty() ? "" : ", ") + std::string(s);
  c.text.add(cli, "--open", "The window's panel sections open at the start, comma-separated (default: timings, reduction): " + sections, "NAME,...");
  c.text.add(cli, "--shader-dir",
           "Read shaders from this folder instead of the copies built into the binary (for shader work; F5 reloads "
           "them; if they fail, the built-in shaders run and the error is shown)", "DIR");

}

// What the parser took but nobody asked for: an option as a value, stray arguments, two modes.
void refuseStrays(CommandLine& c) {
  c.text.refuseOptionsAsValues();
  for (const std::string& assignment : c.sets) {
    if (assignment.rfind("--", 0) == 0) throw UsageError("--set needs a value (" + shorten(assignment) + " is an option)");
  }
  // Arguments nobody took, in the order given.
  if (const std::vector<std::string> extra = c.cli.remaining(true); !extra.empty()) {
    std::string options, others;
    for (const std::string& a : extra) {
      std::string& list = a.size() > 1 && a[0] == '-' && a != "--" ? options : others;
      list += (list.empty() ? "" : ", ") + shorten(a);
    }
    if (!options.empty()) {
      throw UsageError(options + (options.find(", ") != std::string::npos ? ": no such options" : ": no such option") +
                       " (boids --help lists them)");
    }
    throw UsageError(others + ": unexpected (the modes are demo, check, bench and watch; each option takes one value)");
  }
  std::vector<std::string> modes;
  for (CLI::App* m : {c.demo, c.check, c.bench, c.watch}) {
    if (m->parsed()) modes.push_back(m->get_name());
  }
  if (modes.size() > 1) throw UsageError(modes[0] + " and " + modes[1] + " are two modes; give one");
  for (CLI::Option* flag : {c.defaults, c.glDebug}) {
    if (flag->count() > 1) throw UsageError(flag->get_name() + " is given twice; give it once");
  }

}

// The settings given on the command line, each checked by the settings table; the preset.
void applySettings(CommandLine& c, Options& o) {
  // The named setting options, then --set, checked by the table. A setting given twice (by its
  // option and by --set, or twice by either) is an error naming both.
  auto addSetting = [&](const SettingInfo& s, nlohmann::json value, const std::string& origin) {
    if (const Assignment* earlier = o.commandLine.find(s.key)) {
      throw UsageError(earlier->origin + " and " + origin + " both set " + s.key + "; give one");
    }
    o.commandLine.add(s, std::move(value), origin);
  };
  for (const auto& [s, option] : c.settingOptions) {
    if (option->count() == 0) continue;
    if (s->kind == SettingKind::Bool) {
      if (option->count() > 1) throw UsageError("--" + std::string(s->key) + " is given twice (or with its --no- form); give it once");
      addSetting(*s, c.flags[s->key], c.flags[s->key] ? "--" + std::string(s->key) : "--no-" + std::string(s->key));
      continue;
    }
    const std::string value = *c.text.once(s->key);
    const std::string origin = "--" + std::string(s->key) + " " + shorten(value);
    std::string why;
    const std::optional<nlohmann::json> parsed = parseText(*s, value, why);
    if (parsed) why = checkValue(*s, *parsed);
    if (!why.empty()) throw UsageError(origin + ": " + why);
    addSetting(*s, normalised(*s, *parsed), origin);
  }
  for (const std::string& assignment : c.sets) {
    const std::string origin = "--set " + shorten(assignment);
    const std::size_t eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) throw UsageError(origin + ": expected KEY=VALUE");
    const std::string key = assignment.substr(0, eq), value = assignment.substr(eq + 1);
    const SettingInfo* s = findSetting(key);
    if (!s) {
      throw UsageError(origin + ": no setting named '" + shorten(key) +
                       "' (the keys are the setting options' names; boids --help)");
    }
    if (value.empty()) throw UsageError(origin + ": no value after '='");
    std::string why;
    const std::optional<nlohmann::json> parsed = parseText(*s, value, why);
    if (parsed) why = checkValue(*s, *parsed);
    if (!why.empty()) throw UsageError(origin + ": " + why);
    addSetting(*s, normalised(*s, *parsed), origin);
  }
  if (const std::optional<std::string> preset = c.text.once("preset")) {
    ParsedFile parsed = loadPreset(*preset);
    if (parsed.error) throw UsageError("--preset: " + parsed.error->text());
    printWarnings(parsed.warnings);
    o.preset = std::move(parsed.layer);
    o.presetShipped = parsed.shipped;
    if (!parsed.shipped) o.presetFile = *preset;
  } else if (!c.check->parsed() && !c.bench->parsed() && !c.watch->parsed()) {  // the window's and demo's first minute: the murmuration
    ParsedFile parsed = loadPreset(kStartPreset);
    o.start = std::move(parsed.layer);
    o.start->source = "the start (preset " + std::string(kStartPreset) + ")";
  }

}

// watch's own options.
void applyWatchOptions(CommandLine& c, Options& o) {
  TextOptions& text = c.text;
  o.mode = Mode::Watch;
  WatchOptions& w = o.watch;
  const std::vector<std::string> watched = watchedStageList();
  if (auto v = text.choiceList("watch-stage", watched)) {
    if (v->size() != 1) throw UsageError("--stage: watch takes one stage");
    w.stage = v->front();
  } else {
    std::string names;
    for (const std::string& name : watched) names += (names.empty() ? "" : ", ") + name;
    throw UsageError("watch needs --stage (" + names + ")");
  }
  if (auto v = text.once("watch-variant")) w.variant = *v;
  else throw UsageError("watch needs --variant (boids check --stages " + w.stage + " --verbose lists the variants)");
  if (auto v = text.whole("watch-n", lab::kWatchFewest, lab::kWatchMost)) w.n = static_cast<std::uint32_t>(*v);
  if (auto v = text.once("watch-input")) w.input = *v;
  if (auto v = text.once("watch-out")) {
    if (std::string why = checkOutputFolder(*v); !why.empty()) throw UsageError("--out " + shorten(*v) + ": " + why);
    w.out = *v;
  }
  for (const Unused& u : kUnusedByWatch) {
    if (const Assignment* a = o.commandLine.find(u.option)) throw UsageError(a->origin + ": " + u.why + " (watch does not use it)");
    if (!findSetting(u.option) && text.given(u.option)) throw UsageError("--" + std::string(u.option) + ": " + u.why + " (watch does not use it)");
  }
}

// The options of the modes, and what a mode would silently ignore.
void applyOptions(CommandLine& c, Options& o) {
  TextOptions& text = c.text;
  o.frames = static_cast<int>(text.whole("frames", 0, 100000000).value_or(-1));
  o.injectNonFinite = static_cast<std::uint32_t>(text.whole("inject-nonfinite", 0, 1u << 26).value_or(0));
  if (const std::optional<std::string> v = text.once("gl-version")) {
    if (*v != "4.6" && *v != "4.5" && *v != "4.3") throw UsageError("--gl-version " + shorten(*v) + ": must be 4.6, 4.5 or 4.3");
    o.glNewestMinor = v->back() - '0';
  }
  if (const std::optional<std::string> v = text.once("load-flock")) {  // its rows are the count
    o.loadFlock = *v;
    try {
      o.loadedFlock = std::make_shared<const sim::FlockState>(readFlockFile(o.loadFlock));
    } catch (const FlockFileError& e) {
      throw UsageError(std::string("--load-flock ") + e.what());
    }
    const auto count = static_cast<std::uint32_t>(o.loadedFlock->positions.size());
    if (const Assignment* given = o.commandLine.find("count"); given && given->value.get<std::uint32_t>() != count) {
      throw UsageError("--count " + given->value.dump() + " and --load-flock " + shorten(*v) + " (" + std::to_string(count) +
                       " boids) disagree; give one");
    }
    o.commandLine.remove("count");
    o.commandLine.add(*findSetting("count"), count, "--load-flock " + shorten(*v));
  }
  if (const std::optional<std::string> v = text.once("shader-dir")) {
    std::error_code ec;
    if (!std::filesystem::is_directory(*v, ec)) throw UsageError("--shader-dir " + shorten(*v) + ": no such folder");
    o.shaderDir = *v;
  }
  if (auto v = text.choiceList("open", {std::begin(kPanelSections), std::end(kPanelSections)})) o.openSections = *v;
  if (auto v = text.wholeList("sizes", 1, 1u << 26)) o.check.sizes.assign(v->begin(), v->end());
  if (auto v = text.wholeList("seeds", 0, std::numeric_limits<std::uint64_t>::max())) o.check.seeds = *v;
  if (auto v = text.choiceList("strategies", primitives::variantNames(centroid::centroidVariants()))) o.check.strategies = *v;
  if (auto v = text.choiceList("stages", stageList())) o.check.stages = *v;
  if (auto v = text.whole("repeats", 1, 1000)) o.check.repeats = static_cast<int>(*v);

  if (auto v = text.wholeList("bench-sizes", 1, 1u << 26)) {
    o.bench.sizes.assign(v->begin(), v->end());
    o.bench.gridSizes = o.bench.sizes;
  }
  if (auto v = text.choiceList("bench-strategies", primitives::variantNames(centroid::centroidVariants()))) o.bench.strategies = *v;
  if (auto v = text.choiceList("bench-sorters", primitives::variantNames(primitives::sorters()))) o.bench.sorters = *v;
  if (auto v = text.choiceList("bench-stages", stageList())) o.bench.stages = *v;
  if (auto v = text.whole("bench-repeats", 1, 100000)) o.bench.repeats = static_cast<int>(*v);

  if (c.watch->parsed()) applyWatchOptions(c, o);
  if (c.demo->parsed()) o.mode = Mode::Demo;
  if (c.check->parsed()) o.mode = Mode::Check;
  if (c.bench->parsed()) {
    o.mode = Mode::Bench;
    const BenchOptions& b = o.bench;
    if (!b.reduce && !b.sort && !b.frame && !b.scan && !b.compact && !b.cull && !b.sh && !b.sparse && b.stages.empty()) {
      throw UsageError("bench needs something to measure: --reduce, --sort, --frame, --scan, --compact, --cull, --sh, --sparse "
                       "or --stages");
    }
  }
  // What a mode would silently ignore.
  auto refuseUnused = [&](std::span<const Unused> unused, const char* mode) {
    for (const Unused& u : unused) {
      if (const Assignment* a = o.commandLine.find(u.option)) throw UsageError(a->origin + ": " + u.why + " (" + mode + " does not use it)");
      if (!findSetting(u.option) && text.given(u.option)) throw UsageError("--" + std::string(u.option) + ": " + u.why + " (" + mode + " does not use it)");
    }
  };
  if (o.mode == Mode::Check) refuseUnused(kUnusedByCheck, "check");
  if (o.mode == Mode::Bench) refuseUnused(kUnusedByBench, "bench");
  if (o.shape && (o.mode == Mode::Check || o.mode == Mode::Bench)) throw UsageError("--shape: check and bench run their own flocks");
  if (o.cover && o.mode != Mode::Demo) throw UsageError("--cover: only the demo measures its last picture");
  refuseIgnored(o, text.given("bench-sorters"), text.given("bench-strategies"));

}

// Where results go, checked now, so that a run never ends in a write that cannot happen.
void applyOutputs(CommandLine& c, Options& o) {
  TextOptions& text = c.text;
  auto outputFile = [&](const char* option, std::filesystem::path& into, const std::optional<std::string>& value) {
    if (!value) return;
    if (std::string why = checkOutputFile(*value); !why.empty()) throw UsageError(std::string(option) + " " + shorten(*value) + ": " + why);
    into = *value;
  };
  outputFile("--screenshot", o.screenshot, text.once("screenshot"));
  if (!o.screenshot.empty() && !namesAPng(o.screenshot.string())) {
    throw UsageError("--screenshot " + shorten(o.screenshot.string()) + ": screenshots are PNG files; give a name ending .png");
  }
  outputFile("--save-flock", o.saveFlock, text.once("save-flock"));
  if (!o.saveFlock.empty() && o.saveFlock.extension() != ".npy") {
    throw UsageError("--save-flock " + shorten(o.saveFlock.string()) + ": a flock is saved as NumPy's .npy; give a name ending .npy");
  }
  outputFile("--json", o.check.json, text.once("json"));
  outputFile("--json", o.bench.json, text.once("bench-json"));
  outputFile("--csv", o.bench.csv, text.once("bench-csv"));
  if (const std::optional<std::string> v = text.once("record")) {
    if (std::string why = checkRecordFolder(*v); !why.empty()) throw UsageError("--record " + shorten(*v) + ": " + why);
    o.record = *v;
  }
  if (const std::optional<std::string> v = text.once("dump")) {
    if (std::string why = checkOutputFolder(*v); !why.empty()) throw UsageError("--dump " + shorten(*v) + ": " + why);
    o.check.dump = *v;
  }
}

}  // namespace

ParseResult parseCommandLine(int argc, char** argv) {
  Options o;
#ifdef BOIDS_GL_DEBUG_DEFAULT
  o.glDebug = true;
#endif
  CommandLine c;
  c.cli.formatter(helpLayout());
  c.cli.set_version_flag("--version", BOIDS_VERSION);
  bool markdown = false;
  c.cli.add_flag("--help-markdown", markdown, "Print every mode's options as Markdown (docs/GUIDE.md's reference) and exit");
  c.cli.fallthrough();
  c.cli.allow_extras();  // unknown arguments are collected in order and reported in our words
  declareModes(c, o);
  declareSettings(c, o);
  try {
    c.cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return {std::nullopt, c.cli.exit(e)};
  } catch (const CLI::CallForVersion& e) {
    return {std::nullopt, c.cli.exit(e)};
  } catch (const CLI::ParseError& e) {
    return fail(reworded(e));
  }
  if (markdown) {
    std::printf("%s", helpMarkdown(c.cli).c_str());
    return {std::nullopt, 0};
  }
  try {
    refuseStrays(c);
    applySettings(c, o);
    applyOptions(c, o);
    applyOutputs(c, o);
  } catch (const UsageError& e) {
    return fail(e.what());
  }

  Resolved resolved = resolve(o.layers());
  if (!resolved.error.empty()) return fail(resolved.error);
  o.settings = std::move(resolved.settings);
  if (o.loadedFlock) {  // inside this run's world, or said now
    try {
      placeInWorld(*o.loadedFlock, 0.5f * o.settings.sim.worldSize, "--load-flock " + shorten(o.loadFlock.string()));
    } catch (const FlockFileError& e) {
      return fail(e.what());
    }
  }
  if (std::string clash = checkDistinctFiles(o); !clash.empty()) return fail(clash);
  return {o, 0};
}

std::string checkDistinctFiles(const Options& o) {
  struct Named {
    std::string name;  // as the user gave it: "--json out.json"
    std::filesystem::path path;
  };
  auto named = [](const std::string& option, const std::filesystem::path& path) { return Named{option + " " + shorten(path.string()), path}; };
  std::vector<Named> inputs, outputs;  // outputs: files, then folders
  if (!o.presetFile.empty()) inputs.push_back(named("--preset", o.presetFile));
  if (!o.loadFlock.empty()) inputs.push_back(named("--load-flock", o.loadFlock));
  if (lighting::namesAFile(o.settings.environment)) {
    inputs.push_back({"the environment map (" + o.originOf("environment") + ")", o.settings.environment});
  }
  for (const auto& [option, path] : {std::pair<const char*, const std::filesystem::path*>{"--screenshot", &o.screenshot},
                                     {"--json", &o.check.json}, {"--json", &o.bench.json}, {"--csv", &o.bench.csv},
                                     {"--record", &o.record}, {"--dump", &o.check.dump}, {"--save-flock", &o.saveFlock}}) {
    if (!path->empty()) outputs.push_back(named(option, *path));
  }
  for (std::size_t k = 0; k < outputs.size(); ++k) {
    for (const Named& input : inputs) {
      if (sameFile(outputs[k].path, input.path)) {
        return outputs[k].name + ": is " + input.name + ", an input of this run; an output never replaces an input";
      }
    }
    for (std::size_t m = 0; m < k; ++m) {
      if (sameFile(outputs[k].path, outputs[m].path)) return outputs[m].name + " and " + outputs[k].name + " name one file; give each its own";
    }
  }
  if (!o.record.empty() && !o.screenshot.empty() && sameFile(o.screenshot.parent_path().empty() ? "." : o.screenshot.parent_path(), o.record) &&
      o.screenshot.filename().string().rfind("frame-", 0) == 0) {
    return "--screenshot " + shorten(o.screenshot.string()) + ": is where --record " + shorten(o.record.string()) +
           " writes its frames; give the screenshot another name";
  }
  return {};
}

namespace {

// A saved environment file that no longer reads as a map (cut, moved, replaced by a folder) is set
// aside by key like any other bad saved value, so that every start does not fall back to the sky
// for it (the command line or a preset that names an environment decides anyway).
void setAsideUnreadableMap(Options& options, const std::filesystem::path& file) {
  const Assignment* saved = options.saved->find("environment");
  if (!saved || options.commandLine.has("environment") || (options.preset && options.preset->has("environment"))) return;
  const std::string map = saved->value.get<std::string>();
  if (!lighting::namesAFile(map)) return;
  const std::string why = lighting::problemWithMapFile(map);
  if (why.empty()) return;
  std::fprintf(stderr, "boids: warning: saved settings %s: environment set aside for this run (%s); the file is left as it is\n",
               file.string().c_str(), why.c_str());
  options.saved->remove("environment");
}

// Keeps an unusable saved file for the user under another name; the run starts from the defaults.
void moveAside(const std::filesystem::path& file, const std::string& problem) {
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  std::filesystem::path aside = file;
  aside += std::string(".unreadable-") + stamp;
  std::error_code ec;
  std::filesystem::rename(file, aside, ec);
  const std::string where = ec ? "left in place (" + ec.message() + ")" : "kept as " + aside.string();
  std::fprintf(stderr, "boids: warning: saved settings not used: %s\nboids: warning: %s; starting from the defaults\n",
               problem.c_str(), where.c_str());
}

}  // namespace

std::vector<std::string> setAsideConflicts(Options& options) {
  std::vector<std::string> setAside;
  if (!options.saved) return setAside;
  // Each pass removes at least one saved value (or all of them), so this ends.
  for (Resolved r = resolve(options.layers()); !r.error.empty() && !options.saved->values.empty();
       r = resolve(options.layers())) {
    const int savedLevel = options.start ? 2 : 1;  // layers(): the saved settings come first, or after the start
    std::vector<std::string> keys;
    for (const std::string& key : r.errorKeys) {
      const std::string deciding = r.decidingKey(key);
      if (r.levels.count(deciding) && r.levels.at(deciding) == savedLevel &&
          std::find(keys.begin(), keys.end(), deciding) == keys.end()) {
        keys.push_back(deciding);
      }
    }
    if (keys.empty()) {  // not expected (the options alone resolved): leave the whole file out
      setAside.push_back("every value");
      options.saved->values.clear();
    }
    for (const std::string& key : keys) {
      setAside.push_back(key + " (" + shorten(options.saved->find(key)->value.dump()) + ")");
      options.saved->remove(key);
    }
  }
  Resolved r = resolve(options.layers());
  if (r.error.empty()) options.settings = std::move(r.settings);
  return setAside;
}

void reportSetAside(const std::filesystem::path& file, const std::vector<std::string>& setAside) {
  if (setAside.empty()) return;
  std::string list;
  for (const std::string& k : setAside) list += (list.empty() ? "" : ", ") + k;
  std::fprintf(stderr, "boids: warning: saved settings %s: %s set aside for this run (they conflict with --preset or "
               "the options); the rest is used, the file is left as it is\n", file.string().c_str(), list.c_str());
}

std::filesystem::path resolveWindowSettings(Options& options) {
  const std::filesystem::path file = userSettingsPath();
  if (file.empty()) {
    const char* xdg = std::getenv("XDG_CONFIG_HOME");
    const std::string why = xdg && xdg[0] != '\0'
                                ? "XDG_CONFIG_HOME is the relative path '" + shorten(xdg) +
                                      "', which the XDG Base Directory spec says to ignore, and HOME is not set"
                                : "neither XDG_CONFIG_HOME nor HOME is set";
    std::printf("settings: not restored or saved (%s)\n", why.c_str());
    return file;
  }
  std::error_code ec;
  if (options.defaults || !std::filesystem::exists(file, ec)) return file;
  ParsedFile parsed = loadSettingsFile(file, Values::SetAside);
  if (parsed.error) {
    moveAside(file, parsed.error->text());
    return file;
  }
  printWarnings(parsed.warnings);
  Options trial = options;
  trial.saved = std::move(parsed.layer);
  setAsideUnreadableMap(trial, file);
  reportSetAside(file, setAsideConflicts(trial));
  std::printf("settings: the last run's, from %s (--defaults leaves them out)\n", file.string().c_str());
  options = std::move(trial);
  return file;
}

}  // namespace boids::app
