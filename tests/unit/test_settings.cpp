// The settings table, presets and the saved settings: every setting reachable from every source,
// refused with a message that names it, and files that report where they went wrong.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include "app/modes.hpp"
#include "app/options.hpp"
#include "parse_args.hpp"
#include "app/settings.hpp"
#include "app/files.hpp"
#include "engine/gl/caps.hpp"
#include "engine/sim/flock.hpp"

using namespace boids;
using nlohmann::json;

namespace {

using test::parse;

// A value inside the setting's range other than its default (a world large enough for any radius).
json otherValue(const app::SettingInfo& s) {
  const json d = app::valueOf(s, app::AppSettings{});
  if (std::string(s.key) == "world-size") return 5000.0;  // room for every radius and margin
  if (std::string(s.key) == "camera-yaw" || std::string(s.key) == "environment-yaw") return 40.0;  // read back in [-180, 180]
  switch (s.kind) {
    case app::SettingKind::Float: {
      const double v = s.min + 0.37 * (std::min(s.max, s.min + 10.0) - s.min);
      return std::fabs(v - d.get<double>()) > 1e-6 ? v : s.min;
    }
    case app::SettingKind::Integer: {
      const double v = std::floor(s.min + 0.5 * (std::min(s.max, s.min + 1000.0) - s.min)) + 1;
      return std::uint64_t(v) != d.get<std::uint64_t>() ? std::uint64_t(v) : std::uint64_t(s.min);
    }
    case app::SettingKind::Bool: return !d.get<bool>();
    case app::SettingKind::Choice:
    case app::SettingKind::Text:
      for (const std::string& c : s.choices) {
        if (c != d.get<std::string>()) return c;
      }
      return d;
    case app::SettingKind::Numbers: {
      json v = json::array();
      for (std::size_t i = 0; i < s.choices.size(); ++i) v.push_back(s.min + 0.25 * double(i + 1) * (std::min(s.max, s.min + 10.0) - s.min));
      return v;
    }
  }
  return d;
}

std::string text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_array()) {
    std::string t;
    for (const json& c : v) {
      if (!t.empty()) t += ',';
      t += c.dump();
    }
    return t;
  }
  return v.dump();
}

bool sameValue(const json& a, const json& b) {
  if (a.is_number() && b.is_number()) return std::fabs(a.get<double>() - b.get<double>()) <= 1e-4 * std::max(1.0, std::fabs(a.get<double>()));
  if (a.is_array() && b.is_array() && a.size() == b.size()) {
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!sameValue(a[i], b[i])) return false;
    }
    return true;
  }
  return a == b;
}

// Settings that other settings constrain get a world large enough to hold them.
// Room for any value (a world as wide as allowed), and what a setting means only beside (a point
// for an attractor that is on).
std::vector<std::string> withRoom(const app::SettingInfo& s, std::vector<std::string> args) {
  if (std::string(s.key) != "world-size") args.insert(args.end(), {"--world-size", "100000"});
  if (std::string(s.key) == "attractor-point") args.insert(args.end(), {"--attractor", "attract"});
  if (std::string(s.key) == "altitude-high") args.insert(args.end(), {"--altitude-low", "0"});  // the band's floor below it
  if (std::string(s.key) == "separate-from") args.insert(args.end(), {"--nearest", "16"});
  return args;
}

std::filesystem::path scratch(const std::string& name) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("boids-settings-test-" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

app::ParsedFile parseText(const std::string& text) { return app::parseSettingsText(text, "t.json"); }

}  // namespace

TEST(Settings, KeysAreUniqueAndEveryRuleParameterIsInTheTable) {
  std::set<std::string> keys, names;
  for (const app::SettingInfo& s : app::settingsTable()) {
    EXPECT_TRUE(keys.insert(s.key).second) << s.key;
    EXPECT_TRUE(names.insert(std::string(s.section) + "." + s.name).second) << s.key;
  }
  for (const sim::FloatParam& p : sim::floatParams()) EXPECT_TRUE(keys.count(p.key)) << p.key;
  for (const char* key : {"count", "seed", "world", "neighbours", "cells", "reduce", "sort", "boid-size", "follow",
                          "camera-yaw", "camera-target", "vsync", "paused"}) {
    EXPECT_TRUE(keys.count(key)) << key;
  }
}

