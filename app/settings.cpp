#include "app/settings.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <numbers>
#include <stdexcept>
#include <system_error>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine/grid/sort.hpp"
#include "engine/reduce/strategy.hpp"

namespace boids::app {

using nlohmann::json;

AppSettings::AppSettings() : reduce(reduce::kDefaultStrategy), sort(grid::kDefaultSorter) {}

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;

std::vector<std::string> strategyNames() {
  std::vector<std::string> names;
  for (const reduce::StrategyInfo& s : reduce::strategies()) names.emplace_back(s.name);
  return names;
}

std::vector<std::string> sorterNames() {
  std::vector<std::string> names;
  for (const grid::SorterInfo& s : grid::sorters()) names.emplace_back(s.name);
  return names;
}

// Shorthands for the table: a setting of each kind bound to a member.
#define FLOAT_MEMBER(expr) \
  [](const AppSettings& a) -> json { return double(a.expr); }, [](AppSettings& a, const json& v) { a.expr = v.get<float>(); }
#define BOOL_MEMBER(expr) \
  [](const AppSettings& a) -> json { return a.expr; }, [](AppSettings& a, const json& v) { a.expr = v.get<bool>(); }

std::vector<SettingInfo> buildTable() {
  std::vector<SettingInfo> t;
  auto add = [&](SettingInfo s) { t.push_back(std::move(s)); };

  // simulation
  add({"count", "simulation", "count", "number of boids", SettingKind::Integer, 1, double(1u << 26), {},
       [](const AppSettings& a) -> json { return a.sim.count; },
       [](AppSettings& a, const json& v) { a.sim.count = v.get<std::uint32_t>(); }});
  add({"seed", "simulation", "seed", "seed of the initial flock (same seed, count, frames: same flock)",
       SettingKind::Integer, 0, 18446744073709551615.0, {},
       [](const AppSettings& a) -> json { return a.sim.seed; },
       [](AppSettings& a, const json& v) { a.sim.seed = v.get<std::uint64_t>(); }});
  add({"world", "simulation", "world", "'walls' (soft walls inside a hard cube) or 'wrap' (wrap-around cube)",
       SettingKind::Choice, 0, 0, {"walls", "wrap"},
       [](const AppSettings& a) -> json { return sim::worldModeName(a.sim.world); },
       [](AppSettings& a, const json& v) { a.sim.world = v.get<std::string>() == "wrap" ? sim::WorldMode::Wrap : sim::WorldMode::Walls; }});
  // The rule parameters come from the simulation's own table (engine/sim/params.cpp).
  for (const sim::FloatParam& p : sim::floatParams()) {
    add({p.key, "simulation", p.key, p.help, SettingKind::Float, p.min, p.max, {}, nullptr, nullptr, p.member});
  }
  add({"neighbours", "simulation", "neighbours",
       "'coherent' (grid, boids gathered into cell order), 'scattered' (grid, read through the sorted index) or "
       "'brute-force' (every pair)",
       SettingKind::Choice, 0, 0, {"coherent", "scattered", "brute-force"},
       [](const AppSettings& a) -> json { return sim::neighboursName(a.sim.neighbours); },
       [](AppSettings& a, const json& v) {
         const std::string n = v.get<std::string>();
         a.sim.neighbours = n == "brute-force" ? sim::Neighbours::BruteForce
                            : n == "scattered" ? sim::Neighbours::GridScattered
                                               : sim::Neighbours::GridCoherent;
       }});
  add({"cells", "simulation", "cells", "grid search: 27 cells of the radius, or 8 cells of twice the radius",
       SettingKind::Choice, 0, 0, {"27", "8"},
       [](const AppSettings& a) -> json { return a.sim.cells == sim::CellSearch::Cells8 ? "8" : "27"; },
       [](AppSettings& a, const json& v) {
         a.sim.cells = v.get<std::string>() == "8" ? sim::CellSearch::Cells8 : sim::CellSearch::Cells27;
       }});
  add({"keep-density", "simulation", "keep-density",
       "the world's side follows the count (0.03056 boids per unit^3) unless world-size is given with it",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(keepDensity)});

  // strategies
  add({"reduce", "strategies", "reduce", "strategy for the flock's centroid and bounds", SettingKind::Choice, 0, 0,
       strategyNames(), [](const AppSettings& a) -> json { return a.reduce; },
       [](AppSettings& a, const json& v) { a.reduce = v.get<std::string>(); }});
  add({"sort", "strategies", "sort", "sort of the grid's (cell, boid) pairs", SettingKind::Choice, 0, 0, sorterNames(),
       [](const AppSettings& a) -> json { return a.sort; },
       [](AppSettings& a, const json& v) { a.sort = v.get<std::string>(); }});

  // render
  add({"boid-size", "render", "boid-size", "length of a drawn boid in world units", SettingKind::Float, 0.01, 100, {},
       FLOAT_MEMBER(render.boidScale)});
  add({"fog", "render", "fog", "density of the distance fog (0: none)", SettingKind::Float, 0, 0.1, {},
       FLOAT_MEMBER(render.fogDensity)});
  add({"world-box", "render", "world-box", "draw the world cube's edges", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(render.showWorldBox)});
  add({"markers", "render", "markers", "crosses at the GPU centroid and the CPU reference centroid", SettingKind::Bool,
       0, 0, {}, BOOL_MEMBER(render.showMarkers)});
  add({"bounds", "render", "bounds", "the flock's bounding box as the reduction found it", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(render.showBounds)});
  add({"show-cells", "render", "show-cells", "draw the grid's occupied cells", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(render.showCells)});
  add({"follow", "render", "follow", "the camera follows the flock (framing its bounds, on the GPU)", SettingKind::Bool,
       0, 0, {}, BOOL_MEMBER(render.follow)});
  add({"follow-zoom", "render", "follow-zoom", "distance factor while following", SettingKind::Float, 0.05, 20, {},
       FLOAT_MEMBER(render.followZoom)});

  // camera (angles in degrees in files and on the command line)
  add({"camera-yaw", "camera", "yaw", "camera angle around the vertical, degrees", SettingKind::Float, -360, 360, {},
       [](const AppSettings& a) -> json {
         const double d = std::remainder(double(a.camera.yaw) * kDegrees, 360.0);  // in [-180, 180]
         return d;
       },
       [](AppSettings& a, const json& v) {
         a.camera.yaw = float(v.get<double>() / kDegrees);
         a.cameraSet = true;
       }});
  add({"camera-pitch", "camera", "pitch", "camera angle above the horizon, degrees", SettingKind::Float, -89, 89, {},
       [](const AppSettings& a) -> json { return double(a.camera.pitch) * kDegrees; },
       [](AppSettings& a, const json& v) {
         a.camera.pitch = float(v.get<double>() / kDegrees);
         a.cameraSet = true;
       }});
  add({"camera-distance", "camera", "distance", "camera distance from its target", SettingKind::Float, 0.5, 1e6, {},
       [](const AppSettings& a) -> json { return double(a.camera.distance); },
       [](AppSettings& a, const json& v) {
         a.camera.distance = v.get<float>();
         a.cameraSet = true;
       }});
  add({"camera-target", "camera", "target", "the point the camera looks at, x,y,z", SettingKind::Vec3, -1e6, 1e6, {},
       [](const AppSettings& a) -> json { return json::array({a.camera.target.x, a.camera.target.y, a.camera.target.z}); },
       [](AppSettings& a, const json& v) {
         a.camera.target = {v[0].get<float>(), v[1].get<float>(), v[2].get<float>()};
         a.cameraSet = true;
       }});
  add({"camera-fov", "camera", "fov", "vertical field of view, degrees", SettingKind::Float, 10, 120, {},
       [](const AppSettings& a) -> json { return double(a.camera.fovY) * kDegrees; },
       [](AppSettings& a, const json& v) {
         a.camera.fovY = float(v.get<double>() / kDegrees);
         a.cameraSet = true;
       }});

  // window and panel
  add({"vsync", "window", "vsync", "synchronise the window with the display refresh", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(vsync)});
  add({"panel", "window", "panel", "show the control panel (H toggles it)", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(showPanel)});
  add({"paused", "window", "paused", "the simulation starts paused (Space toggles it)", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(paused)});
  add({"compare-all", "window", "compare-all", "run every reduction strategy each frame and compare them",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(compareAll)});
  add({"check-every", "window", "check-every", "frames between CPU checks of the reduction (0: on demand)",
       SettingKind::Integer, 0, 100000, {},
       [](const AppSettings& a) -> json { return a.checkEvery; },
       [](AppSettings& a, const json& v) { a.checkEvery = v.get<int>(); }});
  add({"width", "window", "width", "window or offscreen image width in pixels", SettingKind::Integer, 16, 16384, {},
       [](const AppSettings& a) -> json { return a.windowSize.x; },
       [](AppSettings& a, const json& v) { a.windowSize.x = v.get<int>(); }});
  add({"height", "window", "height", "window or offscreen image height in pixels", SettingKind::Integer, 16, 16384, {},
       [](const AppSettings& a) -> json { return a.windowSize.y; },
       [](AppSettings& a, const json& v) { a.windowSize.y = v.get<int>(); }});
  return t;
}

#undef FLOAT_MEMBER
#undef BOOL_MEMBER

std::string number(double v) {  // as a person would write the bound: 0.001, 50, 67108864
  char buffer[64];
  if (v == std::floor(v) && std::fabs(v) < 1e19) {
    std::snprintf(buffer, sizeof buffer, "%.0f", v);
  } else {
    std::snprintf(buffer, sizeof buffer, "%.6g", v);
  }
  return buffer;
}

std::string joinChoices(const std::vector<std::string>& choices) {
  std::string text;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) text += i + 1 == choices.size() ? " or " : ", ";
    text += choices[i];
  }
  return text;
}

