#include "engine/render/boid_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <vector>

#include <glm/geometric.hpp>
#include <glm/vec3.hpp>

#include "engine/gpu_types.hpp"
#include "shaders/cull/cull_slots.h"

namespace boids::render {
namespace {

namespace dart {
using vec3 = glm::vec3;
#include "shaders/render/dart.glsl"
}  // namespace dart

// The key light's strength, over the irradiance from its direction: enough to model a boid's
// faces under a soft sky, small beside the environment's own light.
constexpr float kKeyLight = 0.35f;

// The far level's smallest point, in pixels: a million boids seen whole stay a visible cloud.
constexpr float kMinPointPixels = 2.0f;

namespace tints {
using vec3 = glm::vec3;
#include "shaders/render/level_tints.glsl"
#include "shaders/render/marker_colours.glsl"
}  // namespace tints

struct MeshVertex {
  glm::vec3 position;
  glm::vec3 normal;
};

// The dart (shaders/render/dart.glsl), nose along +Z, one unit long: six flat-shaded triangles.
std::vector<MeshVertex> dartMesh() {
  const glm::vec3 nose = dart::kDartNose, left = dart::kDartLeft, right = dart::kDartRight, top = dart::kDartTop,
                  bottom = dart::kDartBottom;
  const std::array<std::array<glm::vec3, 3>, 6> triangles = {{
      {nose, top, left}, {nose, right, top}, {nose, left, bottom},
      {nose, bottom, right}, {left, top, right}, {left, right, bottom},
  }};
  const glm::vec3 centre = (nose + left + right + top + bottom) / 5.0f;
  std::vector<MeshVertex> out;
  for (auto t : triangles) {
    // Counter-clockwise seen from outside, so back-face culling keeps the visible side.
    glm::vec3 n = glm::normalize(glm::cross(t[1] - t[0], t[2] - t[0]));
    if (glm::dot(n, (t[0] + t[1] + t[2]) / 3.0f - centre) < 0) {
      std::swap(t[1], t[2]);
      n = -n;
    }
    for (const glm::vec3& p : t) out.push_back({p, n});
  }
  return out;
}

}  // namespace

static_assert(int(ColourMode::Heading) == COLOUR_HEADING && int(ColourMode::Speed) == COLOUR_SPEED &&
              int(ColourMode::Density) == COLOUR_DENSITY && int(ColourMode::Plumage) == COLOUR_PLUMAGE);
static_assert(int(FarField::Nearest) == FAR_NEAREST && int(FarField::OpticalDepth) == FAR_OPTICAL_DEPTH);

std::string describeDraw(const RenderSettings& settings) {
  if (!settings.cull) {
    return settings.draw == DrawMode::Splat ? "every boid splatted (--draw splat)" : "every boid a dart (no culling)";
  }
  switch (settings.draw) {
    case DrawMode::Mesh: return "every level by the rasteriser: darts, triangles and points (--draw mesh)";
    case DrawMode::Splat: return "every visible boid splatted by the compute rasteriser (--draw splat)";
    case DrawMode::Auto: break;
  }
  return "near darts by the rasteriser, the middle and far levels splatted by the compute rasteriser (--draw auto)";
}

glm::vec3 markerColour(bool gpu) { return gpu ? tints::kGpuMarkerColour : tints::kCpuMarkerColour; }

glm::vec3 levelTint(int level) {
  return level == CULL_NEAR ? tints::kTintNear : level == CULL_MIDDLE ? tints::kTintMiddle : tints::kTintFar;
}

BoidRenderer::Programs BoidRenderer::build(const gl::ShaderLibrary& library) {
  Programs p;
  p.boid = gl::Program::build(library, {{GL_VERTEX_SHADER, "render/boid.vert"}, {GL_FRAGMENT_SHADER, "render/boid.frag"}});
  p.box = gl::Program::build(library,
                             {{GL_VERTEX_SHADER, "render/world_box.vert"}, {GL_FRAGMENT_SHADER, "render/world_box.frag"}});
  p.bounds = gl::Program::build(
      library, {{GL_VERTEX_SHADER, "render/world_box.vert"}, {GL_FRAGMENT_SHADER, "render/world_box.frag"}}, {{"BOX", "1"}});
  p.frustum = gl::Program::build(
      library, {{GL_VERTEX_SHADER, "render/world_box.vert"}, {GL_FRAGMENT_SHADER, "render/world_box.frag"}}, {{"BOX", "2"}});
  for (int level = 0; level < cull::kLevels; ++level) {
    p.levels[std::size_t(level)] = gl::Program::build(
        library, {{GL_VERTEX_SHADER, "render/boid.vert"}, {GL_FRAGMENT_SHADER, "render/boid.frag"}},
        {{"LEVEL", std::to_string(level)}, {"CULLED", "1"}});
  }
  p.markers =
      gl::Program::build(library, {{GL_VERTEX_SHADER, "render/markers.vert"}, {GL_FRAGMENT_SHADER, "render/markers.frag"}});
  p.follow = gl::Program::compute(library, "render/camera_follow.comp");
  p.shadeConstants = gl::Program::compute(library, "render/shade_constants.comp");
  p.present =
      gl::Program::build(library, {{GL_VERTEX_SHADER, "render/present.vert"}, {GL_FRAGMENT_SHADER, "render/present.frag"}});
  p.cells = gl::Program::build(library, {{GL_VERTEX_SHADER, "render/cells.vert"}, {GL_FRAGMENT_SHADER, "render/cells.frag"}});
  return p;
}

BoidRenderer::BoidRenderer(const gl::ShaderLibrary& library, const gl::Caps& caps, std::string_view compaction)
    : library_(library),
      caps_(caps),
      programs_(build(library)),
      meshVao_(gl::genVertexArray()),
      emptyVao_(gl::genVertexArray()),
      params_("render.params", sizeof(gpu::RenderParams)),
      shade_("render.shadeConstants", 4 * sizeof(glm::vec4)),
      camera_("render.camera", sizeof(gpu::CameraState)),
      cullParams_("render.cullParams", sizeof(gpu::CullParams)),
      colours_(library, caps),
      ground_(library, caps),
      background_(library, caps),
      splats_(library, caps) {
  setCompaction(compaction);
  const std::vector<MeshVertex> mesh = dartMesh();
  meshVertices_ = static_cast<GLsizei>(mesh.size());
  if (mesh.size() != kLevelDraws[CULL_NEAR].vertices) {
    throw std::logic_error("the dart mesh has " + std::to_string(mesh.size()) + " vertices; kLevelDraws says " +
                           std::to_string(kLevelDraws[CULL_NEAR].vertices));
  }
  mesh_ = gl::Buffer::fromSpan(std::string_view("render.boidMesh"), std::span<const MeshVertex>(mesh), GL_STATIC_DRAW);
  glBindVertexArray(meshVao_.id());
  glBindBuffer(GL_ARRAY_BUFFER, mesh_.id());
  glEnableVertexAttribArray(ATTR_POSITION);
  glVertexAttribPointer(ATTR_POSITION, 3, GL_FLOAT, GL_FALSE, sizeof(MeshVertex),
                        reinterpret_cast<const void*>(offsetof(MeshVertex, position)));
  glEnableVertexAttribArray(ATTR_NORMAL);
  glVertexAttribPointer(ATTR_NORMAL, 3, GL_FLOAT, GL_FALSE, sizeof(MeshVertex),
                        reinterpret_cast<const void*>(offsetof(MeshVertex, normal)));
  glBindVertexArray(0);
  glBindBuffer(GL_ARRAY_BUFFER, 0);
  gl::label(GL_VERTEX_ARRAY, meshVao_.id(), "render.boidMeshVao");
}

void BoidRenderer::reload(const gl::ShaderLibrary& library) {
  Programs programs = build(library);
  auto cull = std::make_unique<cull::Cull>(library, caps_, cull_->variant(), kLevelDraws);  // as chosen for the flock
  colours_.reload(library);
  ground_.reload(library);
  background_.reload(library);
  splats_.reload(library);
  programs_ = std::move(programs);
  cull_ = std::move(cull);
  library_ = library;
  culledBoids_ = 0;
}

void BoidRenderer::setCompaction(std::string_view name) {
  const primitives::CompactVariant* variant = primitives::findVariant(primitives::compactions(), name);
  if (!variant) throw std::invalid_argument("unknown compaction variant '" + std::string(name) + "'");
  asked_ = variant;
  chooseCompaction(culledBoids_);
}

void BoidRenderer::chooseCompaction(std::uint32_t count) {
  const primitives::CompactVariant* fallback = primitives::findVariant(primitives::compactions(), kFallbackCompaction);
  const primitives::CompactVariant* variant = asked_;
  std::string note;
  if (std::string why = variant->unavailableOn(caps_); !why.empty()) {
    note = std::string(variant->name) + " cannot run here (" + why + "); culling with " + kFallbackCompaction;
    variant = fallback;
  }
  if (!cull_ || &cull_->variant() != variant) {
    cull_ = std::make_unique<cull::Cull>(library_, caps_, *variant, kLevelDraws);
    culledBoids_ = 0;
  }
  if (std::string why = count > 0 ? cull_->unavailableFor(count) : std::string(); !why.empty() && variant != fallback) {
    note = std::string(variant->name) + " cannot cull " + std::to_string(count) + " boids (" + why + "); culling with " +
           kFallbackCompaction;
    cull_ = std::make_unique<cull::Cull>(library_, caps_, *fallback, kLevelDraws);
    culledBoids_ = 0;
  }
  compactionNote_ = std::move(note);
}

// The viewer's eye over the ground (a person's height, in the world's scale) and the angle it
// looks up at the flock: below and aside, as a murmuration is watched.
constexpr float kViewerHeight = 0.005f;  // of the world's side
constexpr float kViewerLookUp = 0.6f;    // radians

void BoidRenderer::placeCamera(const OrbitCamera& orbit, glm::ivec2 viewport, const RenderSettings& settings,
                               const gl::Buffer& stats, const sim::SimSettings& sim) {
  const float aspect = static_cast<float>(viewport.x) / static_cast<float>(std::max(viewport.y, 1));
  camera_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CAMERA);
  const bool follow = cameraOnGpu(settings);
  if (follow) {
    // Stats (written by the reduction, made visible by its barrier) -> camera, all on the GPU.
    stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
    programs_.follow.use();
    glUniform4f(LOC_CAMERA_ORBIT, orbit.yaw, orbit.pitch, orbit.fovY, aspect);
    glUniform4f(LOC_CAMERA_FOLLOW, 0.08f, settings.followZoom, following_ == follow && viewing_ == settings.viewer ? 0.0f : 1.0f,
                settings.viewCentreX);
    const float eyeY = (kViewerHeight - 0.5f) * sim.worldSize;  // the ground is the world's floor
    glUniform4f(LOC_CAMERA_VIEWER, settings.viewer ? 1.0f : 0.0f, eyeY, 1.0f / std::sin(kViewerLookUp), 0.0f);
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // camera -> every draw
  } else {
    const gpu::CameraState state{orbit.projection(aspect, settings.viewCentreX) * orbit.view(), glm::vec4(orbit.eye(), 1.0f),
                                 glm::vec4(orbit.target, orbit.distance)};
    camera_.upload(0, sizeof(state), &state);
  }
  following_ = follow;
  viewing_ = settings.viewer;
  // The projection's y scale (its [1][1], as camera.cpp and camera_follow.comp make it) times half
  // the height: pixels per world unit at clip w = 1, for the cull's levels and the far points.
  pixelScale_ = 0.5f * float(viewport.y) / std::tan(0.5f * orbit.fovY);
}