TEST(Settings, EverySettingIsSettableByItsOptionAndBySet) {
  for (const app::SettingInfo& s : app::settingsTable()) {
    const json value = otherValue(s);
    std::vector<std::string> named = s.kind == app::SettingKind::Bool
                                         ? std::vector<std::string>{value.get<bool>() ? "--" + std::string(s.key)
                                                                                      : (std::string(s.key) == "panel" ? "--hide-panel" : "--no-" + std::string(s.key))}
                                         : std::vector<std::string>{"--" + std::string(s.key), text(value)};
    for (const auto& args : {named, std::vector<std::string>{"--set", std::string(s.key) + "=" + text(value)}}) {
      auto r = parse(withRoom(s, args));
      ASSERT_TRUE(r.options) << s.key << " " << args[0];
      EXPECT_TRUE(sameValue(app::valueOf(s, r.options->settings), value))
          << s.key << ": " << app::valueOf(s, r.options->settings) << " != " << value;
    }
  }
}

TEST(Settings, ValuesOutsideTheRangeAreRefusedNamingOptionValueAndRange) {
  for (const app::SettingInfo& s : app::settingsTable()) {
    if (s.kind != app::SettingKind::Float && s.kind != app::SettingKind::Integer) continue;
    const std::string above = s.kind == app::SettingKind::Integer && s.max >= 1.8e19 ? "18446744073709551616"
                                                                                     : json(s.max * 2 + 1).dump();
    for (const std::string& bad : {above, std::string("-1e30"), std::string("nan"), std::string("1,5"), std::string("")}) {
      testing::internal::CaptureStderr();
      auto r = parse({"--set", std::string(s.key) + "=" + bad});
      const std::string err = testing::internal::GetCapturedStderr();
      EXPECT_FALSE(r.options) << s.key << "=" << bad;
      EXPECT_EQ(r.exitCode, 2) << s.key << "=" << bad;
      EXPECT_NE(err.find(std::string(s.key) + "=" + bad), std::string::npos) << err;
      // The range, or for nothing at all, that a value is missing.
      EXPECT_NE(err.find(bad.empty() ? std::string("no value") : app::describeRange(s)), std::string::npos) << err;
      EXPECT_EQ(std::count(err.begin(), err.end(), '\n'), 1) << "one line: " << err;
    }
  }
}

TEST(Settings, SavedDocumentsReadBackToTheSameSettings) {
  app::AppSettings changed;
  for (const app::SettingInfo& s : app::settingsTable()) {
    if (std::string(s.key) == "world-size") continue;
    app::assign(s, changed, otherValue(s));
  }
  changed.sim.worldSize = 100000;
  changed.sim.altitudeHigh = changed.sim.altitudeLow + 10;  // the band's ceiling above its floor
  const app::ParsedFile parsed = parseText(app::settingsJson(changed, "mine", "a test"));
  ASSERT_FALSE(parsed.error) << parsed.error->text();
  EXPECT_TRUE(parsed.warnings.empty());
  EXPECT_EQ(parsed.name, "mine");
  const app::Layer layers[] = {*parsed.layer};
  const app::Resolved back = app::resolve(layers);
  ASSERT_TRUE(back.error.empty()) << back.error;
  for (const app::SettingInfo& s : app::settingsTable()) {
    EXPECT_TRUE(sameValue(app::valueOf(s, back.settings), app::valueOf(s, changed))) << s.key;
  }
}

