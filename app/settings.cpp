#include "app/settings.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <numbers>

#include "app/text.hpp"
#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"
#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/centroid/reducer.hpp"

namespace boids::app {

using nlohmann::json;

AppSettings::AppSettings()
    : reduce(centroid::kDefaultCentroidVariant),
      sort(primitives::kDefaultSorter),
      compact(render::kDefaultCompaction),
      environment(lighting::kDefaultEnvironment),
      shVariant(lighting::kDefaultShVariant),
      shLayout(lighting::layoutName(lighting::ShLayout::Equirect)) {
  // What the window and demo start with: groups already flying together, and rules that keep them
  // in schools: the CIS 565 radii of alignment and cohesion (5), but a closer separation and twice
  // their weights. The CIS 565 rules of sim::SimSettings, which bench --frame and the benchmark
  // preset keep, spread any flock evenly through the cube within a few hundred steps.
  sim.start = sim::Start::Clustered;
  sim.separationRadius = 2.0f;
  sim.alignmentWeight = 0.2f;
  sim.cohesionWeight = 0.02f;
}

// At most a quarter of the world for the lengths of the rules (a small world, a tiny count), a
// step of at most 1, a drawn bird of at least 0.01 (boid-size's least) and an opacity of at least
// 0.01 (its least). Opacity scales as the lengths do: a bird's cross-section goes as the square of
// the scale and the birds a line of sight crosses as its inverse cube over the flock's same depth,
// so the optical depth through the flock goes as the inverse of the scale; the opacity times the
// scale keeps it, and the flock's darkness, what it is at 16384 birds.
const FlockSizeSetting kFlockSizeSettings[5] = {
    {"separation-radius", [](AppSettings& s) -> float& { return s.sim.separationRadius; },
     [](const AppSettings& s, float v) { return std::min(v, 0.25f * s.sim.worldSize); }},
    {"range", [](AppSettings& s) -> float& { return s.sim.range; },
     [](const AppSettings& s, float v) { return std::min(v, 0.25f * s.sim.worldSize); }},
    {"dt", [](AppSettings& s) -> float& { return s.sim.dt; }, [](const AppSettings&, float v) { return std::min(v, 1.0f); }},
    {"boid-size", [](AppSettings& s) -> float& { return s.render.boidScale; },
     [](const AppSettings&, float v) { return std::max(v, 0.01f); }},
    {"opacity", [](AppSettings& s) -> float& { return s.render.opacity; },
     [](const AppSettings&, float v) { return std::max(v, 0.01f); }},
};

void scaleFlockSize(AppSettings& s, float scale) {
  for (const FlockSizeSetting& f : kFlockSizeSettings) f.of(s) = f.within(s, f.of(s) * scale);
}

namespace {

constexpr double kDegrees = 180.0 / std::numbers::pi;

std::vector<std::string> environmentNames() {
  std::vector<std::string> names = lighting::shippedEnvironments();
  for (std::string& n : lighting::builtInEnvironments()) names.push_back(std::move(n));
  return names;
}

// Shorthands for the table: a setting of each kind bound to a member.
#define FLOAT_MEMBER(expr) \
  [](const AppSettings& a) -> json { return double(a.expr); }, [](AppSettings& a, const json& v) { a.expr = v.get<float>(); }
#define BOOL_MEMBER(expr) \
  [](const AppSettings& a) -> json { return a.expr; }, [](AppSettings& a, const json& v) { a.expr = v.get<bool>(); }
// A choice among an enum's names (its Named table, engine/names.hpp): the choices, get and set.
#define CHOICE_MEMBER(expr, names)                                                         \
  SettingKind::Choice, 0, 0, namesOf(names), [](const AppSettings& a) -> json { return nameOf(names, a.expr); }, \
      [](AppSettings& a, const json& v) { a.expr = *valueOf(names, v.get<std::string>()); }

// The settings of the flock and its rules.
void simulationSettings(std::vector<SettingInfo>& t) {
  t.push_back({"count", "simulation", "count", "number of boids", SettingKind::Integer, 1, double(1u << 26), {},
       [](const AppSettings& a) -> json { return a.sim.count; },
       [](AppSettings& a, const json& v) { a.sim.count = v.get<std::uint32_t>(); }});
  t.push_back({"seed", "simulation", "seed", "seed of the initial flock (same seed, count, frames: same flock)",
       SettingKind::Integer, 0, 18446744073709551615.0, {},
       [](const AppSettings& a) -> json { return a.sim.seed; },
       [](AppSettings& a, const json& v) { a.sim.seed = v.get<std::uint64_t>(); }});
  t.push_back({"world", "simulation", "world", "'walls' (soft walls inside a hard cube) or 'wrap' (wrap-around cube)",
       CHOICE_MEMBER(sim.world, sim::kWorldModes)});
  t.back().labels = {"soft walls", "wrap-around"};
  // The rule parameters come from the simulation's own table (engine/sim/params.cpp).
  for (const sim::FloatParam& p : sim::floatParams()) {
    t.push_back({p.key, "simulation", p.key, p.help, SettingKind::Float, p.min, p.max, {}, nullptr, nullptr, p.member});
  }
  t.push_back({"attractor", "simulation", "attractor",
       "a point the flock follows ('attract') or flees ('flee': a predator), at attractor-point, or a bird of prey "
       "that dives through the flock every hunt-period ('hunt'); the window also holds one at the mouse while its "
       "key is down",
       CHOICE_MEMBER(sim.attractor.mode, sim::kAttractorModes)});
  t.back().labels = {"off", "attract (the flock follows the point)", "flee (a predator at the point)",
                     "hunt (a bird of prey dives through the flock)"};
  t.push_back({"attractor-point", "simulation", "attractor-point",
       "where the attractor is, x,y,z in world units (clamped into the cube, or wrapped in the wrap-around world)",
       SettingKind::Numbers, -1e6, 1e6, {"x", "y", "z"},
       [](const AppSettings& a) -> json {
         return json::array({a.sim.attractor.point.x, a.sim.attractor.point.y, a.sim.attractor.point.z});
       },
       [](AppSettings& a, const json& v) { a.sim.attractor.point = {v[0].get<float>(), v[1].get<float>(), v[2].get<float>()}; }});
  t.push_back({"neighbours", "simulation", "neighbours",
       "'coherent' (grid, boids gathered into cell order), 'scattered' (grid, read through the sorted index) or "
       "'brute-force' (every pair)",
       CHOICE_MEMBER(sim.neighbours, sim::kNeighbourSearches)});
  t.back().labels = {"grid, coherent (reordered)", "grid, scattered reads", "brute force (every pair)"};
  t.push_back({"rule", "simulation", "rule",
       "which neighbours a boid reacts to: those within the radii ('metric', the CIS 565 rules) or its k nearest "
       "('topological', as starlings do)",
       CHOICE_MEMBER(sim.rule, sim::kRules)});
  t.back().labels = {"metric (within the radii)", "topological (the k nearest)"};
  t.push_back({"nearest", "simulation", "nearest", "topological rule: the k nearest a boid aligns with and moves toward",
       SettingKind::Integer, 1, NEAREST_MOST, {}, [](const AppSettings& a) -> json { return a.sim.nearest; },
       [](AppSettings& a, const json& v) { a.sim.nearest = v.get<std::uint32_t>(); }});
  t.push_back({"separate-from", "simulation", "separate-from",
       "topological rule: the closest of them a boid keeps away from (within the separation radius)",
       SettingKind::Integer, 1, NEAREST_MOST, {}, [](const AppSettings& a) -> json { return a.sim.separateFrom; },
       [](AppSettings& a, const json& v) { a.sim.separateFrom = v.get<std::uint32_t>(); }});
  t.push_back({"reaction", "simulation", "reaction",
       "topological rule: every how many steps a boid searches for its nearest, steering by the ones it found "
       "in between (a reaction time, as StarDisplay's starlings have)",
       SettingKind::Integer, 1, sim::kMostReaction, {}, [](const AppSettings& a) -> json { return a.sim.reaction; },
       [](AppSettings& a, const json& v) { a.sim.reaction = v.get<std::uint32_t>(); }});
  t.push_back({"flight", "simulation", "flight",
       "'clamped' (speed clamped to max-speed, turns at once: CIS 565) or 'banked' (a cruise speed, turns by rolling)",
       CHOICE_MEMBER(sim.flight, sim::kFlights)});
  t.back().labels = {"clamped speed", "banked turns at a cruise speed"};
  t.push_back({"cells", "simulation", "cells", "grid search: 27 cells of the radius, or 8 cells of twice the radius",
       CHOICE_MEMBER(sim.cells, sim::kCellSearches)});
  t.back().labels = {"27 cells of the radius", "8 cells of twice the radius"};
  t.push_back({"start", "simulation", "start",
       "the flock at frame 0: a few groups already flying together, spread evenly through the world (the "
       "benchmarks' start), or one flock over the roost, evenly spread",
       CHOICE_MEMBER(sim.start, sim::kStarts)});
  t.back().labels = {"clustered groups", "uniform", "one flock over the roost"};
  t.push_back({"keep-density", "simulation", "keep-density",
       "the world's side follows the count (the CIS 565 density) unless world-size is given with it or later",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(keepDensity)});
  t.push_back({"keep-flock-size", "simulation", "keep-flock-size",
       "separation-radius, range, dt, boid-size and opacity, given with this or beneath it, are for 16384 birds and "
       "scale with the count, so the flock keeps its size and look (more birds, closer together and smaller, each "
       "moving as far a step for its spacing, the cloud as dark)",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(keepFlockSize)});
}

// The settings of the variants the frame runs.
void strategySettings(std::vector<SettingInfo>& t) {
  t.push_back({"reduce", "strategies", "reduce", "the reduction variant that finds the flock's centroid and bounds", SettingKind::Choice, 0, 0,
       primitives::variantNames(centroid::centroidVariants()), [](const AppSettings& a) -> json { return a.reduce; },
       [](AppSettings& a, const json& v) { a.reduce = v.get<std::string>(); }});
  t.push_back({"sort", "strategies", "sort", "sort of the grid's (cell, boid) pairs", SettingKind::Choice, 0, 0, primitives::variantNames(primitives::sorters()),
       [](const AppSettings& a) -> json { return a.sort; },
       [](AppSettings& a, const json& v) { a.sort = v.get<std::string>(); }});
}

// The settings of how the boids are drawn.
void renderSettings(std::vector<SettingInfo>& t) {
  t.push_back({"boid-size", "render", "boid-size", "length of a drawn boid in world units", SettingKind::Float, 0.01, 100, {},
       FLOAT_MEMBER(render.boidScale)});
  t.push_back({"colour", "render", "colour",
       "what a boid's colour shows: its heading (schools apart at a glance), its speed or its local density (the "
       "neighbours the step counts), the last two on a ramp over the flock's own range; or a starling's dark "
       "plumage, coloured only by the environment's light",
       CHOICE_MEMBER(render.colour, render::kColourModes)});
  t.back().labels = {"heading", "speed (flock's range)", "local density", "plumage (dark)"};
  t.push_back({"render-scale", "render", "render-scale",
       "the window's scene drawn at this fraction of its size, then stretched to it (the panel stays sharp): fewer "
       "pixels to fill where filling them is slow",
       SettingKind::Float, 0.25, 1, {}, FLOAT_MEMBER(renderScale)});
  t.push_back({"ground", "render", "ground", "a floor under the world, with the flock's soft shadow and lines for scale",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(render.ground)});
  t.push_back({"fog", "render", "fog", "density of the distance fog (0: none)", SettingKind::Float, 0, 0.1, {},
       FLOAT_MEMBER(render.fogDensity)});
  t.push_back({"world-box", "render", "world-box", "draw the world cube's edges", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(render.showWorldBox)});
  t.push_back({"markers", "render", "markers", "crosses, labelled, at the GPU centroid and the CPU reference centroid of the last check", SettingKind::Bool,
       0, 0, {}, BOOL_MEMBER(render.showMarkers)});
  t.push_back({"bounds", "render", "bounds", "the flock's bounding box as the reduction found it", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(render.showBounds)});
  t.push_back({"show-cells", "render", "show-cells", "draw the grid's occupied cells", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(render.showCells)});
  t.push_back({"follow", "render", "follow", "the camera follows the flock (framing its bounds, on the GPU)", SettingKind::Bool,
       0, 0, {}, BOOL_MEMBER(render.follow)});
  t.push_back({"follow-zoom", "render", "follow-zoom", "distance factor while following", SettingKind::Float, 0.05, 20, {},
       FLOAT_MEMBER(render.followZoom)});
  t.push_back({"viewer", "render", "viewer",
       "the camera stands on the ground and looks up at the flock from aside, as a person watches a murmuration "
       "(it follows the flock on the GPU; drag to walk around it, follow-zoom from 1 up to step back)",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(render.viewer)});
}

// The settings of culling and levels of detail (engine/cull).
void cullingSettings(std::vector<SettingInfo>& t) {
  t.push_back({"cull", "culling", "cull",
       "draw only the boids in the view, each at a level of detail by its size on screen (culled on the GPU, drawn "
       "indirectly); off: every boid as a full dart",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(render.cull)});
  t.push_back({"compact", "culling", "compact",
       "the compaction variant that makes the cull's lists (one this GPU cannot run falls back to group-atomic)",
       SettingKind::Choice, 0, 0, primitives::variantNames(primitives::compactions()), [](const AppSettings& a) -> json { return a.compact; },
       [](AppSettings& a, const json& v) { a.compact = v.get<std::string>(); }});
  t.push_back({"lod-pixels", "culling", "lod-pixels",
       "a boid's projected radius in pixels from which it is a dart (near), and below which a point (far); one "
       "triangle between (near below far: no triangles)",
       SettingKind::Numbers, 0, 1000, {"near", "far"},
       [](const AppSettings& a) -> json { return json::array({a.render.lodPixels.x, a.render.lodPixels.y}); },
       [](AppSettings& a, const json& v) { a.render.lodPixels = {v[0].get<float>(), v[1].get<float>()}; }});
  t.push_back({"draw", "culling", "draw",
       "how the visible boids are drawn: every level by the hardware rasteriser (dart, triangle, point), every boid "
       "by the compute rasteriser (splats: a pixel or two cost a few atomics, not a vertex and setup slot), or by "
       "level of detail: darts from the near threshold up, splats below it",
       CHOICE_MEMBER(render.draw, render::kDrawModes)});
  t.back().labels = {"meshes (rasteriser)", "splats (compute)", "by level of detail"};
  t.push_back({"far-field", "culling", "far-field",
       "how a splatted pixel is covered: by its nearest bird (the bird's share of the pixel, opaque), or as optical "
       "depth: every bird's share adds to the pixel's depth, and the pixel is 1 - exp(-depth) opaque (Beer-Lambert), so "
       "a far flock is a translucent cloud whose darkness is how many birds the eye looks through",
       CHOICE_MEMBER(render.farField, render::kFarFields)});
  t.back().labels = {"nearest bird", "optical depth"};
  t.push_back({"opacity", "culling", "opacity",
       "optical depth: the depth of a pixel one bird covers whole (the birds' cross-section); 1: such a pixel lets "
       "37% of the light through",
       SettingKind::Float, 0.01, 10, {}, FLOAT_MEMBER(render.opacity)});
  t.push_back({"lod-tint", "culling", "lod-tint", "each level of detail in its own colour: near red, middle amber, far blue",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(render.lodTint)});
  t.push_back({"freeze-cull", "culling", "freeze-cull",
       "the cull keeps the frustum it has (drawn as lines) while the camera moves on: fly out and see what it kept",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(render.freezeCull)});
}

// The settings of lighting (engine/lighting): the environment, its projection onto spherical harmonics, exposure.
void lightingSettings(std::vector<SettingInfo>& t) {
  t.push_back({"environment", "lighting", "environment",
       "what lights the flock and fills the sky: a shipped HDR map, a built-in environment or a Radiance .hdr file "
       "(equirectangular, twice as wide as tall); one that cannot be read falls back to the built-in sky",
       SettingKind::Text, 0, 0, environmentNames(), [](const AppSettings& a) -> json { return a.environment; },
       [](AppSettings& a, const json& v) { a.environment = v.get<std::string>(); }});
  t.push_back({"sh-variant", "lighting", "sh-variant",
       "the reduce variant that projects the environment onto the nine spherical harmonics, on the GPU",
       SettingKind::Choice, 0, 0, std::vector<std::string>(std::begin(lighting::kShVariants), std::end(lighting::kShVariants)),
       [](const AppSettings& a) -> json { return a.shVariant; },
       [](AppSettings& a, const json& v) { a.shVariant = v.get<std::string>(); }});
  t.push_back({"sh-layout", "lighting", "sh-layout",
       "project the equirectangular map itself, or the map resampled on the GPU into a 512 x 512 x 6 cube map",
       SettingKind::Choice, 0, 0, {"equirect", "cube"}, [](const AppSettings& a) -> json { return a.shLayout; },
       [](AppSettings& a, const json& v) { a.shLayout = v.get<std::string>(); }});
  t.push_back({"exposure", "lighting", "exposure",
       "exposure in stops over the environment's own (which brings its mean radiance to mid grey)", SettingKind::Float,
       -10, 10, {}, FLOAT_MEMBER(render.exposure)});
  t.push_back({"environment-yaw", "lighting", "yaw", "the environment's rotation about the vertical, degrees (the lighting follows)",
       SettingKind::Float, -360, 360, {},
       [](const AppSettings& a) -> json { return std::remainder(double(a.render.environmentYaw) * kDegrees, 360.0); },
       [](AppSettings& a, const json& v) { a.render.environmentYaw = float(v.get<double>() / kDegrees); }});
}

// The settings of the camera (angles in degrees in files and on the command line).
void cameraSettings(std::vector<SettingInfo>& t) {
  t.push_back({"camera-yaw", "camera", "yaw", "camera angle around the vertical, degrees", SettingKind::Float, -360, 360, {},
       [](const AppSettings& a) -> json {
         const double d = std::remainder(double(a.camera.yaw) * kDegrees, 360.0);  // in [-180, 180]
         return d;
       },
       [](AppSettings& a, const json& v) {
         a.camera.yaw = float(v.get<double>() / kDegrees);
         a.cameraSet = true;
       }});
  t.push_back({"camera-pitch", "camera", "pitch", "camera angle above the horizon, degrees", SettingKind::Float, -89, 89, {},
       [](const AppSettings& a) -> json { return double(a.camera.pitch) * kDegrees; },
       [](AppSettings& a, const json& v) {
         a.camera.pitch = float(v.get<double>() / kDegrees);
         a.cameraSet = true;
       }});
  t.push_back({"camera-distance", "camera", "distance", "camera distance from its target", SettingKind::Float, 0.5, 1e6, {},
       [](const AppSettings& a) -> json { return double(a.camera.distance); },
       [](AppSettings& a, const json& v) {
         a.camera.distance = v.get<float>();
         a.cameraSet = true;
       }});
  t.push_back({"camera-target", "camera", "target", "the point the camera looks at, x,y,z", SettingKind::Numbers, -1e6, 1e6, {"x", "y", "z"},
       [](const AppSettings& a) -> json { return json::array({a.camera.target.x, a.camera.target.y, a.camera.target.z}); },
       [](AppSettings& a, const json& v) {
         a.camera.target = {v[0].get<float>(), v[1].get<float>(), v[2].get<float>()};
         a.cameraSet = true;
       }});
  t.push_back({"camera-fov", "camera", "fov", "vertical field of view, degrees", SettingKind::Float, 10, 120, {},
       [](const AppSettings& a) -> json { return double(a.camera.fovY) * kDegrees; },
       [](AppSettings& a, const json& v) {
         a.camera.fovY = float(v.get<double>() / kDegrees);
         a.cameraSet = true;
       }});
}

// The settings of the window and the panel.
void windowSettings(std::vector<SettingInfo>& t) {
  t.push_back({"vsync", "window", "vsync", "synchronise the window with the display refresh", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(vsync)});
  t.push_back({"panel", "window", "panel", "show the control panel (H toggles it)", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(showPanel)});
  t.push_back({"paused", "window", "paused", "the simulation starts paused (Space toggles it)", SettingKind::Bool, 0, 0, {},
       BOOL_MEMBER(paused)});
  t.push_back({"compare-all", "window", "compare-all", "run every reduce variant each frame and compare them",
       SettingKind::Bool, 0, 0, {}, BOOL_MEMBER(compareAll)});
  t.push_back({"check-every", "window", "check-every", "frames between CPU checks of the reduction (0: on demand)",
       SettingKind::Integer, 0, 100000, {},
       [](const AppSettings& a) -> json { return a.checkEvery; },
       [](AppSettings& a, const json& v) { a.checkEvery = v.get<int>(); }});
  t.push_back({"width", "window", "width", "window or offscreen image width in pixels", SettingKind::Integer, 16, 16384, {},
       [](const AppSettings& a) -> json { return a.windowSize.x; },
       [](AppSettings& a, const json& v) { a.windowSize.x = v.get<int>(); }});
  t.push_back({"height", "window", "height", "window or offscreen image height in pixels", SettingKind::Integer, 16, 16384, {},
       [](const AppSettings& a) -> json { return a.windowSize.y; },
       [](AppSettings& a, const json& v) { a.windowSize.y = v.get<int>(); }});
}

std::vector<SettingInfo> buildTable() {
  std::vector<SettingInfo> t;
  simulationSettings(t);
  strategySettings(t);
  renderSettings(t);
  cullingSettings(t);
  lightingSettings(t);
  cameraSettings(t);
  windowSettings(t);
  return t;
}

#undef FLOAT_MEMBER
#undef CHOICE_MEMBER
#undef BOOL_MEMBER

// "three numbers x,y,z" ("[x, y, z]" with brackets and ", ").
std::string numbersText(const SettingInfo& s, const char* open = "", const char* separator = ",", const char* close = "") {
  static const char* kCounts[] = {"no", "one", "two", "three", "four"};
  std::string text = std::string(s.choices.size() < 5 ? kCounts[s.choices.size()] : "several") + " numbers " + open;
  for (std::size_t i = 0; i < s.choices.size(); ++i) text += (i > 0 ? separator : "") + s.choices[i];
  return text + close;
}

std::string joinChoices(const std::vector<std::string>& choices) {
  std::string text;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) text += i + 1 == choices.size() ? " or " : ", ";
    text += choices[i];
  }
  return text;
}