bool inRange(const SettingInfo& s, double v) { return std::isfinite(v) && v >= s.min && v <= s.max; }

}  // namespace

std::span<const SettingInfo> settingsTable() {
  static const std::vector<SettingInfo> kTable = buildTable();
  return kTable;
}

json valueOf(const SettingInfo& s, const AppSettings& a) {
  json v = s.simFloat ? json(double(a.sim.*s.simFloat)) : s.get(a);
  // Settings are held as floats: a bound such as 0.05 comes back as 0.0500000007, and an angle
  // through radians as 89.0000001. Clamped into the range, so a saved value always loads again.
  auto clampNumber = [&](json& x) {
    if (x.is_number_float()) x = std::clamp(x.get<double>(), s.min, s.max);
  };
  if (s.kind == SettingKind::Float) clampNumber(v);
  if (s.kind == SettingKind::Vec3) {
    for (json& c : v) clampNumber(c);
  }
  return v;
}

void assign(const SettingInfo& s, AppSettings& a, const json& v) {
  if (s.simFloat) {
    a.sim.*s.simFloat = v.get<float>();
  } else {
    s.set(a, v);
  }
}

const SettingInfo* findSetting(std::string_view key) {
  for (const SettingInfo& s : settingsTable()) {
    if (key == s.key) return &s;
  }
  return nullptr;
}