TEST(Settings, PresetErrorsNameTheFileLineAndColumn) {
  struct Case {
    std::string text;
    int line, column;
    std::string says;
  };
  const std::vector<Case> cases = {
      {"{\n  \"simulation\": {\n    \"count\": 12,,\n  }\n}", 3, 17, "not valid JSON"},       // stray comma
      {"{\n  \"simulation\": {\n    \"dt\": 0.5", 3, 14, "not valid JSON"},                   // cut off
      {"{\n  \"simulation\": {\n    \"dt\": 7\n  }\n}", 3, 5, "outside the allowed range 0.001 to 1"},
      {"{\n  \"render\": {\"follow\": \"yes\"}\n}", 2, 14, "must be true or false"},
      {"{\n  \"simulation\": {\"world\": \"torus\"}\n}", 2, 18, "must be walls or wrap"},
      {"{\"simulation\": {\"count\": -3}}", 1, 17, "outside the allowed range 1 to"},
      {"{\"simulation\": {\"count\": 2.5}}", 1, 17, "must be a whole number"},
      {"{\"camera\": {\"target\": [1, 2]}}", 1, 13, "three numbers"},
      {"{\"simulation\": 5}", 1, 2, "must be an object"},
      {"{\"boids-preset\": 99}", 1, 2, "newer"},
      {"[1, 2, 3]", 1, 1, "JSON object"},
      {"", 1, 1, "empty"},
      {"\x01\x02\xff", 1, 1, "not valid JSON"},
  };
  for (const Case& c : cases) {
    const app::ParsedFile parsed = parseText(c.text);
    ASSERT_TRUE(parsed.error) << c.text;
    EXPECT_FALSE(parsed.layer);
    EXPECT_EQ(parsed.error->file, "t.json");
    EXPECT_EQ(parsed.error->line, c.line) << c.text << "\n" << parsed.error->text();
    EXPECT_EQ(parsed.error->column, c.column) << c.text << "\n" << parsed.error->text();
    EXPECT_NE(parsed.error->message.find(c.says), std::string::npos) << parsed.error->text();
  }
}

TEST(Settings, UnknownKeysAndSectionsAreWarningsWithTheirPlace) {
  const app::ParsedFile parsed =
      parseText("{\n  \"simulation\": {\"count\": 100, \"colour\": 3},\n  \"sound\": {\"volume\": 11}\n}");
  ASSERT_FALSE(parsed.error);
  ASSERT_EQ(parsed.warnings.size(), 2u);
  EXPECT_NE(parsed.warnings[0].find("t.json:2:32: unknown setting 'simulation.colour'"), std::string::npos) << parsed.warnings[0];
  EXPECT_NE(parsed.warnings[1].find("t.json:3:3: unknown section 'sound'"), std::string::npos) << parsed.warnings[1];
  ASSERT_EQ(parsed.layer->values.size(), 1u);  // the count still applies
}

TEST(Settings, LaterSourcesWinAndTheWorldFollowsTheCountOfTheLatestSource) {
  const app::ParsedFile preset = parseText(R"({"simulation": {"count": 5000, "world-size": 300, "dt": 0.5}})");
  ASSERT_TRUE(preset.layer);
  {  // the preset's world stands with its own count
    const app::Layer layers[] = {*preset.layer};
    const app::Resolved r = app::resolve(layers);
    EXPECT_EQ(r.settings.sim.worldSize, 300.0f);
    EXPECT_EQ(r.settings.sim.count, 5000u);
  }
  {  // a later count without a world: the world follows it
    app::Layer cli{"command line", {{app::findSetting("count"), 65536}}};
    const app::Layer layers[] = {*preset.layer, cli};
    const app::Resolved r = app::resolve(layers);
    EXPECT_EQ(r.settings.sim.count, 65536u);
    EXPECT_EQ(r.settings.sim.worldSize, sim::worldSizeForCount(65536));
    EXPECT_FLOAT_EQ(r.settings.sim.dt, 0.5f);  // the rest of the preset stays
  }
  {  // keep-density off: the world stays
    app::Layer cli{"command line", {{app::findSetting("count"), 65536}, {app::findSetting("keep-density"), false}}};
    const app::Layer layers[] = {*preset.layer, cli};
    EXPECT_EQ(app::resolve(layers).settings.sim.worldSize, 300.0f);
  }
  {  // a conflict across settings is reported, naming them
    app::Layer cli{"command line", {{app::findSetting("cohesion-radius"), 30.0}, {app::findSetting("world-size"), 80.0}}};
    const app::Layer layers[] = {cli};
    EXPECT_NE(app::resolve(layers).error.find("world-size"), std::string::npos);
  }
}

