#pragma once
// The far field drawn by a compute rasteriser (shaders/render/splat.comp): every boid of a list
// projected, shaded and written into a visibility buffer of the frame's size with an atomic
// minimum of depth and colour, its anti-aliased footprint's coverage summed into a second buffer;
// then one triangle over the frame (render/splat_resolve.frag) writes colour and depth where boids
// landed, blended by coverage, composing with what was drawn before by the depth test. A boid a
// pixel or two wide costs the hardware rasteriser a whole vertex and setup slot (2.3 ns a point on
// an H200); here it is a few atomics.
//
// One frame: begin(size), splat() per list, resolve() into the bound framebuffer.
#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include <glm/vec2.hpp>
#include <glm/vec4.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/gl/watch.hpp"

namespace boids::render {

// Watchable: each dispatch can be stepped (engine/render/splat_watch.cpp).
class Splats : public gl::Watchable {
 public:
  // What a pixel keeps beside its depth: the nearest boid's colour, or its index (tests).
  enum class Payload { Colour, BoidIndex };
  Splats(const gl::ShaderLibrary& library, const gl::Caps& caps, Payload payload = Payload::Colour);
  void reload(const gl::ShaderLibrary& library);

  // Why a pixel does not take one 64-bit atomicMin here; empty when it does. Without it each list
  // is splatted twice: the depths (32-bit atomicMin), then, after every list's depths, the colour
  // where a boid's depth is the nearest (the same image, up to boids at exactly equal depths).
  const std::string& wideAtomicsMissing() const { return wideMissing_; }
  // The two 32-bit passes even where 64-bit atomics exist (tests hold the two paths to each other).
  void forceNarrow(bool narrow);
  bool wide() const { return wideMissing_.empty(); }

  // A new frame of `size` pixels: the visibility buffer "no boid" everywhere, the coverage 0. The
  // resolve leaves them so (it clears the pixels it reads); a pass over both buffers runs only at
  // a new size or after splats that were not resolved (tests).
  void begin(glm::ivec2 size);

  // What one splat() reads: a cull list (its boids, their count, and the dispatch command the
  // cull wrote for it), or, with list null, the first `boids` of the flock.
  struct Source {
    const gl::Buffer* list = nullptr;
    const gl::Buffer* count = nullptr;
    const gl::Buffer* dispatches = nullptr;
    std::size_t dispatchOffset = 0;
    std::uint32_t boids = 0;
    int level = 0;  // the level of detail the boids are tinted as
  };
  // The boids of `source` into the buffers. `lod`: the cull's (the dart's sphere radius in world
  // units, pixels per unit at w = 1, the near and far thresholds in pixels): below the far one a
  // boid is a square, above it the dart's outline triangle. Needs bound: positions, velocities,
  // camera, render parameters, harmonics and shade constants (BoidRenderer::draw binds them).
  void splat(const Source& source, glm::vec4 lod);
  // Every splat() done: on the 32-bit path, the colour passes (after every list's depths); then
  // the barrier that makes the buffers visible to the resolve and to reads.
  void finish();
  // finish(), then into the bound framebuffer, whose viewport is begin()'s size: one triangle,
  // depth test (less) and blending on, drawn indirectly, with no vertex where no boid was splatted
  // (the lists' counts are on the GPU); leaves blending off.
  void resolve();

  // Tests, after finish(): per pixel, rows from the bottom: (colour RGBA8, depth as float bits), and coverage in
  // 1/SPLAT_COVER_ONE of a pixel (summed, not clamped).
  std::vector<glm::uvec2> readVisibility() const;
  std::vector<std::uint32_t> readCoverage() const;
  glm::ivec2 size() const { return size_; }

 private:
  struct Programs {
    gl::Program wide, wideAll;     // PASS 0, a list and every boid
    gl::Program depth, depthAll;   // PASS 1
    gl::Program colour, colourAll; // PASS 2
    gl::Program resolve;
  };
  static Programs build(const gl::ShaderLibrary& library, bool wide, Payload payload);
  void dispatch(const gl::Program& list, const gl::Program& all, const Source& source, glm::vec4 lod) const;
  void watchedPass(const char* pass) const;  // a watch's step: the buffers after a dispatch

  gl::Caps caps_;
  Payload payload_;
  std::string wideMissing_;
  Programs programs_;
  glm::ivec2 size_{0};
  gl::Buffer visibility_, coverage_;
  gl::Buffer resolveCommand_;  // DrawArraysIndirectCommand: the splat pass makes it 3 vertices once it splats a boid
  bool clear_ = false;  // nothing splatted since the buffers were last cleared (by begin or the resolve)
  std::vector<std::pair<Source, glm::vec4>> pendingColour_;  // the 32-bit path's lists, for their colour pass
};

// How `splats` writes a pixel, for a panel or a log line: "one 64-bit atomicMin a pixel", or the
// two 32-bit passes and why.
std::string splatPathName(const Splats& splats);

}  // namespace boids::render