std::string describeRange(const SettingInfo& s) {
  switch (s.kind) {
    case SettingKind::Float: return number(s.min) + " to " + number(s.max);
    case SettingKind::Integer:
      return number(s.min) + " to " + (s.max >= 1.8e19 ? std::string("18446744073709551615") : number(s.max));
    case SettingKind::Bool: return "true or false";
    case SettingKind::Choice: return joinChoices(s.choices);
    case SettingKind::Vec3: return "three numbers x,y,z from " + number(s.min) + " to " + number(s.max);
  }
  return {};
}

std::string checkValue(const SettingInfo& s, const json& v) {
  const std::string allowed = "allowed: " + describeRange(s);
  switch (s.kind) {
    case SettingKind::Float:
      if (!v.is_number()) return "must be a number (" + allowed + ")";
      if (!inRange(s, v.get<double>())) return "outside the allowed range " + describeRange(s);
      return {};
    case SettingKind::Integer:
      if (v.is_number_unsigned()) {
        const std::uint64_t u = v.get<std::uint64_t>();
        // Compared as integers: a double cannot tell 2^64 - 1 from 2^64 (the seed's top).
        if (u < std::uint64_t(s.min) || (s.max < 1.8e19 && u > std::uint64_t(s.max))) {
          return "outside the allowed range " + describeRange(s);
        }
        return {};
      }
      if (v.is_number_integer()) return "outside the allowed range " + describeRange(s);  // negative
      return "must be a whole number (" + allowed + ")";
    case SettingKind::Bool:
      if (!v.is_boolean()) return "must be true or false";
      return {};
    case SettingKind::Choice: {
      std::string text;
      if (v.is_string()) {
        text = v.get<std::string>();
      } else if (v.is_number_unsigned()) {  // "cells": 27
        text = std::to_string(v.get<std::uint64_t>());
      } else {
        return "must be " + describeRange(s);
      }
      if (std::find(s.choices.begin(), s.choices.end(), text) == s.choices.end()) return "must be " + describeRange(s);
      return {};
    }
    case SettingKind::Vec3:
      if (!v.is_array() || v.size() != 3) return "must be three numbers [x, y, z]";
      for (const json& c : v) {
        if (!c.is_number()) return "must be three numbers [x, y, z]";
        if (!inRange(s, c.get<double>())) return "outside the allowed range " + describeRange(s);
      }
      return {};
  }
  return "unknown kind";
}