TEST(Settings, ThePresetOptionLoadsShippedPresetsAndFilesUnderTheCommandLine) {
  auto r = parse({"--preset", "fish-school", "--max-speed", "0.5"});
  ASSERT_TRUE(r.options);
  EXPECT_EQ(r.options->settings.sim.world, sim::WorldMode::Wrap);
  EXPECT_FLOAT_EQ(r.options->settings.sim.maxSpeed, 0.5f);
  EXPECT_TRUE(r.options->countGiven());

  const std::filesystem::path dir = scratch("preset-option");
  std::ofstream(dir / "bad.json") << "{\n  \"render\": {\n    \"fog\": 3\n  }\n}\n";
  testing::internal::CaptureStderr();
  auto bad = parse({"--preset", (dir / "bad.json").string()});
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_FALSE(bad.options);
  EXPECT_EQ(bad.exitCode, 2);
  EXPECT_NE(err.find((dir / "bad.json").string() + ":3:5: render.fog 3: outside the allowed range"), std::string::npos) << err;
}

TEST(Settings, ShippedPresetsLoadCleanlyAndDifferFromTheDefaults) {
  ASSERT_GE(app::shippedPresetFiles().size(), 4u);
  EXPECT_NE(app::findShippedPreset("cis565-benchmark"), nullptr);
  for (const gl::EmbeddedFile& f : app::shippedPresetFiles()) {
    const app::ParsedFile parsed = app::parseSettingsText(f.text, std::string(f.path));
    ASSERT_FALSE(parsed.error) << parsed.error->text();
    EXPECT_TRUE(parsed.warnings.empty()) << f.path;
    EXPECT_FALSE(parsed.name.empty()) << f.path;
    EXPECT_FALSE(parsed.description.empty()) << f.path;
    const app::Layer layers[] = {*parsed.layer};
    const app::Resolved r = app::resolve(layers);
    EXPECT_TRUE(r.error.empty()) << f.path << ": " << r.error;
    EXPECT_GE(parsed.layer->values.size(), 8u) << f.path;
  }
  // The benchmark preset is the docs' scenario.
  const app::ParsedFile bench = app::loadPreset("cis565-benchmark");
  const app::Layer layers[] = {*bench.layer};
  const app::AppSettings s = app::resolve(layers).settings;
  EXPECT_EQ(s.sim.world, sim::WorldMode::Wrap);
  EXPECT_EQ(s.sim.centroidWeight, 0.0f);
  EXPECT_NEAR(s.sim.count / std::pow(double(s.sim.worldSize), 3.0), sim::kReferenceDensity, 0.001);
}

TEST(Settings, WritesAreAtomicAndFailuresNameTheFileAndKeepTheOldOne) {
  const std::filesystem::path dir = scratch("atomic");
  const std::filesystem::path file = dir / "sub" / "settings.json";
  app::writeFileAtomically(file, "first");
  app::writeFileAtomically(file, "second");
  std::ifstream in(file);
  std::string content((std::istreambuf_iterator<char>(in)), {});
  EXPECT_EQ(content, "second");
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir / "sub"), {}), 1) << "no temporary files left";

  std::ofstream(dir / "plain-file") << "x";
  try {
    app::writeFileAtomically(dir / "plain-file" / "settings.json", "never");
    FAIL() << "writing under a file must fail";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("plain-file/settings.json"), std::string::npos) << e.what();
  }
  // A target that is a folder cannot be replaced: the folder and what it holds stay.
  std::filesystem::create_directories(dir / "taken" / "settings.json");
  std::ofstream(dir / "taken" / "settings.json" / "keep") << "mine";
  EXPECT_THROW(app::writeFileAtomically(dir / "taken" / "settings.json", "never"), std::runtime_error);
  EXPECT_TRUE(std::filesystem::exists(dir / "taken" / "settings.json" / "keep"));
  EXPECT_EQ(std::distance(std::filesystem::directory_iterator(dir / "taken"), {}), 1) << "no temporary files left";
}