glm::vec4 BoidRenderer::lodFor(const RenderSettings& settings) const {
  // The sphere that holds the dart, and the thresholds on its projected radius.
  return {settings.boidScale * dart::kDartRadius, pixelScale_, settings.lodPixels.x, settings.lodPixels.y};
}

void BoidRenderer::cull(const sim::Flock& flock, const RenderSettings& settings) {
  collectCounts();
  // The frustum: this frame's camera, copied on the GPU (the follow camera writes it there), or
  // the one kept while frozen. The thresholds follow the settings either way.
  if (!settings.freezeCull || !cullFrozen_) {
    cullParams_.copyFrom(camera_, offsetof(gpu::CameraState, viewProj), offsetof(gpu::CullParams, viewProj), sizeof(glm::mat4));
  }
  cullFrozen_ = settings.freezeCull;
  const glm::vec4 lod = lodFor(settings);
  cullParams_.upload(offsetof(gpu::CullParams, lod), sizeof lod, &lod);
  if (flock.count() != culledBoids_) chooseCompaction(flock.count());  // a variant may not take every size
  cull_->run(flock.positions(), flock.count(), cullParams_);
  culledBoids_ = flock.count();
  if (!countsReadback_.busy()) {
    countsReadback_.request({{&cull_->count(0), 4}, {&cull_->count(1), 4}, {&cull_->count(2), 4}});
    countsPending_ = flock.count();
  }
}