std::optional<json> parseText(const SettingInfo& s, std::string_view text, std::string& error) {
  auto parseDouble = [](std::string_view t, double& out) {
    if (t.empty() || t.size() > 64) return false;
    const std::string copy(t);  // strtod needs a terminated string
    char* end = nullptr;
    errno = 0;
    out = std::strtod(copy.c_str(), &end);
    return end == copy.c_str() + copy.size() && errno == 0 && std::isfinite(out) &&
           copy.find_first_of(" \t\n") == std::string::npos;
  };
  switch (s.kind) {
    case SettingKind::Float: {
      double v;
      if (!parseDouble(text, v)) {
        error = "'" + std::string(text) + "' is not a number (allowed: " + describeRange(s) + ")";
        return std::nullopt;
      }
      return json(v);
    }
    case SettingKind::Integer: {
      std::uint64_t v = 0;
      const char* first = text.data();
      const char* last = text.data() + text.size();
      if (!text.empty() && text[0] == '-') {
        error = "'" + std::string(text) + "' is outside the allowed range " + describeRange(s);
        return std::nullopt;
      }
      auto [end, ec] = std::from_chars(first, last, v);
      if (text.empty() || ec != std::errc() || end != last) {
        error = "'" + std::string(text) + "' is not a whole number (allowed: " + describeRange(s) + ")";
        return std::nullopt;
      }
      return json(v);
    }
    case SettingKind::Bool: {
      if (text == "true" || text == "1" || text == "on" || text == "yes") return json(true);
      if (text == "false" || text == "0" || text == "off" || text == "no") return json(false);
      error = "'" + std::string(text) + "' is not true or false";
      return std::nullopt;
    }
    case SettingKind::Choice: return json(std::string(text));
    case SettingKind::Vec3: {
      json v = json::array();
      std::string_view rest = text;
      for (int i = 0; i < 3; ++i) {
        const std::size_t comma = rest.find(',');
        const std::string_view part = i < 2 ? rest.substr(0, comma) : rest;
        double d;
        if ((i < 2 && comma == std::string_view::npos) || !parseDouble(part, d)) {
          error = "'" + std::string(text) + "' is not three numbers x,y,z";
          return std::nullopt;
        }
        v.push_back(d);
        if (i < 2) rest = rest.substr(comma + 1);
      }
      return v;
    }
  }
  error = "unknown kind";
  return std::nullopt;
}

