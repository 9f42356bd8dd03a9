#pragma once
// Draws a frame of the scene into the bound framebuffer: the ground with the flock's shadow, sky,
// world cube, and the boids, whose vertex shaders read the simulation's storage buffers directly. With culling on (the default),
// cull() first keeps the boids in the view and sorts them into levels of detail on the GPU
// (engine/cull), and draw() draws each level with one indirect draw whose count the GPU wrote.
#include <array>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <glm/vec2.hpp>
#include <glm/vec3.hpp>
#include <glm/vec4.hpp>

#include "engine/cull/cull.hpp"
#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/readback.hpp"
#include "engine/gl/timer.hpp"
#include "engine/lighting/lighting.hpp"
#include "engine/render/camera.hpp"
#include "engine/render/colour_range.hpp"
#include "engine/render/background.hpp"
#include "engine/render/ground.hpp"
#include "engine/render/offscreen_target.hpp"
#include "engine/render/render_settings.hpp"
#include "engine/render/splats.hpp"
#include "engine/sim/flock.hpp"
#include "engine/sim/params.hpp"
#include "shaders/cull/cull_slots.h"

namespace boids::render {

// How each level of detail is drawn (boid.vert): the 18-vertex dart, one instance per boid; one
// triangle per boid; one point per boid.
inline constexpr std::array<cull::LevelDraw, cull::kLevels> kLevelDraws = {{{18, true}, {3, false}, {1, false}}};

// A level of detail's tint with the tints on (shaders/render/level_tints.glsl): for a legend.
glm::vec3 levelTint(int level);
// The centroid markers' colours (shaders/render/marker_colours.glsl): the GPU's, or the CPU's.
glm::vec3 markerColour(bool gpu);

// Whether `level` is splatted (the compute rasteriser) rather than drawn as a mesh in `mode`.
constexpr bool splatted(DrawMode mode, int level) {
  return mode == DrawMode::Splat || (mode == DrawMode::Auto && level != int(CULL_NEAR));
}

// The parts of the render pass draw() times when given a timer, each under "render/<part>": a
// level ("render/near", "render/middle", "render/far", however it is drawn) and "render/splat
// resolve" (with the clearing of what it read). Inside the render pass: not to be added to it.
inline constexpr const char* kDrawPartPrefix = "render/";
inline bool isDrawPart(std::string_view name) { return name.rfind(kDrawPartPrefix, 0) == 0; }

// How `settings` draws the boids, in words (a log line): which levels are meshes, which splats.
std::string describeDraw(const RenderSettings& settings);

// What the cull kept, read back a few frames late.
struct CullCounts {
  std::array<std::uint32_t, cull::kLevels> levels{};  // near, middle, far
  std::uint32_t boids = 0;                            // of the flock the cull saw
  std::uint32_t visible() const { return levels[0] + levels[1] + levels[2]; }
};

// What the occupied-cell overlay draws from: the grid of this frame (engine/grid/spatial_grid.hpp).
struct GridView {
  const gl::Buffer* cellStarts = nullptr;
  const gl::Buffer* pairs = nullptr;
  std::uint32_t instances = 0;  // dense keys: the cells; hashed: the boids (a cell drawn by its first)
  bool inSortedOrder = false;   // hashed: the flock's buffers hold the boids in sorted order (coherent)
};

class BoidRenderer {
 public:
  BoidRenderer(const gl::ShaderLibrary& library, const gl::Caps& caps, std::string_view compaction = kDefaultCompaction);
  void reload(const gl::ShaderLibrary& library);

  // The cull's compaction variant. Throws std::invalid_argument for an unknown name (keeping the
  // current one); one this context cannot run, or not at the flock's size (Cull::unavailableFor),
  // is replaced by kFallbackCompaction, and compactionNote() says why.
  void setCompaction(std::string_view name);
  const primitives::CompactVariant& compaction() const { return cull_->variant(); }
  const char* askedCompaction() const { return asked_->name; }  // what setCompaction was last given
  // The compaction for a flock of `boids` chosen now rather than at the first cull (to report it).
  void prepareFor(std::uint32_t boids) { chooseCompaction(boids); }
  const std::string& compactionNote() const { return compactionNote_; }

  // The camera pass: the CPU's orbit camera uploaded, or with settings.follow the GPU framing
  // the bounds in `stats` (settings.viewer: from the ground of `sim`'s world). Writes the camera
  // buffer every draw reads.
  void placeCamera(const OrbitCamera& orbit, glm::ivec2 viewport, const RenderSettings& settings,
                   const gl::Buffer& stats, const sim::SimSettings& sim);
  // The cull pass (after placeCamera and the step): the flock's positions against the camera's
  // view-projection, copied on the GPU (or against the frozen one, with settings.freezeCull), into
  // each level's list and draw command. Also collects the counts of an earlier frame (cullCounts).
  void cull(const sim::Flock& flock, const RenderSettings& settings);
  // The levels' counts of the latest cull the GPU has finished, without waiting for one; none
  // before the first arrives.
  std::optional<CullCounts> cullCounts();
  // Blocking: the counts of the latest cull, for the end of a run (demo, bench, tests).
  CullCounts readCullCounts() const { return {cull_->readCounts(), culledBoids_}; }

