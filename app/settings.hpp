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
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <glm/vec2.hpp>
#include <nlohmann/json.hpp>

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
  std::string compact;     // the cull's compaction variant
  std::string environment; // what lights the flock: a shipped or built-in environment's name, or a .hdr file
  std::string shVariant;   // the reduce variant that projects it onto spherical harmonics
  std::string shLayout;    // the layout it is projected from: equirect or cube
  bool keepDensity = true; // a new count resizes the world to keep sim::kReferenceDensity
  bool keepFlockSize = false;  // a new count rescales the birds' spacing so the flock keeps its size (sim::spacingScale)
  bool vsync = true;
  bool showPanel = true;
  bool paused = false;
  bool compareAll = false;
  int checkEvery = 30;     // frames between CPU checks of the reduction (0: on demand)
  glm::ivec2 windowSize{1280, 720};
  float renderScale = 1.0f;  // the window's scene at this fraction of its size (adaptToContext: 0.5 on a software renderer)

  AppSettings();  // the defaults
};

// The settings keep-flock-size scales by sim::spacingScale(count): given for 16384 birds, so the
// flock keeps its size and its look at any count (more birds, closer together and smaller).
struct FlockSizeSetting {
  const char* key;
  float& (*of)(AppSettings&);
  float (*within)(const AppSettings&, float);  // a scaled value brought inside what sim::check allows
};
extern const FlockSizeSetting kFlockSizeSettings[5];
// Every setting of kFlockSizeSettings times `scale`, each within its most.
void scaleFlockSize(AppSettings& s, float scale);

enum class SettingKind { Float, Integer, Bool, Choice, Numbers, Text };

struct SettingInfo {
  const char* key;      // command line (--KEY, --set KEY=...), unique
  const char* section;  // in a preset: {"<section>": {"<name>": value}}
  const char* name;
  const char* help;
  SettingKind kind;
  double min = 0, max = 0;           // Float, Integer (inclusive), Numbers (each component)
  std::vector<std::string> choices;  // Choice; Numbers: the components' names ("x", "y", "z"); Text: what it may name
  nlohmann::json (*get)(const AppSettings&) = nullptr;
  void (*set)(AppSettings&, const nlohmann::json&) = nullptr;  // a value checkValue() accepted
  float sim::SimSettings::*simFloat = nullptr;  // the rule parameters: read and written through this
  std::vector<std::string> labels;  // Choice: how the panel shows each choice (empty: as written)
};

std::span<const SettingInfo> settingsTable();
const SettingInfo* findSetting(std::string_view key);
nlohmann::json valueOf(const SettingInfo& s, const AppSettings& a);
void assign(const SettingInfo& s, AppSettings& a, const nlohmann::json& value);  // value: checkValue() passed
std::string describeRange(const SettingInfo& s);  // "0.1 to 50", "walls or wrap", "true or false"

// Empty when `value` suits the setting, else why not ("outside the allowed range 0.1 to 50").
// Ranges are compared in the setting's own type: a float setting's bounds as shown are accepted.
std::string checkValue(const SettingInfo& s, const nlohmann::json& value);
// A value checkValue() accepted, in the form assign() takes (1e3 -> 1000 for a whole number,
// 27 -> "27" for a choice).
nlohmann::json normalised(const SettingInfo& s, const nlohmann::json& value);
// A command-line text as the setting's JSON value; nullopt with `error` set when it is none.
std::optional<nlohmann::json> parseText(const SettingInfo& s, std::string_view text, std::string& error);

// One value from one source, already checked against its setting. `origin` names it as the user
// wrote it, for messages: "--count 64", "--set count=64", "p.json:3:5: simulation.count 64".
struct Assignment {
  const SettingInfo* setting;
  nlohmann::json value;
  std::string origin;
};

// One source of settings: "command line", a preset, the saved settings of the last run.
struct Layer {
  std::string source;
  std::vector<Assignment> values;
  bool has(std::string_view key) const;
  const Assignment* find(std::string_view key) const;
  void add(const SettingInfo& s, nlohmann::json value, std::string origin = {});
  void remove(std::string_view key);
};

// Applies layers over the defaults in order, then derives what was left open: the world follows
// the count when keep-density is on and world-size was not set by the same or a later layer than
// the count; the wall margin is a tenth of the side unless set by the same or a later layer than
// the side's; an unset camera frames the world. Empty error: usable.
struct Resolved {
  AppSettings settings;
  std::string error;                  // a cross-setting conflict (sim::check), naming each value's source
  std::vector<std::string> errorKeys; // the settings the conflict is between
  std::map<std::string, int> levels;  // key -> the 1-based layer that set it (absent: a default or derived)
  std::map<std::string, std::string> origins;  // key -> Assignment::origin of the value used
  std::map<std::string, std::string> derivedFrom;  // "world-size" -> "count", "wall-margin" -> "world-size"
  // The setting whose value decided `key`'s: itself, or what it was derived from, followed through.
  std::string decidingKey(std::string key) const;
  // The value's origin, "the default" or what it was derived from.
  std::string originOf(const std::string& key) const;
};
Resolved resolve(std::span<const Layer> layers);

// A preset loaded into a running app: its settings over the current ones (what it leaves out
// stays). Without a camera of its own the view stays where it is, unless the preset changes the
// world's size: then the new world is framed. On error the caller keeps `current` as it is.
Resolved overlay(const AppSettings& current, const Layer& preset);

// Every setting of `s` as a layer (what Save writes).
Layer layerOf(const AppSettings& s, std::string source);

// $XDG_CONFIG_HOME/boids/settings.json, else $HOME/.config/boids/settings.json; empty when
// neither variable is set.
std::filesystem::path userSettingsPath();

}  // namespace boids::app