bool Layer::has(std::string_view key) const {
  return std::any_of(values.begin(), values.end(), [&](const auto& kv) { return key == kv.first->key; });
}

Resolved resolve(std::span<const Layer> layers) {
  Resolved r;
  std::map<std::string, int> level;  // the last layer that set each key
  for (std::size_t i = 0; i < layers.size(); ++i) {
    for (const auto& [setting, value] : layers[i].values) {
      assign(*setting, r.settings, value);
      level[setting->key] = int(i) + 1;
    }
  }
  auto levelOf = [&](const char* key) { return level.count(key) ? level[key] : 0; };
  AppSettings& s = r.settings;
  if (s.keepDensity) {
    if (levelOf("world-size") == 0 || levelOf("world-size") < levelOf("count")) {
      s.sim.worldSize = sim::worldSizeForCount(s.sim.count);
      if (levelOf("wall-margin") <= levelOf("count")) s.sim.wallMargin = std::round(s.sim.worldSize) / 10.0f;
    }
  }
  if (!s.cameraSet) s.camera = render::OrbitCamera::framing(s.sim.worldSize);
  r.error = sim::validate(s.sim);
  return r;
}

Resolved overlay(const AppSettings& current, const Layer& preset) {
  const auto isCamera = [](const auto& kv) { return std::string(kv.first->section) == "camera"; };
  const bool presetHasCamera = std::any_of(preset.values.begin(), preset.values.end(), isCamera);
  Layer base = layerOf(current, "current settings");
  if (!presetHasCamera) std::erase_if(base.values, isCamera);
  const Layer layers[] = {base, preset};
  Resolved r = resolve(layers);
  if (!presetHasCamera && r.settings.sim.worldSize == current.sim.worldSize) {
    r.settings.camera = current.camera;
    r.settings.cameraSet = current.cameraSet;
  }
  return r;
}

Layer layerOf(const AppSettings& s, std::string source) {
  Layer layer{std::move(source), {}};
  for (const SettingInfo& info : settingsTable()) layer.values.emplace_back(&info, valueOf(info, s));
  return layer;
}

// --- files -------------------------------------------------------------------------------------

std::string FileError::text() const {
  if (line <= 0) return file + ": " + message;
  return file + ":" + std::to_string(line) + ":" + std::to_string(column) + ": " + message;
}

namespace {

struct Position {
  int line = 1, column = 1;
};

Position positionOf(std::string_view text, std::size_t offset) {
  Position p;
  for (std::size_t i = 0; i < offset && i < text.size(); ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

// Where each key of a syntactically valid JSON document starts, by path ("simulation/count"):
// nlohmann::json keeps no positions, so the text is walked once more for the messages.
std::map<std::string, std::size_t> keyOffsets(std::string_view text) {
  std::map<std::string, std::size_t> offsets;
  struct Frame {
    bool object;
    std::string path;
    std::string key;
  };
  std::vector<Frame> stack;
  bool expectKey = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (c == '"') {
      const std::size_t start = i;
      std::string value;
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (text[i] == '\\' && i + 1 < text.size()) ++i;
        value += text[i];
      }
      if (!stack.empty() && stack.back().object && expectKey) {
        stack.back().key = value;
        offsets.emplace(stack.back().path + value, start);
        expectKey = false;
      }
    } else if (c == '{' || c == '[') {
      std::string path;
      if (!stack.empty()) path = stack.back().path + (stack.back().object ? stack.back().key : std::string("#")) + "/";
      stack.push_back({c == '{', path, {}});
      expectKey = c == '{';
    } else if (c == '}' || c == ']') {
      if (!stack.empty()) stack.pop_back();
      expectKey = false;
    } else if (c == ',') {
      expectKey = !stack.empty() && stack.back().object;
    }
  }
  return offsets;
}

// A value as a message shows it: scalars as written, containers by their kind (a deeply nested
// one would be long, and dumping it recursive).
std::string shortText(const json& v) {
  if (v.is_array()) return "[...]";
  if (v.is_object()) return "{...}";
  std::string text = v.dump();
  return text.size() > 40 ? text.substr(0, 37) + "..." : text;
}

bool knownSection(std::string_view name) {
  for (const SettingInfo& s : settingsTable()) {
    if (name == s.section) return true;
  }
  return false;
}

}  // namespace