void BoidRenderer::collectCounts() {
  if (auto bytes = countsReadback_.poll()) {
    CullCounts counts;
    std::memcpy(counts.levels.data(), bytes->data(), sizeof counts.levels);
    counts.boids = countsPending_;
    counts_ = counts;
  }
}

std::optional<CullCounts> BoidRenderer::cullCounts() {
  collectCounts();
  return counts_;
}

namespace {

// `work` timed as a part of the render pass (where there is a timer).
template <class Work>
void timedPart(gl::FrameTimer* timer, const std::string& part, const Work& work) {
  if (!timer) return work();
  const gl::FrameTimer::Scope scope = timer->scope(kDrawPartPrefix + part);
  work();
}

}  // namespace

void BoidRenderer::drawLevels(const RenderSettings& settings, glm::ivec2 viewport, gl::FrameTimer* timer) {
  const bool anySplats = settings.draw != DrawMode::Mesh;  // splat and auto splat some level
  if (anySplats) splats_.begin(viewport);
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, cull_->commands().id());
  for (int level = 0; level < cull::kLevels; ++level) {
    timedPart(timer, cull::levelName(level), [&] {
      if (splatted(settings.draw, level)) {
        const Splats::Source source{&cull_->list(level), &cull_->count(level), &cull_->dispatches(),
                                    std::size_t(level) * cull::Cull::kDispatchStride, 0, level};
        splats_.splat(source, lodFor(settings));
        return;
      }
      cull_->list(level).bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_DRAW_LIST);
      programs_.levels[std::size_t(level)].use();
      const void* command = reinterpret_cast<const void*>(std::size_t(level) * sizeof(cull::DrawCommand));
      if (level == CULL_NEAR) {  // the mesh, closed: its back faces are never seen
        glEnable(GL_CULL_FACE);
        glBindVertexArray(meshVao_.id());
        glDrawArraysIndirect(GL_TRIANGLES, command);
      } else if (level == CULL_MIDDLE) {  // one flat triangle, seen from either side
        glDisable(GL_CULL_FACE);
        glBindVertexArray(emptyVao_.id());
        glDrawArraysIndirect(GL_TRIANGLES, command);
      } else {
        glEnable(GL_PROGRAM_POINT_SIZE);
        glBindVertexArray(emptyVao_.id());
        glDrawArraysIndirect(GL_POINTS, command);
        glDisable(GL_PROGRAM_POINT_SIZE);
      }
    });
  }
  glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
  if (anySplats) {
    glBindVertexArray(emptyVao_.id());
    timedPart(timer, "splat resolve", [&] { splats_.resolve(); });
  }
}

