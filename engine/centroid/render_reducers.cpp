// The strategies that use the graphics pipeline: additive-blend (the blender sums) and mipmap
// (glGenerateMipmap averages), each finished by a one-invocation compute pass.
#include <cmath>
#include <limits>

#include "engine/gl/program.hpp"
#include "engine/centroid/reducers.hpp"
#include "engine/gpu_types.hpp"
#include "engine/gl/dispatch.hpp"
#include "engine/primitives/registry.hpp"
#include "shaders/centroid/centroid_slots.h"

namespace boids::centroid {
namespace {

constexpr std::size_t kStatsWords = sizeof(gpu::FlockStats) / 4;

gl::TextureName singleTexel() {
  gl::TextureName t = gl::genTexture();
  glBindTexture(GL_TEXTURE_2D, t.id());
  glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, 1, 1);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glBindTexture(GL_TEXTURE_2D, 0);
  return t;
}

// ---------------------------------------------------------------------------------------------
class AdditiveBlend final : public Reducer {
 public:
  explicit AdditiveBlend(const gl::ShaderLibrary& lib)
      : points_(gl::Program::build(lib, {{GL_VERTEX_SHADER, "centroid/blend_points.vert"},
                                         {GL_FRAGMENT_SHADER, "centroid/blend_points.frag"}})),
        finish_(gl::Program::compute(lib, "centroid/texture_finish.comp", {{"MIPMAP", "0"}})),
        vao_(gl::genVertexArray()),
        fbo_(gl::genFramebuffer()) {
    for (auto& t : targets_) t = singleTexel();
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
    for (GLenum i = 0; i < 3; ++i) {
      glFramebufferTexture(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, targets_[i].id(), 0);
    }
    const GLenum buffers[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2};
    glDrawBuffers(3, buffers);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    gl::label(GL_FRAMEBUFFER, fbo_.id(), "reduce.blend.target");
  }

  void reduce(const Input& in, const gl::Buffer& stats) override {
    const float inf = std::numeric_limits<float>::infinity();
    const float zero[4] = {0, 0, 0, 0}, high[4] = {inf, inf, inf, inf}, low[4] = {-inf, -inf, -inf, -inf};
    glBindFramebuffer(GL_FRAMEBUFFER, fbo_.id());
    glViewport(0, 0, 1, 1);
    glDisable(GL_DEPTH_TEST);
    glDisable(GL_CULL_FACE);
    glDisable(GL_SCISSOR_TEST);
    glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
    glClearBufferfv(GL_COLOR, 0, zero);
    glClearBufferfv(GL_COLOR, 1, high);
    glClearBufferfv(GL_COLOR, 2, low);
    // Per-attachment blending (core since 4.0): sum, min, max of every point's output.
    for (GLuint i = 0; i < 3; ++i) glEnablei(GL_BLEND, i);
    glBlendEquationi(0, GL_FUNC_ADD);
    glBlendFunci(0, GL_ONE, GL_ONE);
    glBlendEquationi(1, GL_MIN);
    glBlendEquationi(2, GL_MAX);
    in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_POSITIONS);
    points_.use();
    glBindVertexArray(vao_.id());
    glDrawArrays(GL_POINTS, 0, static_cast<GLsizei>(in.count));
    glBindVertexArray(0);
    dispatched("draw", {{"positions", in.positions, 4 * std::size_t(in.count)},
                        {"sum", nullptr, 4, 0, targets_[0].id()},
                        {"min", nullptr, 4, 0, targets_[1].id()},
                        {"max", nullptr, 4, 0, targets_[2].id()}});
    for (GLuint i = 0; i < 3; ++i) glDisablei(GL_BLEND, i);
    glBlendEquation(GL_FUNC_ADD);
    glBlendFunc(GL_ONE, GL_ZERO);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);

    // Rendering into the textures and then sampling them is ordered by GL itself: no barrier.
    for (GLuint i = 0; i < 3; ++i) {
      glActiveTexture(GL_TEXTURE0 + i);
      glBindTexture(GL_TEXTURE_2D, targets_[i].id());
    }
    glActiveTexture(GL_TEXTURE0);
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_STATS);
    finish_.use();
    glUniform1ui(CENTROID_LOC_BOID_COUNT, in.count);
    glUniform1i(CENTROID_LOC_LEVEL, 0);
    glDispatchCompute(1, 1, 1);
    statsBarrier();
    dispatched("finish", {{"stats", &stats, kStatsWords}});
  }

  verify::ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override {
    return {count, 0, 0.0};  // the blender adds the points one after another, in primitive order
  }

 private:
  gl::Program points_, finish_;
  gl::VertexArrayName vao_;  // no attributes: the vertex shader pulls positions by gl_VertexID
  gl::FramebufferName fbo_;
  gl::TextureName targets_[3];
};