// In the setting's own type: a float setting holds floats, so 0.1 is inside [0.1, 50] although
// the double 0.1 is below the float 0.1f the table's bound became.
bool inRange(const SettingInfo& s, double v) {
  if (!std::isfinite(v)) return false;
  const float f = static_cast<float>(v);
  return f >= static_cast<float>(s.min) && f <= static_cast<float>(s.max);
}

std::uint64_t wholeMin(const SettingInfo& s) { return static_cast<std::uint64_t>(s.min); }
std::uint64_t wholeMax(const SettingInfo& s) {
  return s.max >= 1.8e19 ? std::numeric_limits<std::uint64_t>::max() : static_cast<std::uint64_t>(s.max);
}

}  // namespace

std::span<const SettingInfo> settingsTable() {
  static const std::vector<SettingInfo> kTable = buildTable();
  return kTable;
}

json valueOf(const SettingInfo& s, const AppSettings& a) {
  json v = s.simFloat ? json(double(a.sim.*s.simFloat)) : s.get(a);
  // Settings are held as floats: 0.05 would come back as 0.0500000007, and an angle through
  // radians as 89.0000001. Written as the shortest decimal that reads back to the same float
  // (std::to_chars), then clamped into the range, so a saved value always loads again; so are
  // whole numbers (a window dragged smaller than the smallest --width it may start with).
  auto clampNumber = [&](json& x) {
    if (!x.is_number_float()) return;
    char text[32];
    const auto end = std::to_chars(text, text + sizeof text, static_cast<float>(x.get<double>())).ptr;
    x = std::clamp(std::strtod(std::string(text, end).c_str(), nullptr), s.min, s.max);
  };
  if (s.kind == SettingKind::Float) clampNumber(v);
  if (s.kind == SettingKind::Integer) {
    if (v.is_number_unsigned()) {
      v = std::clamp(v.get<std::uint64_t>(), wholeMin(s), wholeMax(s));
    } else if (v.is_number_integer()) {  // held as a signed int (the window's size)
      const std::int64_t i = v.get<std::int64_t>();
      v = i < 0 ? wholeMin(s) : std::clamp(static_cast<std::uint64_t>(i), wholeMin(s), wholeMax(s));
    }
  }
  if (s.kind == SettingKind::Numbers) {
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
    case SettingKind::Float: return formatNumber(s.min) + " to " + formatNumber(s.max);
    case SettingKind::Integer: return formatWhole(wholeMin(s)) + " to " + formatWhole(wholeMax(s));
    case SettingKind::Bool: return "true or false";
    case SettingKind::Choice: return joinChoices(s.choices);
    case SettingKind::Numbers: return numbersText(s) + " from " + formatNumber(s.min) + " to " + formatNumber(s.max);
    case SettingKind::Text: {
      std::string text = joinChoices(s.choices);
      text += ", or a file";
      return text;
    }
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
        if (u < wholeMin(s) || u > wholeMax(s)) return "outside the allowed range " + describeRange(s);
        return {};
      }
      if (v.is_number_integer()) {  // signed: -5, or a JSON "-0"
        return v.get<std::int64_t>() < 0 || std::uint64_t(v.get<std::int64_t>()) < wholeMin(s) ||
                       std::uint64_t(v.get<std::int64_t>()) > wholeMax(s)
                   ? "outside the allowed range " + describeRange(s)
                   : std::string();
      }
      if (v.is_number_float()) {  // 1e3, 4097.0, 1.2e29: judged by value, as on the command line
        std::string why;
        parseWhole(v.dump(), wholeMin(s), wholeMax(s), why);
        if (why.find("outside") != std::string::npos) return "outside the allowed range " + describeRange(s);
        if (!why.empty()) return "must be a whole number (" + allowed + ")";
        return {};
      }
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
    case SettingKind::Numbers:
      if (!v.is_array() || v.size() != s.choices.size()) return "must be " + numbersText(s, "[", ", ", "]");
      for (const json& c : v) {
        if (!c.is_number()) return "must be " + numbersText(s, "[", ", ", "]");
        if (!inRange(s, c.get<double>())) {
          return "outside the allowed range " + formatNumber(s.min) + " to " + formatNumber(s.max) + " (each of " +
                 numbersText(s).substr(numbersText(s).find("numbers ") + 8) + ")";
        }
      }
      return {};
    case SettingKind::Text:  // a name or a file: whether it loads is found out when it is used
      if (!v.is_string() || v.get<std::string>().empty()) return "must be " + describeRange(s);
      return {};
  }
  return "unknown kind";
}