ParsedFile parseSettingsText(std::string_view text, const std::string& source) {
  ParsedFile out;
  json doc;
  try {
    doc = json::parse(text.begin(), text.end());
  } catch (const json::parse_error& e) {
    // nlohmann's own message names the line and column too; ours puts them where editors look.
    std::string what = e.what();
    const std::size_t colon = what.find(": ", what.find("parse error"));
    std::string reason = colon == std::string::npos ? what : what.substr(colon + 2);
    const std::size_t byte = e.byte > 0 ? e.byte - 1 : 0;
    const Position p = positionOf(text, std::min(byte, text.size()));
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos) reason = "the file is empty";
    out.error = FileError{source, p.line, p.column, "not valid JSON: " + reason};
    return out;
  } catch (const json::exception& e) {  // e.g. out_of_range: a number too large for a double (1e999)
    std::string what = e.what();
    const std::size_t close = what.find("] ");
    out.error = FileError{source, 0, 0, "not usable JSON: " + (close == std::string::npos ? what : what.substr(close + 2))};
    return out;
  }
  const std::map<std::string, std::size_t> offsets = keyOffsets(text);
  auto at = [&](const std::string& path, std::string message) {
    auto it = offsets.find(path);
    const Position p = it == offsets.end() ? Position{0, 0} : positionOf(text, it->second);
    return FileError{source, p.line, p.column, std::move(message)};
  };
  if (!doc.is_object()) {
    out.error = FileError{source, 1, 1, "must hold a JSON object ({\"simulation\": {...}, ...})"};
    return out;
  }
  if (doc.contains("boids-preset")) {
    const json& version = doc["boids-preset"];
    if (!version.is_number_unsigned() || version.get<std::uint64_t>() > std::uint64_t(kSettingsFormat)) {
      out.error = at("boids-preset", "boids-preset: format " + shortText(version) + " is newer than this boids reads (" +
                                         std::to_string(kSettingsFormat) + ")");
      return out;
    }
  }
  Layer layer{source, {}};
  for (auto& [section, body] : doc.items()) {
    if (section == "boids-preset") continue;
    if (section == "name" || section == "description") {
      if (!body.is_string()) {
        out.error = at(section, section + ": must be a string");
        return out;
      }
      (section == "name" ? out.name : out.description) = body.get<std::string>();
      continue;
    }
    if (!knownSection(section)) {
      out.warnings.push_back(at(section, "unknown section '" + section + "' ignored").text());
      continue;
    }
    if (!body.is_object()) {
      out.error = at(section, section + ": must be an object of settings");
      return out;
    }
    for (auto& [name, value] : body.items()) {
      const SettingInfo* setting = nullptr;
      for (const SettingInfo& s : settingsTable()) {
        if (section == s.section && name == s.name) setting = &s;
      }
      const std::string path = section + "/" + name;
      if (!setting) {
        out.warnings.push_back(at(path, "unknown setting '" + section + "." + name + "' ignored").text());
        continue;
      }
      if (std::string problem = checkValue(*setting, value); !problem.empty()) {
        out.error = at(path, section + "." + name + " " + shortText(value) + ": " + problem);
        return out;
      }
      json normalised = value;
      if (setting->kind == SettingKind::Choice && value.is_number()) normalised = std::to_string(value.get<std::uint64_t>());
      layer.values.emplace_back(setting, std::move(normalised));
    }
  }
  out.layer = std::move(layer);
  return out;
}

