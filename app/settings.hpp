#pragma once
// Everything a user can set, described once. The command line (--KEY and --set KEY=VALUE), presets,
// the last run's saved settings and the panel's Save/Load all go through this table, so a setting
// has one key, one type, one range and one error message everywhere.
//
// Sources are layers of (key, value) assignments applied over the defaults in order (saved last
// run < preset < command line); resolve() turns them into settings and derives what was left
// open (a world that follows the count, a camera that frames it). Nothing here touches GL.
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

#include "engine/gl/embedded_shaders.hpp"
#include "engine/render/camera.hpp"
#include "engine/render/render_settings.hpp"
#include "engine/sim/params.hpp"

namespace boids::app {

struct AppSettings {
  sim::SimSettings sim;
  render::RenderSettings render;
  render::OrbitCamera camera;
  bool cameraSet = false;  // false: the camera frames the world (resolve)
  std::string reduce;      // centroid + bounds strategy
  std::string sort;        // the grid's sorter
  bool keepDensity = true; // a new count resizes the world to keep 0.03056 boids per unit^3
  bool vsync = true;
  bool showPanel = true;
  bool paused = false;
  bool compareAll = false;
  int checkEvery = 30;     // frames between CPU checks of the reduction (0: on demand)
  glm::ivec2 windowSize{1280, 720};

  AppSettings();  // the defaults
};

enum class SettingKind { Float, Integer, Bool, Choice, Vec3 };

struct SettingInfo {
  const char* key;      // command line (--KEY, --set KEY=...), unique
  const char* section;  // in a preset: {"<section>": {"<name>": value}}
  const char* name;
  const char* help;
  SettingKind kind;
  double min = 0, max = 0;           // Float, Integer (inclusive), Vec3 (each component)
  std::vector<std::string> choices;  // Choice
  nlohmann::json (*get)(const AppSettings&) = nullptr;
  void (*set)(AppSettings&, const nlohmann::json&) = nullptr;  // a value checkValue() accepted
  float sim::SimSettings::*simFloat = nullptr;  // the rule parameters: read and written through this
};

std::span<const SettingInfo> settingsTable();
const SettingInfo* findSetting(std::string_view key);
nlohmann::json valueOf(const SettingInfo& s, const AppSettings& a);
void assign(const SettingInfo& s, AppSettings& a, const nlohmann::json& value);  // value: checkValue() passed
std::string describeRange(const SettingInfo& s);  // "0.1 to 50", "walls or wrap", "true or false"

// Empty when `value` suits the setting, else why not ("outside the allowed range 0.1 to 50").
std::string checkValue(const SettingInfo& s, const nlohmann::json& value);
// A command-line text as the setting's JSON value; nullopt with `error` set when it is none.
std::optional<nlohmann::json> parseText(const SettingInfo& s, std::string_view text, std::string& error);

// One source of settings: values already checked against their settings.
struct Layer {
  std::string source;  // for messages: "command line", a file name
  std::vector<std::pair<const SettingInfo*, nlohmann::json>> values;
  bool has(std::string_view key) const;
};

// Applies layers over the defaults in order, then: the world follows the count when keep-density
// is on and world-size was not set by the same or a later layer than the count (same for the
// wall margin, a tenth of the side); an unset camera frames the world. Empty error: usable.
struct Resolved {
  AppSettings settings;
  std::string error;  // a cross-setting conflict (sim::validate), naming the settings
};
Resolved resolve(std::span<const Layer> layers);

// A preset loaded into a running app: its settings over the current ones (what it leaves out
// stays). Without a camera of its own the view stays where it is, unless the preset changes the
// world's size: then the new world is framed. On error the caller keeps `current` as it is.
Resolved overlay(const AppSettings& current, const Layer& preset);

// Every setting of `s` as a layer (what Save writes).
Layer layerOf(const AppSettings& s, std::string source);

// --- files: presets and the saved settings ---------------------------------------------------
struct FileError {
  std::string file;
  int line = 0, column = 0;  // 1-based; 0 when the problem is the file as a whole
  std::string message;
  std::string text() const;  // "file:line:column: message"
};

struct ParsedFile {
  std::optional<Layer> layer;         // empty on error
  std::optional<FileError> error;
  std::vector<std::string> warnings;  // unknown keys and sections, "file:line:column: ..."
  std::string name, description;      // the preset's own
};

// A preset or settings document. Syntax errors, wrong types and values out of range are errors
// (the whole file is refused); unknown keys are warnings.
ParsedFile parseSettingsText(std::string_view text, const std::string& source);
ParsedFile loadSettingsFile(const std::filesystem::path& file);

// The document Save writes: every setting, grouped by section, with the format version.
std::string settingsJson(const AppSettings& s, std::string_view name = {}, std::string_view description = {});

// Writes `text` to `file` through a temporary file in the same folder and a rename, so a crash
// mid-save leaves the old file or the new one, never a torn one. Creates the folder. Throws
// std::runtime_error naming the file and the reason.
void writeFileAtomically(const std::filesystem::path& file, std::string_view text);

// $XDG_CONFIG_HOME/boids/settings.json, else $HOME/.config/boids/settings.json; empty when
// neither variable is set.
std::filesystem::path userSettingsPath();

// The presets shipped in presets/, built into the binary (cmake/EmbedFiles.cmake).
std::span<const gl::EmbeddedFile> shippedPresetFiles();
// A shipped preset by name ("murmuration" for presets/murmuration.json), or null.
const gl::EmbeddedFile* findShippedPreset(std::string_view name);
// --preset's argument: a shipped preset's name, else a file.
ParsedFile loadPreset(std::string_view nameOrFile);

inline constexpr int kSettingsFormat = 1;

}  // namespace boids::app