json normalised(const SettingInfo& s, const json& v) {
  if (s.kind == SettingKind::Integer && v.is_number_integer() && !v.is_number_unsigned()) {
    return static_cast<std::uint64_t>(v.get<std::int64_t>());  // checkValue() let only >= 0 through
  }
  if (s.kind == SettingKind::Integer && v.is_number_float()) {
    std::string why;
    return *parseWhole(v.dump(), wholeMin(s), wholeMax(s), why);
  }
  if (s.kind == SettingKind::Choice && v.is_number_unsigned()) return std::to_string(v.get<std::uint64_t>());
  return v;
}

std::optional<json> parseText(const SettingInfo& s, std::string_view text, std::string& error) {
  const std::string shown = "'" + shorten(text) + "'";
  switch (s.kind) {
    case SettingKind::Float: {
      const std::optional<double> v = parseDecimal(text);
      if (!v) {
        error = shown + " is not a number (allowed: " + describeRange(s) + ")";
        return std::nullopt;
      }
      return json(*v);  // an overflow (1e309) is infinite: checkValue says it is out of range
    }
    case SettingKind::Integer: {
      const std::optional<std::uint64_t> v = parseWhole(text, wholeMin(s), wholeMax(s), error);
      if (!v) return std::nullopt;
      return json(*v);
    }
    case SettingKind::Bool: {
      if (text == "true" || text == "1" || text == "on" || text == "yes") return json(true);
      if (text == "false" || text == "0" || text == "off" || text == "no") return json(false);
      error = shown + " is not true or false";
      return std::nullopt;
    }
    case SettingKind::Choice:
    case SettingKind::Text: return json(std::string(text));
    case SettingKind::Numbers: {
      json v = json::array();
      std::string_view rest = text;
      const std::size_t n = s.choices.size();
      for (std::size_t i = 0; i < n; ++i) {
        const std::size_t comma = rest.find(',');
        const bool last = i + 1 == n;
        const std::optional<double> d = (last ? comma != std::string_view::npos : comma == std::string_view::npos)
                                            ? std::nullopt
                                            : parseDecimal(last ? rest : rest.substr(0, comma));
        if (!d) {
          error = shown + " is not " + numbersText(s);
          return std::nullopt;
        }
        v.push_back(*d);
        if (!last) rest = rest.substr(comma + 1);
      }
      return v;
    }
  }
  error = "unknown kind";
  return std::nullopt;
}