TEST(Settings, TheSavedSettingsFollowXdgAndAnUnreadableFileIsMovedAsideNotLost) {
  const std::filesystem::path dir = scratch("xdg");
  ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
  EXPECT_EQ(app::userSettingsPath(), dir / "boids" / "settings.json");

  app::AppSettings saved;
  saved.sim.count = 3000;
  saved.sim.seed = 99;
  app::writeFileAtomically(app::userSettingsPath(), app::settingsJson(saved));
  auto r = parse({"--seed", "5"});
  ASSERT_TRUE(r.options);
  app::resolveWindowSettings(*r.options);
  EXPECT_EQ(r.options->settings.sim.count, 3000u);  // restored
  EXPECT_EQ(r.options->settings.sim.seed, 5u);      // the command line wins

  auto fresh = parse({"--defaults"});
  app::resolveWindowSettings(*fresh.options);
  EXPECT_EQ(fresh.options->settings.sim.count, app::AppSettings{}.sim.count);

  app::writeFileAtomically(app::userSettingsPath(), "{\"simulation\": {\"count\": ");  // torn by hand
  auto broken = parse({});
  testing::internal::CaptureStderr();
  app::resolveWindowSettings(*broken.options);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(broken.options->settings.sim.count, app::AppSettings{}.sim.count);
  EXPECT_NE(err.find("settings.json:1:"), std::string::npos) << err;
  EXPECT_FALSE(std::filesystem::exists(app::userSettingsPath()));
  int kept = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir / "boids")) {
    kept += e.path().filename().string().rfind("settings.json.unreadable-", 0) == 0;
  }
  EXPECT_EQ(kept, 1) << err;
  ::unsetenv("XDG_CONFIG_HOME");
}

TEST(Settings, SavedValuesThatConflictOrAreRefusedAreSetAsideByKeyAndTheFileIsKept) {
  const std::filesystem::path dir = scratch("xdg-aside");
  ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
  const std::string text =
      "{\"simulation\": {\"world-size\": 40, \"seed\": 77, \"dt\": 9, \"wall-strength\": 0.07}, \"render\": {\"fog\": 0.01}}\n";
  app::writeFileAtomically(app::userSettingsPath(), text);
  // The schools (the world follows the count); the radius fine there, too large for a quarter of 40.
  auto r = parse({"--preset", "schools", "--cohesion-radius", "15"});
  ASSERT_TRUE(r.options);
  testing::internal::CaptureStderr();
  app::resolveWindowSettings(*r.options);
  const std::string err = testing::internal::GetCapturedStderr();
  const app::AppSettings& s = r.options->settings;
  EXPECT_EQ(s.sim.seed, 77u) << "the rest is used";
  EXPECT_FLOAT_EQ(s.sim.wallStrength, 0.07f);
  EXPECT_FLOAT_EQ(s.render.fogDensity, 0.01f);
  EXPECT_FLOAT_EQ(s.sim.cohesionRadius, 15.0f) << "the option wins";
  EXPECT_FLOAT_EQ(s.sim.worldSize, sim::worldSizeForCount(s.sim.count)) << "the saved world gave way";
  EXPECT_FLOAT_EQ(s.sim.dt, sim::SimSettings{}.dt) << "a refused value is left out";
  EXPECT_NE(err.find("simulation.dt 9: outside the allowed range 0.001 to 1; set aside, the rest is used"), std::string::npos) << err;
  EXPECT_NE(err.find("world-size (40) set aside for this run"), std::string::npos) << err;
  std::ifstream in(app::userSettingsPath());
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(in)), {}), text) << "the file stays as it was";
  ::unsetenv("XDG_CONFIG_HOME");
}