void BoidRenderer::draw(const FrameTarget& target, const sim::Flock& flock, const sim::SimSettings& sim,
                        const gl::Buffer& stats, glm::ivec2 viewport, const RenderSettings& settings, GridView grid,
                        const lighting::Lighting* lighting, gl::FrameTimer* timer) {
  if (!lighting) {  // the built-in sky, small, projected once
    if (!ownLighting_) {
      ownLighting_ = std::make_unique<lighting::Lighting>(library_, caps_);
      ownLighting_->setEnvironment(lighting::builtInEnvironment(lighting::kFallbackEnvironment, 256, 128));
    }
    ownLighting_->setYaw(settings.environmentYaw);
    ownLighting_->update();
    lighting = ownLighting_.get();
  }
  if (settings.colour == ColourMode::Speed || settings.colour == ColourMode::Density) colours_.update(flock.velocities(), flock.count(), sim.maxSpeed);
  if (settings.ground) timedPart(timer, "shadow", [&] { ground_.castShadow(flock.positions(), flock.count(), sim.worldSize); });
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, target.framebuffer);
  glViewport(0, 0, viewport.x, viewport.y);

  bindFrame(sim, stats, viewport, settings, *lighting);
  timedPart(timer, "sky and ground", [&] { drawBackground(settings, target, viewport); });

  // Boids: the step left its barrier; the storage buffers are read by the vertex shader.
  flock.positions().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  flock.velocities().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  glEnable(GL_CULL_FACE);
  glCullFace(GL_BACK);
  glFrontFace(GL_CCW);
  if (settings.cull && culledBoids_ == flock.count()) {
    drawLevels(settings, viewport, timer);
  } else if (settings.draw == DrawMode::Splat) {  // every boid, unculled, through the compute rasteriser
    splats_.begin(viewport);
    splats_.splat({nullptr, nullptr, nullptr, 0, flock.count(), CULL_NEAR}, lodFor(settings));
    glBindVertexArray(emptyVao_.id());
    splats_.resolve();
  } else {
    glBindVertexArray(meshVao_.id());
    programs_.boid.use();
    glDrawArraysInstanced(GL_TRIANGLES, 0, meshVertices_, static_cast<GLsizei>(flock.count()));
  }

  drawOverlays(flock, sim, settings, grid);
  glEnable(GL_DEPTH_TEST);
  glBindVertexArray(0);
}

