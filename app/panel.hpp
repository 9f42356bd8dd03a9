#pragma once
// The ImGui control panel: every simulation parameter as a live control, boid count and seed
// (which rebuild the flock), pause/step/reset, render options, culling and levels of detail, FPS
// and frame-time plot, per-pass timings with their source, the reduction lab, the lab of every stage,
// and shader reload.
#include <deque>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/gl/caps.hpp"
#include "engine/gl/timer.hpp"
#include "engine/centroid/inspector.hpp"
#include "engine/lab/watch.hpp"
#include "engine/lighting/lighting.hpp"
#include "engine/render/boid_renderer.hpp"
#include "app/settings_file.hpp"
#include "engine/sim/params.hpp"

namespace boids::app {

// The panel's collapsible sections by the names --open takes, in the panel's order.
inline constexpr const char* kPanelSections[] = {"timings", "reduction", "simulation", "neighbours", "culling",
                                                 "lighting", "rendering", "presets", "lab", "watch", "shaders"};

struct PanelState {
  AppSettings app;                  // live values: applied every frame (the camera: see desktop.cpp)
  std::vector<std::string> openAtStart;  // sections (kPanelSections) open in the first frame (--open; empty: the defaults)
  std::uint32_t pendingCount = 0;   // applied with the button, as it reallocates the flock
  std::uint64_t pendingSeed = 0;
  std::deque<float> frameMs;        // CPU frame-to-frame times, newest last
  std::string shaderStatus;         // result of the last reload
  std::string countError;           // why the pending count was refused
  // Presets and capture
  std::string presetPath = "my-preset.json";  // the Save / Load field
  int shippedPreset = -1;           // index into shippedPresetFiles(); -1: the lightest (lightestShippedPreset)
  std::string settingsStatus;       // the last save/load: what happened, or the error (file:line:col)
  bool settingsError = false;
  std::string captureStatus;        // the last screenshot's path, or the recording's progress
  // Health
  std::uint64_t nonFiniteTotal = 0;   // boids repaired since the start
  std::uint32_t nonFiniteLast = 0;    // in the latest frame read back
  double nonFiniteSeenAt = -1e9;      // seconds; the warning stays up a while after the last one
  // The lab: one stage's variants (app/stages.cpp) measured on request.
  int labStage = 0;  // its index in the table
  int labCount = 1 << 20;
  std::vector<nlohmann::json> labRows;
  std::string labStatus;              // what was measured where, or why it could not be
  // The watch: one variant of a stage stepped dispatch by dispatch (engine/lab/watch.hpp).
  int watchStage = 0;                  // its index among the stages with a watch (watchedStageList)
  int watchVariant = 0;                // its index in watchVariants
  std::vector<std::string> watchVariants;  // the stage's variants, filled by the desktop
  std::string watchVariantsOf;         // the stage they were filled for
  int watchCount = 32;
  int watchInput = 0;                  // an index of lab::kWatchInputs; one past them: typed in
  std::string watchTyped = "3,1,4,1,5,9,2,6";
  std::optional<lab::Watch> watch;     // the last watch run
  int watchStep = 0;                   // the step shown
  bool watchOpen = false;              // its window
  std::string watchStatus;             // why the last watch could not run
  // Lighting
  bool projectEveryFrame = false;     // the light pass projects every frame (its GPU time, live)
  std::string environmentFile;        // the field for a .hdr file's path
  // Layout
  float coveredWidth = 0.0f;          // pixels of the window the panel covers from the left (0: hidden)
};

// The lighting section's comparison, made on the CPU when the projection's inputs have settled.
struct LightingReport {
  std::string key;  // the environment, yaw, variant and layout it was made for
  verify::sh::Coefficients gpu{}, cpu{}, serial{};
  double errorGpu = 0, errorSerial = 0, solidAngle = 0;
  std::array<double, 6> facesGpu{};   // each cube face reduced alone by the variant (or tree)
  std::array<float, 6> facesSerial{}; // the serial float loop's per-face sums
  std::string facesVariant;
};

// What the lighting section shows, from the engine.
struct LightingView {
  const lighting::Lighting* lighting = nullptr;
  unsigned environmentPreview = 0, irradiancePreview = 0;  // GL textures (lighting::Previews)
  const std::optional<LightingReport>* report = nullptr;
};

// What the reduction section shows, from the engine.
struct ReductionView {
  const centroid::CentroidVariant* active = nullptr;
  std::string activeDetail;
  std::string activeUnavailable;    // set when the flock outgrew the asked-for strategy
  const std::optional<centroid::Report>* report = nullptr;
  bool checkInFlight = false;
};

// What the culling section shows, from the renderer.
struct CullView {
  std::optional<render::CullCounts> counts;  // read back a few frames late; none yet
  const char* compaction = "";               // the variant culling now
  std::string note;                          // why it is not the one asked for
  std::string splatPath;                     // how the compute rasteriser writes a pixel here
};

struct PanelActions {
  bool applyCountAndSeed = false;
  bool resetToDefaults = false;
  bool savePreset = false;          // to state.presetPath
  bool loadPreset = false;          // from state.presetPath
  bool loadShipped = false;         // shippedPresetFiles()[state.shippedPreset]
  bool screenshot = false;
  bool resetFlock = false;
  bool stepOnce = false;
  bool resetCamera = false;
  bool reloadShaders = false;
  bool checkNow = false;
  bool measureStage = false;        // state.labStage at state.labCount elements
  bool runWatch = false;            // the watch asked for in state.watch*
  bool watchShown = false;          // the watch section is open: its variants are wanted
};

PanelActions drawPanel(PanelState& state, const gl::Caps& caps, const gl::FrameTimer& timer, std::uint64_t steps,
                       const std::string& shaderOrigin, const ReductionView& reduction, const CullView& cull,
                       const LightingView& light, const std::optional<glm::vec2>& colourRange, double now);

}  // namespace boids::app