TEST(Settings, DerivedValuesFollowWhatTheyDeriveFromUnlessSetWithItOrLater) {
  auto margin = [](std::vector<std::string> args) {
    auto r = parse(std::move(args));
    return r.options ? r.options->settings.sim.wallMargin : -1.0f;
  };
  const std::vector<std::string> smallRadii = {"--separation-radius", "1", "--alignment-radius", "1", "--cohesion-radius", "1"};
  auto with = [&](std::vector<std::string> more) {  // the schools: the world follows the count
    more.insert(more.end(), smallRadii.begin(), smallRadii.end());
    more.insert(more.end(), {"--preset", "schools"});
    return more;
  };
  EXPECT_FLOAT_EQ(margin(with({"--world-size", "10"})), 1.0f);
  EXPECT_FLOAT_EQ(margin(with({"--world-size", "10", "--wall-margin", "3"})), 3.0f);
  EXPECT_FLOAT_EQ(margin(with({"--count", "100000"})), std::round(sim::worldSizeForCount(100000)) / 10.0f);
  // A margin from an earlier source (a preset, the saved settings) gives way to a later world.
  app::Layer preset{"p.json", {}};
  preset.add(*app::findSetting("wall-margin"), 2.0);
  app::Layer cli{"command line", {}};
  cli.add(*app::findSetting("world-size"), 300.0);
  const app::Layer layers[] = {preset, cli};
  const app::Resolved r = app::resolve(layers);
  EXPECT_FLOAT_EQ(r.settings.sim.wallMargin, 30.0f);
  EXPECT_EQ(r.originOf("wall-margin"), "a tenth of world-size");
  EXPECT_EQ(r.decidingKey("wall-margin"), "world-size");
}

// keep-flock-size: the murmuration's spacing, step, bird size and opacity are given for 16384
// birds; at 1M (cbrt(16384 / 2^20) = 1/4 exactly) each is a quarter, unless given on the command
// line after the preset; a saved document writes them as for 16384 again.
TEST(Settings, KeepFlockSizeScalesSpacingStepBirdSizeAndOpacityWithTheCount) {
  auto r = parse({"--preset", "murmuration", "--count", "1048576"});
  ASSERT_TRUE(r.options);
  const app::AppSettings& s = r.options->settings;
  EXPECT_FLOAT_EQ(s.sim.separationRadius, 1.0f / 4);
  EXPECT_FLOAT_EQ(s.sim.range, 5.0f / 4);
  EXPECT_FLOAT_EQ(s.sim.dt, 0.1f / 4);
  EXPECT_FLOAT_EQ(s.render.boidScale, 0.3f / 4);
  EXPECT_FLOAT_EQ(s.render.opacity, 1.0f / 4);
  const app::ParsedFile saved = parseText(app::settingsJson(s));
  ASSERT_FALSE(saved.error) << saved.error->text();
  const app::Layer layers[] = {*saved.layer};
  const app::Resolved back = app::resolve(layers);
  EXPECT_FLOAT_EQ(back.settings.render.boidScale, 0.3f / 4);  // written as 0.3, scaled again on reading
  EXPECT_FLOAT_EQ(back.settings.render.opacity, 1.0f / 4);
  auto given = parse({"--preset", "murmuration", "--count", "1048576", "--boid-size", "0.5"});
  ASSERT_TRUE(given.options);
  EXPECT_FLOAT_EQ(given.options->settings.render.boidScale, 0.5f);
  EXPECT_FLOAT_EQ(given.options->settings.sim.separationRadius, 1.0f / 4);
}

TEST(Settings, ASavedWindowIsClampedToWhatTheNextStartAccepts) {
  app::AppSettings tiny;
  tiny.windowSize = {1, 0};
  const app::ParsedFile back = app::parseSettingsText(app::settingsJson(tiny), "saved.json");
  ASSERT_TRUE(back.layer) << back.error->text();
  const app::Layer layers[] = {*back.layer};
  EXPECT_EQ(app::resolve(layers).settings.windowSize, glm::ivec2(16, 16));
}