void BoidRenderer::bindFrame(const sim::SimSettings& sim, const gl::Buffer& stats, glm::ivec2 viewport,
                             const RenderSettings& settings, const lighting::Lighting& lighting) {
  gpu::RenderParams params{};
  params.lighting = glm::vec4(lighting.exposureScale(settings.exposure), lighting.yaw(), kKeyLight, 0.0f);
  params.world = glm::vec4(glm::vec3(0.5f * sim.worldSize), sim.world == sim::WorldMode::Walls ? 1.0f : 0.0f);
  params.boidScale = settings.boidScale;
  params.maxSpeed = sim.maxSpeed;
  params.fogDensity = settings.fogDensity;
  params.pixelScale = pixelScale_;
  params.lodTint = settings.lodTint ? 1.0f : 0.0f;
  params.minPointPixels = kMinPointPixels;
  params.viewportWidth = float(viewport.x);
  params.viewportHeight = float(viewport.y);
  const glm::vec2 range = colourRange(settings.colour).value_or(glm::vec2(0.0f, 1.0f));
  params.colour = glm::vec4(range, float(int(settings.colour)), 0.0f);
  // A bank of half the most rolls a dart 45 degrees; the most, about 63.
  params.motion = glm::vec4(sim.flight == sim::Flight::Banked ? 0.5f * sim.mostBank : 0.0f, 0.0f, 0.0f, 0.0f);
  params.farField = glm::vec4(float(int(settings.farField)), settings.opacity, 0.0f, 0.0f);
  params_.upload(0, sizeof(params), &params);
  params_.bindBase(GL_UNIFORM_BUFFER, UBO_RENDER_PARAMS);
  camera_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CAMERA);
  stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
  // The environment: the sky's texture and the shading's nine coefficients (the projection's slot 0).
  lighting.projector().coefficients().bindRange(GL_SHADER_STORAGE_BUFFER, SSBO_SH, 0, sizeof(gpu::ShCoefficients));
  glActiveTexture(GL_TEXTURE0 + UNIT_ENVIRONMENT);
  glBindTexture(GL_TEXTURE_2D, lighting.projector().texture());
  shade_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_SHADE);
  programs_.shadeConstants.use();
  glDispatchCompute(1, 1, 1);
  glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void BoidRenderer::drawBackground(const RenderSettings& settings, const FrameTarget& target, glm::ivec2 viewport) {
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glBindVertexArray(emptyVao_.id());
  background_.draw(target, viewport, settings.ground ? &ground_ : nullptr);
  if (settings.showWorldBox) {
    programs_.box.use();
    glDrawArrays(GL_LINES, 0, 24);
  }
}

