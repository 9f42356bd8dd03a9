#include "engine/render/splat_stage.hpp"

#include "engine/gpu_types.hpp"
#include "engine/primitives/registry.hpp"
#include "engine/render/splat_watch.hpp"
#include "engine/render/splats.hpp"
#include "engine/verify/splat.hpp"
#include "shaders/common/bindings.h"
#include "shaders/cull/cull_slots.h"

namespace boids::render {
namespace {

constexpr std::uint32_t kLimitGpu = 1100000, kLimitSoftware = 70000;  // a million splats: seconds a run on a CPU

class SplatStage : public lab::Stage {
 public:
  explicit SplatStage(const lab::Context& context) : splats_(context.shaders, context.caps, Splats::Payload::BoidIndex) {}

  std::vector<std::pair<std::string, std::string>> variants() const override {
    std::vector<std::pair<std::string, std::string>> list;
    for (const SplatVariant& v : splatVariants()) list.emplace_back(v.name, v.narrow || splats_.wide() ? "" : splats_.wideAtomicsMissing());
    return list;
  }

  void prepare(const lab::Case& c) override {
    case_ = c;
    scene_ = verify::splatScene(c.n, c.seed, {200, 120});
    buffers_ = SplatSceneBuffers(scene_, "lab.splat");
    every_.resize(c.n);
    for (std::uint32_t i = 0; i < c.n; ++i) every_[i] = i;
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer& timer) override {
    const SplatVariant& v = splatVariants()[k];
    lab::Row row = lab::identity(case_, "splat", v.name);
    row["far_field"] = nameOf(kFarFields, v.far);
    if (!v.narrow && !splats_.wide()) return {lab::unavailable(std::move(row), splats_.wideAtomicsMissing())};
    buffers_.farField(v.far);
    buffers_.bind();
    splats_.forceNarrow(v.narrow);
    const Splats::Source source{nullptr, nullptr, nullptr, 0, case_.n, int(CULL_FAR)};
    timer.time(row, [&](int) {
      splats_.begin(scene_.view.size);
      splats_.splat(source, scene_.view.lod);
      splats_.finish();
    });
    const verify::SplatJudgement j = verify::judgeSplats(scene_.positions, scene_.velocities, every_, scene_.view,
                                                         splats_.readVisibility(), splats_.readCoverage(),
                                                         v.far == FarField::OpticalDepth ? verify::CoverageSum::Summed
                                                                                         : verify::CoverageSum::Clamped);
    splats_.forceNarrow(false);
    std::string detail = std::to_string(j.pixels) + " pixels, " + std::to_string(j.covered) + " covered, " +
                         std::to_string(j.uncertain) + " left open by rounding";
    if (!j.pass()) detail = std::to_string(j.failures) + " pixels wrong; first: " + j.firstFailure;
    row = lab::judged(std::move(row), j.pass(), detail);
    row.update({{"pixels", j.pixels}, {"covered", j.covered}, {"uncertain", j.uncertain}});
    return {row};
  }

 private:
  Splats splats_;
  lab::Case case_;
  verify::SplatScene scene_;
  SplatSceneBuffers buffers_;
  std::vector<std::uint32_t> every_;
};

bool takes(const lab::Case& c, const gl::Caps& caps) { return c.n <= (caps.softwareRenderer() ? kLimitSoftware : kLimitGpu); }

}  // namespace

SplatSceneBuffers::SplatSceneBuffers(const verify::SplatScene& scene, const std::string& label) {
  gpu::CameraState cameraState{};
  cameraState.viewProj = scene.view.viewProj;
  cameraState.eye = glm::vec4(scene.eye, 1.0f);
  gpu::RenderParams renderParams{};
  renderParams.boidScale = scene.view.boidScale;
  renderParams.pixelScale = scene.view.pixelScale;
  renderParams.minPointPixels = scene.view.minPointPixels;
  const std::size_t bytes = scene.positions.size() * sizeof(glm::vec4);
  positions = gl::Buffer(label + ".positions", bytes, scene.positions.data());
  velocities = gl::Buffer(label + ".velocities", bytes, scene.velocities.data());
  camera = gl::Buffer(label + ".camera", sizeof cameraState, &cameraState);
  params = gl::Buffer(label + ".params", sizeof renderParams, &renderParams);
}

void SplatSceneBuffers::farField(FarField far) {
  const glm::vec4 value(float(int(far)), 1.0f, 0.0f, 0.0f);
  params.upload(offsetof(gpu::RenderParams, farField), sizeof value, &value);
}

void SplatSceneBuffers::bind() const {
  positions.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  velocities.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  camera.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CAMERA);
  params.bindBase(GL_UNIFORM_BUFFER, UBO_RENDER_PARAMS);
}

const lab::StageInfo kSplatStage{"splat", "far boids splatted by the compute rasteriser", lab::Sweep::Sizes,
                                 [](const lab::Context& c) { return std::make_unique<SplatStage>(c); }, takes, nullptr, watchSplat,
                                 [] { return primitives::variantNames(splatVariants()); }};

}  // namespace boids::render