  // Draws into `target` (FrameTarget{}: the window). Sets the viewport and every piece of state it relies
  // on; leaves depth test and culling on. With settings.cull, the levels cull() left (every boid as
  // a dart when it has not run for this flock).
  // `grid`: the cell ranges for the occupied-cell overlay (none: no overlay); the SimParams block
  // must be bound at UBO_SIM_PARAMS for it. `lighting`: the environment and its projection (the
  // light pass's); none: a small built-in sky of the renderer's own. `timer`: where the draw's
  // parts are timed (isDrawPart), inside the caller's scope for the whole.
  void draw(const FrameTarget& target, const sim::Flock& flock, const sim::SimSettings& sim, const gl::Buffer& stats,
            glm::ivec2 viewport, const RenderSettings& settings, GridView grid = {},
            const lighting::Lighting* lighting = nullptr, gl::FrameTimer* timer = nullptr);

  Background& background() { return background_; }
  // The compute rasteriser (its path: splats().wideAtomicsMissing()).
  Splats& splats() { return splats_; }
  const Splats& splats() const { return splats_; }

  // `scene`'s image stretched over `framebuffer`'s (0, 0)-`size` with bilinear filtering: the
  // window's scene drawn at a fraction of its size (--render-scale). A draw, not a blit: a window's
  // framebuffer may be multisampled, and a blit cannot write into one. Leaves depth test on.
  void present(const OffscreenTarget& scene, unsigned framebuffer, glm::ivec2 size) const;

  // The ends of the colour ramp `mode` is drawn with now (for a legend): speeds in units per time
  // unit, neighbours; for heading, none.
  std::optional<glm::vec2> colourRange(ColourMode mode) const;

 private:
  struct Programs {
    gl::Program boid, box, bounds, frustum, markers, follow, cells, shadeConstants, present;
    std::array<gl::Program, cull::kLevels> levels;  // the boid through the cull's list, per level
  };
  static Programs build(const gl::ShaderLibrary& library);
  // Each level, as a mesh or splatted by `mode` (the splats resolved into the frame after).
  void drawLevels(const RenderSettings& settings, glm::ivec2 viewport, gl::FrameTimer* timer);
  // The frame's RenderParams, camera, flock statistics and environment bound for every draw.
  void bindFrame(const sim::SimSettings& sim, const gl::Buffer& stats, glm::ivec2 viewport, const RenderSettings& settings,
                 const lighting::Lighting& lighting);
  void drawBackground(const RenderSettings& settings, const FrameTarget& target, glm::ivec2 viewport);  // the ground, the sky, the world box
  // Bounds, cells, the frozen frustum and the centroid markers, on top of everything.
  void drawOverlays(const sim::Flock& flock, const sim::SimSettings& sim, const RenderSettings& settings, GridView grid);
  glm::vec4 lodFor(const RenderSettings& settings) const;  // the cull's and the splats' (CullParams::lod)
  void collectCounts();  // the readback's bytes, once they are there, into counts_
  void chooseCompaction(std::uint32_t count);  // asked_ where it can cull `count` boids, else the fallback

  gl::ShaderLibrary library_;
  gl::Caps caps_;
  Programs programs_;
  gl::Buffer mesh_;
  GLsizei meshVertices_ = 0;
  gl::VertexArrayName meshVao_;
  gl::VertexArrayName emptyVao_;  // core profile needs a VAO bound even for attribute-less draws
  gl::Buffer params_;
  gl::Buffer shade_;  // ShadeConstants, made each draw
  gl::Buffer camera_;
  bool following_ = false;
  float pixelScale_ = 1.0f;  // pixels per world unit at clip w = 1 (placeCamera)
  bool viewing_ = false;     // the last camera was the viewer on the ground (a change jumps, not eases)

  const primitives::CompactVariant* asked_ = nullptr;
  std::unique_ptr<cull::Cull> cull_;
  std::string compactionNote_;
  gl::Buffer cullParams_;
  std::uint32_t culledBoids_ = 0;  // the flock size the lists were made for (0: none yet)
  bool cullFrozen_ = false;        // the params hold a frustum that is kept
  gl::AsyncReadback countsReadback_;
  std::uint32_t countsPending_ = 0;  // the flock size of the counts in flight
  std::optional<CullCounts> counts_;
  std::unique_ptr<lighting::Lighting> ownLighting_;  // for draws given none
  ColourRange colours_;
  Ground ground_;
  Background background_;
  Splats splats_;
};

}  // namespace boids::render
