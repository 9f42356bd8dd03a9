#pragma once
// How the scene is drawn: plain values the panel, the command line and presets set. No GL.
#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "engine/names.hpp"

namespace boids::render {

// The compaction the cull runs unless told otherwise (why: docs/PERFORMANCE.md, "Cull and
// drawing"), and the one it falls back to where that one cannot run (it needs subgroup ballots).
inline constexpr const char* kDefaultCompaction = "ballot-tiles";
inline constexpr const char* kFallbackCompaction = "group-atomic";

// What a boid's colour shows (shaders/render/palette.glsl; the values are its COLOUR_* modes).
enum class ColourMode { Heading = 0, Speed = 1, Density = 2, Plumage = 3 };
inline constexpr Named<ColourMode> kColourModes[] = {{ColourMode::Heading, "heading"},
                                                     {ColourMode::Speed, "speed"},
                                                     {ColourMode::Density, "density"},
                                                     {ColourMode::Plumage, "plumage"}};
inline const char* colourModeName(ColourMode mode) { return nameOf(kColourModes, mode); }

// How the visible boids are drawn (--draw): every level by the hardware rasteriser (the dart, one
// triangle, a point); every boid by the compute rasteriser (engine/render/splats.hpp); or by level
// of detail: the near darts by the rasteriser, everything smaller splatted.
enum class DrawMode { Mesh = 0, Splat = 1, Auto = 2 };
inline constexpr Named<DrawMode> kDrawModes[] = {{DrawMode::Mesh, "mesh"}, {DrawMode::Splat, "splat"}, {DrawMode::Auto, "auto"}};
inline const char* drawModeName(DrawMode mode) { return nameOf(kDrawModes, mode); }

// How a splatted pixel is covered (shaders/render/splat.comp; FAR_* in common/render_params.h): by
// the nearest bird, its share of the pixel as opacity; or as optical depth, every bird's share
// summed (tau) and the pixel 1 - exp(-tau) opaque (Beer-Lambert), so that a far flock is a
// translucent cloud whose darkness is how many birds the eye looks through.
enum class FarField { Nearest = 0, OpticalDepth = 1 };
inline constexpr Named<FarField> kFarFields[] = {{FarField::Nearest, "nearest"}, {FarField::OpticalDepth, "optical-depth"}};

struct RenderSettings {
  float boidScale = 1.6f;  // boid length in world units
  ColourMode colour = ColourMode::Heading;  // heading: schools flying different ways in different colours
  bool ground = true;      // a floor under the world with the flock's soft shadow
  bool showWorldBox = true;
  float fogDensity = 0.002f;
  bool follow = false;          // the camera frames the flock's bounds, computed on the GPU
  float followZoom = 1.0f;      // distance factor while following
  bool viewer = false;          // the eye on the ground, looking up at the flock from aside (follows it)
  bool showMarkers = true;      // crosses at the GPU centroid and at the CPU reference centroid
  bool showBounds = false;      // the flock's bounding box as the reduction found it
  bool showCells = false;       // the grid's occupied cells
  glm::vec4 cpuCentroid{0.0f};  // from the last CPU check; w 1 when known
  glm::vec4 checkedGpuCentroid{0.0f};  // the GPU's centroid of the frame that check read; w 1 when known
  float viewCentreX = 0.0f;     // where the view's centre lies across the window, in NDC (the window
                                // moves it right of its panel, so the flock is framed where it shows)

  // GPU-driven culling (engine/cull): only the boids in the view are drawn, each at a level of
  // detail by its projected radius in pixels: the dart from lodPixels.x up, one triangle down to
  // lodPixels.y, a point below (splatted: the triangle or the point's square). Off: every boid is
  // a dart.
  bool cull = true;
  glm::vec2 lodPixels{4.0f, 1.5f};
  // The levels drawn by the compute rasteriser (by default all but the near one). Without culling,
  // every boid is a dart, or with Splat every boid a splat.
  DrawMode draw = DrawMode::Auto;
  FarField farField = FarField::Nearest;
  float opacity = 1.0f;  // optical depth: the depth of a pixel one bird covers whole (its cross-section)
  bool lodTint = false;     // each level in its own colour (near red, middle amber, far blue)
  bool freezeCull = false;  // the cull keeps the frustum it had (drawn as lines) while the camera moves

  // Image-based lighting (engine/lighting): the environment's rotation about up, and the exposure
  // in stops over the environment's own (its mean radiance to mid grey).
  float environmentYaw = 0.0f;  // radians
  float exposure = 0.0f;
};

// The camera is placed on the GPU from the flock's bounds (following it, or the viewer on the
// ground), so the CPU's orbit camera does not say where it is.
inline bool cameraOnGpu(const RenderSettings& r) { return r.follow || r.viewer; }

}  // namespace boids::render