TEST(Settings, ACountBeyondTheGpuMemoryIsRefusedNamingTheLimit) {
  gl::Caps caps;
  caps.maxShaderStorageBlockSize = std::int64_t(1) << 40;
  caps.memoryAvailable = std::int64_t(1) << 30;  // 1 GiB
  caps.memorySource = "GL_NVX_gpu_memory_info";
  EXPECT_EQ(sim::checkCountFits(1'000'000, caps, sim::Neighbours::GridCoherent), "");
  const std::string why = sim::checkCountFits(10'000'000, caps, sim::Neighbours::GridCoherent);
  EXPECT_NE(why.find("10000000 boids need about"), std::string::npos) << why;
  EXPECT_NE(why.find("1024 MiB available (GL_NVX_gpu_memory_info)"), std::string::npos) << why;
  caps.maxShaderStorageBlockSize = 128 << 20;
  EXPECT_NE(sim::checkCountFits(10'000'000, caps, sim::Neighbours::GridCoherent).find("GL_MAX_SHADER_STORAGE_BLOCK_SIZE"),
            std::string::npos);
}

TEST(Settings, ASavedCountTooBigForThisGpuIsSetAsideWithWhatOnlyFittedItsWorld) {
  // Saved on a bigger GPU: a million boids in their world, with a radius only that world allows.
  app::AppSettings big = app::resolve({}).settings;
  big.sim.count = 4'000'000;
  big.sim.worldSize = sim::worldSizeForCount(big.sim.count);
  big.sim.wallMargin = big.sim.worldSize / 10;
  big.sim.cohesionRadius = 40.0f;
  big.sim.seed = 123;
  const app::ParsedFile saved = app::parseSettingsText(app::settingsJson(big), "settings.json", app::Values::SetAside);
  ASSERT_TRUE(saved.layer);
  auto r = parse({"--max-speed", "2"});
  ASSERT_TRUE(r.options);
  app::Options options = *r.options;
  options.start.reset();  // the defaults beneath (the murmuration's large world would hold the radius)
  options.saved = saved.layer;
  options.settings = app::resolve(options.layers()).settings;
  gl::Caps caps;
  caps.maxShaderStorageBlockSize = std::int64_t(1) << 40;
  caps.memoryAvailable = std::int64_t(256) << 20;  // too small for 4M boids
  caps.memorySource = "BOIDS_GPU_MEMORY_MIB";
  testing::internal::CaptureStderr();
  const std::string problem = app::adaptToContext(options, caps, true);
  const std::string err = testing::internal::GetCapturedStderr();
  EXPECT_EQ(problem, "");
  EXPECT_EQ(options.settings.sim.count, app::AppSettings{}.sim.count);
  EXPECT_FLOAT_EQ(options.settings.sim.cohesionRadius, sim::SimSettings{}.cohesionRadius) << "only fitted the big world";
  EXPECT_EQ(options.settings.sim.seed, 123u) << "the rest is used";
  EXPECT_FLOAT_EQ(options.settings.sim.maxSpeed, 2.0f) << "the option stays";
  EXPECT_NE(err.find("settings.json:"), std::string::npos) << err;
  EXPECT_NE(err.find("count (4000000), world-size ("), std::string::npos) << err;
  EXPECT_NE(err.find("cohesion-radius (40"), std::string::npos) << err;

  // Given on the command line instead, the same count is an error naming the option.
  auto given = parse({"--count", "4000000"});
  ASSERT_TRUE(given.options);
  EXPECT_EQ(app::adaptToContext(*given.options, caps, true).rfind("--count 4000000: 4000000 boids need about", 0), 0u);
}