ParsedFile loadSettingsFile(const std::filesystem::path& file) {
  const std::string name = file.string();
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec)) {
    return {std::nullopt, FileError{name, 0, 0, "is a folder, not a settings file"}, {}, {}, {}};
  }
  if (std::filesystem::exists(file, ec) && !std::filesystem::is_regular_file(file, ec)) {  // a FIFO, a device
    return {std::nullopt, FileError{name, 0, 0, "is not a regular file"}, {}, {}, {}};
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) return {std::nullopt, FileError{name, 0, 0, "cannot be read (" + std::string(std::strerror(errno)) + ")"}, {}, {}, {}};
  constexpr std::size_t kMaxBytes = 1 << 20;  // a settings file is a few KB; refuse to slurp a disk image
  std::string text(kMaxBytes + 1, '\0');
  in.read(text.data(), std::streamsize(text.size()));
  text.resize(std::size_t(in.gcount()));
  if (text.size() > kMaxBytes) {
    return {std::nullopt, FileError{name, 0, 0, "is larger than 1 MiB; not a settings file"}, {}, {}, {}};
  }
  return parseSettingsText(text, name);
}

std::string settingsJson(const AppSettings& s, std::string_view name, std::string_view description) {
  json doc = json::object();
  doc["boids-preset"] = kSettingsFormat;
  if (!name.empty()) doc["name"] = name;
  if (!description.empty()) doc["description"] = description;
  for (const SettingInfo& info : settingsTable()) doc[info.section][info.name] = valueOf(info, s);
  return doc.dump(2) + "\n";
}

void writeFileAtomically(const std::filesystem::path& file, std::string_view text) {
  const std::filesystem::path folder = file.has_parent_path() ? file.parent_path() : std::filesystem::path(".");
  std::error_code ec;
  std::filesystem::create_directories(folder, ec);
  if (ec) throw std::runtime_error(file.string() + ": cannot create its folder (" + ec.message() + ")");
  std::string temp = (folder / ("." + file.filename().string() + ".XXXXXX")).string();
  const int fd = ::mkstemp(temp.data());
  if (fd < 0) throw std::runtime_error(file.string() + ": cannot write (" + std::strerror(errno) + ")");
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      const std::string reason = std::strerror(errno);
      ::close(fd);
      ::unlink(temp.c_str());
      throw std::runtime_error(file.string() + ": cannot write (" + reason + ")");
    }
    done += std::size_t(n);
  }
  const bool synced = ::fsync(fd) == 0;  // the data reaches the disk before the name points at it
  const std::string syncReason = synced ? "" : std::strerror(errno);
  ::fchmod(fd, 0644);
  ::close(fd);
  if (!synced || ::rename(temp.c_str(), file.c_str()) != 0) {
    const std::string reason = synced ? std::strerror(errno) : syncReason;
    ::unlink(temp.c_str());
    throw std::runtime_error(file.string() + ": cannot write (" + reason + ")");
  }
}

std::filesystem::path userSettingsPath() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && xdg[0] == '/') {
    return std::filesystem::path(xdg) / "boids" / "settings.json";
  }
  if (const char* home = std::getenv("HOME"); home && home[0] != '\0') {
    return std::filesystem::path(home) / ".config" / "boids" / "settings.json";
  }
  return {};
}

const gl::EmbeddedFile* findShippedPreset(std::string_view name) {
  for (const gl::EmbeddedFile& f : shippedPresetFiles()) {
    if (f.path == std::string(name) + ".json") return &f;
  }
  return nullptr;
}

ParsedFile loadPreset(std::string_view nameOrFile) {
  if (const gl::EmbeddedFile* shipped = findShippedPreset(nameOrFile)) {
    return parseSettingsText(shipped->text, "preset '" + std::string(nameOrFile) + "'");
  }
  std::error_code ec;
  if (!std::filesystem::exists(nameOrFile, ec)) {
    std::string names;
    for (const gl::EmbeddedFile& f : shippedPresetFiles()) {
      names += (names.empty() ? "" : ", ") + std::string(f.path.substr(0, f.path.size() - 5));
    }
    return {std::nullopt,
            FileError{std::string(nameOrFile), 0, 0, "no such file, and no shipped preset of that name (shipped: " + names + ")"},
            {}, {}, {}};
  }
  return loadSettingsFile(nameOrFile);
}

}  // namespace boids::app