bool Layer::has(std::string_view key) const { return find(key) != nullptr; }

const Assignment* Layer::find(std::string_view key) const {
  for (auto it = values.rbegin(); it != values.rend(); ++it) {
    if (key == it->setting->key) return &*it;
  }
  return nullptr;
}

void Layer::add(const SettingInfo& s, json value, std::string origin) {
  if (origin.empty()) origin = source + ": " + s.key;
  values.push_back({&s, std::move(value), std::move(origin)});
}

void Layer::remove(std::string_view key) {
  std::erase_if(values, [&](const Assignment& a) { return key == a.setting->key; });
}

std::string Resolved::decidingKey(std::string key) const {
  for (auto it = derivedFrom.find(key); it != derivedFrom.end(); it = derivedFrom.find(key)) key = it->second;
  return key;
}

std::string Resolved::originOf(const std::string& key) const {
  if (auto it = origins.find(key); it != origins.end()) return it->second;
  return "the default";
}

Resolved resolve(std::span<const Layer> layers) {
  Resolved r;
  for (std::size_t i = 0; i < layers.size(); ++i) {
    for (const Assignment& a : layers[i].values) {
      assign(*a.setting, r.settings, a.value);
      r.levels[a.setting->key] = int(i) + 1;
      r.origins[a.setting->key] = a.origin;
    }
  }
  auto levelOf = [&](const char* key) { return r.levels.count(key) ? r.levels.at(key) : 0; };
  AppSettings& s = r.settings;
  int worldLevel = levelOf("world-size");
  if (s.keepDensity && (worldLevel == 0 || worldLevel < levelOf("count"))) {
    s.sim.worldSize = sim::worldSizeForCount(s.sim.count);
    worldLevel = levelOf("count");
    r.levels.erase("world-size");
    r.derivedFrom["world-size"] = "count";
    r.origins["world-size"] = "follows count " + std::to_string(s.sim.count) + " (keep-density)";
  }
  if (s.keepFlockSize) {
    const float scale = sim::spacingScale(s.sim.count);
    for (const FlockSizeSetting& f : kFlockSizeSettings) {
      if (levelOf(f.key) > levelOf("keep-flock-size")) continue;  // given above it: as given
      f.of(s) = f.within(s, f.of(s) * scale);
      r.derivedFrom[f.key] = "count";
      r.origins[f.key] = r.originOf(f.key) + ", scaled to count " + std::to_string(s.sim.count) + " (keep-flock-size)";
    }
  }
  if (levelOf("wall-margin") == 0 || levelOf("wall-margin") < worldLevel) {
    s.sim.wallMargin = s.sim.worldSize / 10.0f;
    r.levels.erase("wall-margin");
    r.derivedFrom["wall-margin"] = "world-size";
    r.origins["wall-margin"] = "a tenth of world-size";
  }
  if (!s.cameraSet) s.camera = render::OrbitCamera::framing(s.sim.worldSize);
  const sim::Problem problem = sim::check(s.sim);
  r.error = problem.message;
  r.errorKeys = problem.keys;
  if (!r.error.empty()) {  // where each value in the conflict came from
    std::string from;
    for (const std::string& key : problem.keys) from += (from.empty() ? "" : "; ") + key + ": " + r.originOf(key);
    r.error += " [" + from + "]";
  }
  return r;
}

Resolved overlay(const AppSettings& current, const Layer& preset) {
  const auto isCamera = [](const Assignment& a) { return std::string(a.setting->section) == "camera"; };
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
  for (const SettingInfo& info : settingsTable()) layer.add(info, valueOf(info, s));
  return layer;
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

}  // namespace boids::app
