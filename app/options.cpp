#include "app/options.hpp"

#include <algorithm>
#include <cstdio>
#include <ctime>
#include <map>

#include <CLI/CLI.hpp>

#include "engine/grid/sort.hpp"
#include "engine/reduce/strategy.hpp"

namespace boids::app {

std::vector<Layer> Options::layers(std::optional<Layer> below) const {
  std::vector<Layer> all;
  if (below) all.push_back(std::move(*below));
  if (saved) all.push_back(*saved);
  if (preset) all.push_back(*preset);
  all.push_back(commandLine);
  return all;
}

bool Options::countGiven() const {
  const std::vector<Layer> all = layers();
  return std::any_of(all.begin(), all.end(), [](const Layer& l) { return l.has("count"); });
}

namespace {

void printWarnings(const std::vector<std::string>& warnings) {
  for (const std::string& w : warnings) std::fprintf(stderr, "boids: warning: %s\n", w.c_str());
}

ParseResult fail(const std::string& message) {
  std::fprintf(stderr, "boids: error: %s\n", message.c_str());
  return {std::nullopt, 2};
}

// The help text of a setting's option: what it does, its range, its default.
std::string settingHelp(const SettingInfo& s) {
  std::string help = s.help;
  if (s.kind != SettingKind::Bool) help += " (" + describeRange(s) + ")";
  const nlohmann::json d = valueOf(s, AppSettings{});
  if (std::string(s.key) == "world-size") {
    help += "; default: the count at 0.03056 boids per unit^3";
  } else if (std::string(s.key) == "wall-margin") {
    help += "; default: side / 10";
  } else if (std::string(s.key).rfind("camera-", 0) == 0) {
    help += "; default: framing the world";
  } else {
    help += "; default " + (d.is_string() ? d.get<std::string>() : d.dump());
  }
  return help;
}

}  // namespace

ParseResult parseCommandLine(int argc, char** argv) {
  Options o;
#ifdef BOIDS_GL_DEBUG_DEFAULT
  o.glDebug = true;
#endif
  CLI::App cli{
      "boids " BOIDS_VERSION " - a 3D flock on OpenGL 4.3+ compute shaders.\n"
      "With a display: a window with a live flock and a control panel; its settings are saved at exit\n"
      "(interactive runs) and restored at the next start (--defaults leaves them out).\n"
      "Without one (no DISPLAY/WAYLAND_DISPLAY, or no window could be opened): the headless demo,\n"
      "which renders offscreen on EGL, prints per-pass timings and writes a PNG of the last frame.\n\n"
      "Settings come from the defaults, then --preset, then the options below (--set KEY=VALUE takes\n"
      "any setting by the name of its option, without the dashes).\n\n"
      "Window controls: left-drag orbit, right/middle-drag pan, wheel zoom, R reset camera, F follow,\n"
      "Space pause, N single step, T reset flock, V vsync, H hide panel, F5 reload shaders, F12 screenshot,\n"
      "Esc quit.",
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

  // Every setting as its own option, from the settings table (app/settings.cpp). Values are kept
  // as text and checked by the table after parsing, so the command line, --set and presets give
  // the same messages.
  std::map<std::string, std::string> texts;
  std::map<std::string, bool> flags;
  std::vector<std::pair<const SettingInfo*, CLI::Option*>> settingOptions;
  for (const SettingInfo& s : settingsTable()) {
    const std::string key = s.key;
    CLI::Option* option = nullptr;
    if (s.kind == SettingKind::Bool) {
      const std::string names = key == "panel" ? "--panel,!--hide-panel" : "--" + key + ",!--no-" + key;
      option = cli.add_flag(names, flags[key], settingHelp(s));
    } else {
      const std::string names = key == "count" ? "-n,--count" : key == "seed" ? "-s,--seed" : "--" + key;
      option = cli.add_option(names, texts[key], settingHelp(s))->type_name(s.kind == SettingKind::Choice ? "NAME" : "VALUE");
    }
    option->group("Settings");
    settingOptions.emplace_back(&s, option);
  }
  std::vector<std::string> sets;
  cli.add_option("--set", sets, "Any setting, KEY=VALUE (KEY: a setting option's name without the dashes); repeatable")
      ->type_name("KEY=VALUE")->group("Settings");
  std::string preset;
  std::string presetHelp = "Start from a preset: a JSON file (as the panel's Save writes), or a shipped one:";
  for (const gl::EmbeddedFile& f : shippedPresetFiles()) presetHelp += " " + std::string(f.path.substr(0, f.path.size() - 5));
  cli.add_option("--preset", preset, presetHelp)->type_name("NAME|FILE")->group("Settings");
  cli.add_flag("--defaults", o.defaults, "Leave out the settings saved by the last windowed run")->group("Settings");

  cli.add_option("--frames", o.frames,
                 "Frames to run, then exit (window: default until closed; demo: default " +
                     std::to_string(kDemoDefaultFrames) + ")")
      ->check(CLI::Range(0, 100000000));
  cli.add_option("--screenshot", o.screenshot,
                 "Write a PNG of the last frame here (window: the whole window with its panel; demo default: " +
                     std::string(kDemoDefaultScreenshot) + ")");
  cli.add_option("--record", o.record,
                 "Write every frame as a numbered PNG (frame-000000.png, ...) into this folder, which must hold no "
                 "frames yet; with --frames N, N of them (window: until closed or R in the panel stops it)");
  cli.add_option("--inject-nonfinite", o.injectNonFinite,
                 "Make this many boids NaN at the start, to see them counted and repaired (a test aid)")
      ->check(CLI::Range(0u, 1u << 26));
  cli.add_flag("--gl-debug,!--no-gl-debug", o.glDebug, "Ask for a debug context and print GL debug output (on in Debug builds)");
  std::string glVersion = "4.6";
  cli.add_option("--gl-version", glVersion,
                 "Newest OpenGL version to ask for (4.6, 4.5 or 4.3); 4.3 shows that nothing newer is needed")
      ->check(CLI::IsMember({"4.6", "4.5", "4.3"}));
  cli.add_option("--shader-dir", o.shaderDir,
                 "Read shaders from this folder instead of the copies built into the binary (for shader work; "
                 "F5 reloads them; if they fail, the built-in shaders run and the error is shown)")
      ->check(CLI::ExistingDirectory);

  try {
    cli.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return {std::nullopt, cli.exit(e)};
  } catch (const CLI::CallForVersion& e) {
    return {std::nullopt, cli.exit(e)};
  } catch (const CLI::ParseError& e) {
    std::fprintf(stderr, "boids: error: %s (boids --help lists the options and their ranges)\n", e.what());
    return {std::nullopt, 2};
  }

  // The named setting options, then --set, checked by the table.
  for (const auto& [s, option] : settingOptions) {
    if (option->count() == 0) continue;
    nlohmann::json value;
    if (s->kind == SettingKind::Bool) {
      value = flags[s->key];
    } else {
      std::string why;
      const std::optional<nlohmann::json> parsed = parseText(*s, texts[s->key], why);
      if (!parsed) return fail("--" + std::string(s->key) + " " + texts[s->key] + ": " + why);
      value = *parsed;
    }
    if (std::string why = checkValue(*s, value); !why.empty()) {
      return fail("--" + std::string(s->key) + " " + texts[s->key] + ": " + why);
    }
    o.commandLine.values.emplace_back(s, value);
  }
  for (const std::string& assignment : sets) {
    const std::size_t eq = assignment.find('=');
    if (eq == std::string::npos || eq == 0) return fail("--set " + assignment + ": expected KEY=VALUE");
    const std::string key = assignment.substr(0, eq), text = assignment.substr(eq + 1);
    const SettingInfo* s = findSetting(key);
    if (!s) return fail("--set " + assignment + ": no setting named '" + key + "' (the keys are the setting options' names; boids --help)");
    std::string why;
    std::optional<nlohmann::json> value = parseText(*s, text, why);
    if (value) why = checkValue(*s, *value);
    if (!why.empty()) return fail("--set " + assignment + ": " + why);
    o.commandLine.values.emplace_back(s, *value);
  }
  if (!preset.empty()) {
    ParsedFile parsed = loadPreset(preset);
    if (parsed.error) return fail("--preset: " + parsed.error->text());
    printWarnings(parsed.warnings);
    o.preset = std::move(parsed.layer);
  }

  // Where pictures go is checked now, so that a run never ends in a write that cannot happen.
  std::error_code ec;
  if (!o.screenshot.empty()) {
    const std::filesystem::path folder = o.screenshot.has_parent_path() ? o.screenshot.parent_path() : ".";
    if (std::filesystem::is_directory(o.screenshot, ec)) return fail("--screenshot " + o.screenshot.string() + ": is a folder; give a file name");
    if (!std::filesystem::is_directory(folder, ec)) {
      return fail("--screenshot " + o.screenshot.string() + ": the folder " + folder.string() + " does not exist");
    }
  }
  if (!o.record.empty()) {
    if (std::filesystem::exists(o.record, ec) && !std::filesystem::is_directory(o.record, ec)) {
      return fail("--record " + o.record.string() + ": is a file, not a folder");
    }
    if (std::filesystem::exists(o.record / "frame-000000.png", ec)) {
      return fail("--record " + o.record.string() + ": already holds a recording (frame-000000.png); choose another folder, nothing there is overwritten");
    }
  }

  if (demo->parsed()) o.mode = Mode::Demo;
  if (check->parsed()) o.mode = Mode::Check;
  if (benchSizes->count() > 0) o.bench.gridSizes = o.bench.sizes;
  if (bench->parsed()) {
    o.mode = Mode::Bench;
    if (!o.bench.reduce && !o.bench.sort && !o.bench.frame) {
      return fail("bench needs something to measure: --reduce, --sort or --frame");
    }
  }
  o.glNewestMinor = glVersion.back() - '0';
  Resolved resolved = resolve(o.layers());
  if (!resolved.error.empty()) return fail(resolved.error);
  o.settings = std::move(resolved.settings);
  return {o, 0};
}

std::filesystem::path resolveWindowSettings(Options& options) {
  const std::filesystem::path file = userSettingsPath();
  if (file.empty() || options.defaults) return file;
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return file;
  ParsedFile parsed = loadSettingsFile(file);
  std::string problem;
  if (parsed.error) {
    problem = parsed.error->text();
  } else {
    printWarnings(parsed.warnings);
    Options trial = options;
    trial.saved = std::move(parsed.layer);
    Resolved resolved = resolve(trial.layers());
    if (resolved.error.empty()) {
      std::printf("settings: the last run's, from %s (--defaults leaves them out)\n", file.string().c_str());
      options.saved = std::move(trial.saved);
      options.settings = std::move(resolved.settings);
      return file;
    }
    problem = file.string() + ": " + resolved.error;
  }
  // Unusable: keep it for the user under another name; this run starts from the defaults.
  const std::time_t now = std::time(nullptr);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", std::localtime(&now));
  std::filesystem::path aside = file;
  aside += std::string(".unreadable-") + stamp;
  std::filesystem::rename(file, aside, ec);
  const std::string where = ec ? "left in place (" + ec.message() + ")" : "kept as " + aside.string();
  std::fprintf(stderr, "boids: warning: saved settings not used: %s\nboids: warning: %s; starting from the defaults\n",
               problem.c_str(), where.c_str());
  return file;
}

}  // namespace boids::app