void BoidRenderer::drawOverlays(const sim::Flock& flock, const sim::SimSettings& sim, const RenderSettings& settings,
                                GridView grid) {
  // Bounds, cells and centroid markers on top of everything, so they stay visible inside the flock.
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glBindVertexArray(emptyVao_.id());
  if (settings.showCells && grid.cellStarts && grid.instances > 0) {
    grid.cellStarts->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CELL_STARTS);
    grid.pairs->bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_GRID_PAIRS);
    flock.positions().bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
    glEnable(GL_BLEND);
    glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
    programs_.cells.use();
    glUniform2ui(LOC_CELLS_FLOCK, flock.count(), grid.inSortedOrder ? 1u : 0u);
    glDrawArraysInstanced(GL_LINES, 0, 24, static_cast<GLsizei>(grid.instances));
    glDisable(GL_BLEND);
  }
  if (settings.showBounds) {
    programs_.bounds.use();
    glDrawArrays(GL_LINES, 0, 24);
  }
  if (settings.cull && settings.freezeCull) {
    cullParams_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CULL_PARAMS);
    programs_.frustum.use();
    glDrawArrays(GL_LINES, 0, 24);
  }
  if (settings.showMarkers) {
    programs_.markers.use();
    glUniform4fv(LOC_MARKER_CPU, 1, &settings.cpuCentroid.x);
    glUniform4fv(LOC_MARKER_GPU, 1, &settings.checkedGpuCentroid.x);
    glUniform1f(LOC_MARKER_SIZE, 0.08f * sim.worldSize);
    glDrawArraysInstanced(GL_TRIANGLES, 0, 18, 4);
  }
}

void BoidRenderer::present(const OffscreenTarget& scene, unsigned framebuffer, glm::ivec2 size) const {
  scene.resolve();
  glBindFramebuffer(GL_DRAW_FRAMEBUFFER, framebuffer);
  glViewport(0, 0, size.x, size.y);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_CULL_FACE);
  glDisable(GL_BLEND);
  glActiveTexture(GL_TEXTURE0 + UNIT_PRESENT);
  glBindTexture(GL_TEXTURE_2D, scene.resolvedTexture());
  glActiveTexture(GL_TEXTURE0);
  programs_.present.use();
  glBindVertexArray(emptyVao_.id());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glEnable(GL_DEPTH_TEST);
}

std::optional<glm::vec2> BoidRenderer::colourRange(ColourMode mode) const {
  if (mode == ColourMode::Speed) return colours_.speed();
  if (mode == ColourMode::Density) return colours_.density();
  return std::nullopt;
}

}  // namespace boids::render
