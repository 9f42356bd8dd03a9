#include "engine/render/splats.hpp"

#include <algorithm>

#include "engine/gl/dispatch.hpp"
#include "shaders/common/bindings.h"
#include "shaders/cull/cull_slots.h"
#include "shaders/render/splat_slots.h"

namespace boids::render {
namespace {

std::string whyNotWide(const gl::Caps& caps) {
  if (!caps.has("GL_NV_shader_atomic_int64")) return "no GL_NV_shader_atomic_int64";
  if (!caps.has("GL_ARB_gpu_shader_int64")) return "no GL_ARB_gpu_shader_int64";
  return {};
}

}  // namespace

Splats::Programs Splats::build(const gl::ShaderLibrary& library, bool wide, Payload payload) {
  auto pass = [&](int p, bool culled) {
    return gl::Program::compute(library, "render/splat.comp",
                                {{"PASS", std::to_string(p)}, {"CULLED", culled ? "1" : "0"},
                                 {"SPLAT_IDS", payload == Payload::BoidIndex ? "1" : "0"}});
  };
  Programs programs;
  if (wide) {
    programs.wide = pass(0, true);
    programs.wideAll = pass(0, false);
  }
  programs.depth = pass(1, true);
  programs.depthAll = pass(1, false);
  programs.colour = pass(2, true);
  programs.colourAll = pass(2, false);
  programs.resolve = gl::Program::build(
      library, {{GL_VERTEX_SHADER, "render/present.vert"}, {GL_FRAGMENT_SHADER, "render/splat_resolve.frag"}});
  return programs;
}

Splats::Splats(const gl::ShaderLibrary& library, const gl::Caps& caps, Payload payload)
    : caps_(caps),
      payload_(payload),
      wideMissing_(whyNotWide(caps)),
      programs_(build(library, wideMissing_.empty(), payload)),
      resolveCommand_("render.splatResolveCommand", 4 * sizeof(std::uint32_t)) {}

void Splats::reload(const gl::ShaderLibrary& library) { programs_ = build(library, bool(programs_.wide), payload_); }

void Splats::forceNarrow(bool narrow) {
  wideMissing_ = narrow ? "the 32-bit passes were asked for" : whyNotWide(caps_);
}

void Splats::begin(glm::ivec2 size) {
  const std::size_t pixels = std::size_t(std::max(size.x, 1)) * std::size_t(std::max(size.y, 1));
  if (size != size_ || !visibility_) {
    visibility_ = gl::Buffer("render.splatVisibility", pixels * 2 * sizeof(std::uint32_t));
    coverage_ = gl::Buffer("render.splatCoverage", pixels * sizeof(std::uint32_t));
    size_ = size;
    clear_ = false;
  }
  if (!clear_) {
    visibility_.fill(visibility_.size(), SPLAT_CLEAR_DEPTH);  // depth past every boid's, colour the largest
    coverage_.zero(coverage_.size());
    clear_ = true;
  }
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the last resolve's clearing writes -> this frame's atomics
  const std::uint32_t none[4] = {0, 1, 0, 0};  // no vertex until a boid is splatted
  resolveCommand_.upload(0, sizeof none, none);
  pendingColour_.clear();
}

void Splats::dispatch(const gl::Program& list, const gl::Program& all, const Source& source, glm::vec4 lod) const {
  visibility_.bindBase(GL_SHADER_STORAGE_BUFFER, SPLAT_SLOT_VISIBILITY);
  coverage_.bindBase(GL_SHADER_STORAGE_BUFFER, SPLAT_SLOT_COVERAGE);
  resolveCommand_.bindBase(GL_SHADER_STORAGE_BUFFER, SPLAT_SLOT_RESOLVE);
  const gl::Program& program = source.list ? list : all;
  program.use();
  glUniform3ui(SPLAT_LOC_SIZE, GLuint(size_.x), GLuint(size_.y), source.boids);
  glUniform4f(SPLAT_LOC_LOD, lod.x, lod.y, lod.z, lod.w);
  glUniform1i(SPLAT_LOC_LEVEL, source.level);
  if (source.list) {
    source.list->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_DRAW_LIST);
    source.count->bindBase(GL_SHADER_STORAGE_BUFFER, SPLAT_SLOT_COUNT);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, source.dispatches->id());
    glDispatchComputeIndirect(static_cast<GLintptr>(source.dispatchOffset));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
  } else if (source.boids > 0) {
    glDispatchCompute(gl::groupsFor(source.boids, CULL_LIST_GROUP_SIZE, caps_), 1, 1);
  }
}

void Splats::splat(const Source& source, glm::vec4 lod) {
  clear_ = false;
  if (wide()) {
    dispatch(programs_.wide, programs_.wideAll, source, lod);
    watchedPass("splat");
  } else {
    dispatch(programs_.depth, programs_.depthAll, source, lod);
    watchedPass("depth");
    pendingColour_.emplace_back(source, lod);  // after every list's depths (resolve)
  }
}

void Splats::watchedPass(const char* pass) const {
  if (!watched()) return;
  const std::size_t pixels = std::size_t(size_.x) * std::size_t(size_.y);
  dispatched(pass, {{"visibility", &visibility_, 2 * pixels}, {"coverage", &coverage_, pixels}});
}

void Splats::finish() {
  if (!pendingColour_.empty()) {
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // every depth -> the colour passes' comparisons
    for (const auto& [source, lod] : pendingColour_) {
      dispatch(programs_.colour, programs_.colourAll, source, lod);
      watchedPass("colour");
    }
    pendingColour_.clear();
  }
  // Atomics -> the resolve and reads; the resolve's command -> its indirect draw.
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT | GL_COMMAND_BARRIER_BIT);
}

void Splats::resolve() {
  finish();
  visibility_.bindBase(GL_SHADER_STORAGE_BUFFER, SPLAT_SLOT_VISIBILITY);
  coverage_.bindBase(GL_SHADER_STORAGE_BUFFER, SPLAT_SLOT_COVERAGE);
  programs_.resolve.use();
  glUniform3ui(SPLAT_LOC_SIZE, GLuint(size_.x), GLuint(size_.y), 0u);
  glEnable(GL_DEPTH_TEST);
  glDepthFunc(GL_LESS);
  glDepthMask(GL_TRUE);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  // One fragment a pixel, covering all its samples: a rasteriser that clips the triangle into two
  // (llvmpipe) would otherwise shade the pixels on their shared edge twice, each for some samples,
  // and the first would clear what the second reads.
  glDisable(GL_MULTISAMPLE);
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, resolveCommand_.id());
  glDrawArraysIndirect(GL_TRIANGLES, nullptr);
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
  glEnable(GL_MULTISAMPLE);
  glDisable(GL_BLEND);
  clear_ = true;  // the resolve cleared what it read (or nothing was splatted)
}

std::string splatPathName(const Splats& splats) {
  if (splats.wide()) return "one 64-bit atomicMin of depth and colour a pixel";
  return "two 32-bit atomicMin passes, depth then colour (" + splats.wideAtomicsMissing() + ")";
}

std::vector<glm::uvec2> Splats::readVisibility() const {
  return visibility_.read<glm::uvec2>(std::size_t(size_.x) * std::size_t(size_.y));
}

std::vector<std::uint32_t> Splats::readCoverage() const {
  return coverage_.read<std::uint32_t>(std::size_t(size_.x) * std::size_t(size_.y));
}

}  // namespace boids::render