// ---------------------------------------------------------------------------------------------
class Mipmap final : public Reducer {
 public:
  Mipmap(const gl::ShaderLibrary& lib, const gl::Caps& caps)
      : caps_(caps),
        fill_(gl::Program::compute(lib, "centroid/mip_fill.comp", {{"GROUP_SIZE", std::to_string(kGroup)}})),
        finish_(gl::Program::compute(lib, "centroid/texture_finish.comp", {{"MIPMAP", "1"}})),
        companion_(makeFromPrimitive(*primitives::findVariant(primitives::reductions(), primitives::kDefaultReduce), lib, caps)),
        companionStats_("reduce.mipmap.companionBounds", 48) {
    glGetIntegerv(GL_MAX_TEXTURE_SIZE, &maxSide_);
  }

  std::string unavailableFor(std::uint32_t count) const override {
    const std::uint32_t side = sideFor(count);
    if (side > static_cast<std::uint32_t>(maxSide_)) {
      return std::to_string(count) + " boids need a " + std::to_string(side) + "^2 texture, over GL_MAX_TEXTURE_SIZE " +
             std::to_string(maxSide_);
    }
    return {};
  }

  void reduce(const Input& in, const gl::Buffer& stats) override {
    companion_->reduce(in, companionStats_);  // the bounds: a mip chain can only average
    dispatched("bounds", {{"companion", &companionStats_, kStatsWords}});
    ensureTexture(sideFor(in.count));

    in.positions->bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_POSITIONS);
    glBindImageTexture(0, texture_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
    fill_.use();
    glUniform1ui(CENTROID_LOC_BOID_COUNT, in.count);
    glUniform1ui(CENTROID_LOC_SIDE, side_);
    glDispatchCompute(gl::groupsFor(std::uint64_t(side_) * side_, kGroup, caps_), 1, 1);
    // Image stores -> the texture reads of glGenerateMipmap and of the finishing pass.
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT | GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    dispatched("fill", {{"positions", in.positions, 4 * std::size_t(in.count)},
                        {"texels", nullptr, 4 * std::size_t(side_) * side_, 0, texture_.id(), 0}});
    glGenerateMipmap(GL_TEXTURE_2D);
    // One call makes every level; a watch shows them one by one.
    for (std::uint32_t level = 1; watched() && level < levels_; ++level) {
      const std::size_t side = side_ >> level;
      dispatched("mipmap", {{"texels", nullptr, 4 * side * side, 0, texture_.id(), int(level)}});
    }

    companionStats_.bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_COMPANION);
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, CENTROID_SLOT_STATS);
    finish_.use();
    glUniform1ui(CENTROID_LOC_BOID_COUNT, in.count);
    glUniform1i(CENTROID_LOC_LEVEL, static_cast<GLint>(levels_ - 1));
    glUniform1ui(CENTROID_LOC_SIDE, side_);
    glDispatchCompute(1, 1, 1);
    statsBarrier();
    dispatched("finish", {{"stats", &stats, kStatsWords}});
  }

  verify::ErrorModel errorModel(std::uint32_t count, float /*bound*/) const override {
    // Each level averages 2x2 texels: three rounded additions (the scaling by 1/4 is exact), for
    // the positions and for the weights alike; the centroid is their ratio.
    const std::uint32_t levels = primitives::ceilLog2(sideFor(count));
    return {3ull * levels, 3ull * levels, 0.0};
  }

  std::string detail() const override {
    return side_ ? std::to_string(side_) + "^2 texture, " + std::to_string(levels_) + " levels" : std::string();
  }

 private:
  // The smallest power-of-two square that holds every boid (power of two: every level halves exactly).
  static std::uint32_t sideFor(std::uint32_t count) {
    std::uint32_t side = 1;
    while (std::uint64_t(side) * side < count) side *= 2;
    return side;
  }

  void ensureTexture(std::uint32_t side) {
    if (side == side_) return;
    side_ = side;
    levels_ = primitives::ceilLog2(side) + 1;
    texture_ = gl::genTexture();
    glBindTexture(GL_TEXTURE_2D, texture_.id());
    glTexStorage2D(GL_TEXTURE_2D, static_cast<GLsizei>(levels_), GL_RGBA32F, static_cast<GLsizei>(side),
                   static_cast<GLsizei>(side));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glBindTexture(GL_TEXTURE_2D, 0);
    gl::label(GL_TEXTURE, texture_.id(), "reduce.mipmap.texels");
  }

  static constexpr std::uint32_t kGroup = 256;

  const gl::Caps& caps_;
  gl::Program fill_, finish_;
  std::unique_ptr<Reducer> companion_;
  gl::Buffer companionStats_;
  gl::TextureName texture_;
  std::uint32_t side_ = 0, levels_ = 0;
  GLint maxSide_ = 0;
};

}  // namespace

std::unique_ptr<Reducer> makeAdditiveBlend(const gl::ShaderLibrary& lib) { return std::make_unique<AdditiveBlend>(lib); }
std::unique_ptr<Reducer> makeMipmap(const gl::ShaderLibrary& lib, const gl::Caps& caps) {
  return std::make_unique<Mipmap>(lib, caps);
}

}  // namespace boids::centroid