TEST(Settings, JsonEdgesReadAsTheyAreWritten) {
  auto parsed = [](const std::string& text) { return app::parseSettingsText(text, "p.json"); };
  // A JSON -0 is zero, a whole number in range.
  const app::ParsedFile zero = parsed("{\"simulation\": {\"seed\": -0}}");
  ASSERT_TRUE(zero.layer) << zero.error->text();
  EXPECT_EQ(zero.layer->find("seed")->value, 0u);
  // A format version that is no whole number says so, not that it is newer.
  const app::ParsedFile version = parsed("{\"boids-preset\": \"1\"}");
  ASSERT_TRUE(version.error);
  EXPECT_NE(version.error->text().find("must be the format's version, a whole number"), std::string::npos) << version.error->text();
  // A section whose name looks like a path is its own (unknown) section, not a second "simulation".
  const app::ParsedFile slash = parsed("{\"simulation\": {\"count\": 5}, \"simulation/count\": 1}");
  ASSERT_TRUE(slash.layer) << slash.error->text();
  ASSERT_EQ(slash.warnings.size(), 1u);
  EXPECT_NE(slash.warnings[0].find("p.json:1:30: unknown section 'simulation/count'"), std::string::npos) << slash.warnings[0];
  // An escaped key is the same key: given twice.
  const app::ParsedFile escaped = parsed("{\"simulation\": {\"\\u0063ount\": 5, \"count\": 6}}");
  ASSERT_TRUE(escaped.error);
  EXPECT_NE(escaped.error->text().find("simulation.count is given twice (first at 1:17)"), std::string::npos)
      << escaped.error->text();
  // A non-ASCII unknown key keeps its place in the warning.
  const app::ParsedFile accented = parsed("{\"simulation\": {\"d\\u00e9t\": 1}}");
  ASSERT_TRUE(accented.layer);
  ASSERT_EQ(accented.warnings.size(), 1u);
  EXPECT_NE(accented.warnings[0].find("p.json:1:17:"), std::string::npos) << accented.warnings[0];
}

TEST(Settings, AtomicWritesGoThroughASymbolicLink) {
  const std::filesystem::path dir = scratch("symlink");
  std::filesystem::create_directories(dir / "dotfiles");
  app::writeFileAtomically(dir / "dotfiles" / "settings.json", "old");
  std::filesystem::create_symlink(dir / "dotfiles" / "settings.json", dir / "settings.json");
  app::writeFileAtomically(dir / "settings.json", "new");
  EXPECT_TRUE(std::filesystem::is_symlink(dir / "settings.json")) << "the link was replaced by a file";
  std::ifstream in(dir / "dotfiles" / "settings.json");
  EXPECT_EQ(std::string((std::istreambuf_iterator<char>(in)), {}), "new");
}

TEST(Settings, APresetLoadedIntoTheRunningAppKeepsWhatItLeavesOutAndRefusesAsAWhole) {
  app::AppSettings current = app::resolve({}).settings;
  current.sim.dt = 0.5f;
  current.camera.yaw = 1.0f;
  current.cameraSet = true;
  {  // a render-only preset: the flock, the world and the view stay
    const app::ParsedFile p = parseText(R"({"render": {"fog": 0.01}})");
    const app::Resolved r = app::overlay(current, *p.layer);
    ASSERT_TRUE(r.error.empty()) << r.error;
    EXPECT_FLOAT_EQ(r.settings.render.fogDensity, 0.01f);
    EXPECT_FLOAT_EQ(r.settings.sim.dt, 0.5f);
    EXPECT_FLOAT_EQ(r.settings.camera.yaw, 1.0f);
  }
  {  // a new count: the world follows it and is framed anew
    const app::ParsedFile p = parseText(R"({"simulation": {"count": 65536}})");
    const app::Resolved r = app::overlay(current, *p.layer);
    EXPECT_EQ(r.settings.sim.worldSize, sim::worldSizeForCount(65536));
    EXPECT_FLOAT_EQ(r.settings.camera.distance, render::OrbitCamera::framing(r.settings.sim.worldSize).distance);
  }
  {  // settings that conflict with the current world: refused, naming them; the caller keeps `current`
    const app::ParsedFile p = parseText(R"({"simulation": {"cohesion-radius": 40}})");
    const app::Resolved r = app::overlay(current, *p.layer);
    EXPECT_NE(r.error.find("quarter of world-size"), std::string::npos) << r.error;
  }
}
