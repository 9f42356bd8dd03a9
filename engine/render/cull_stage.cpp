#include "engine/render/cull_stage.hpp"

#include <cmath>

#include "engine/cull/cull.hpp"
#include "engine/render/boid_renderer.hpp"
#include "engine/render/camera.hpp"
#include "engine/render/cull_watch.hpp"
#include "engine/verify/cull.hpp"

namespace boids::render {
namespace {

namespace dart {
using vec3 = glm::vec3;
#include "shaders/render/dart.glsl"
}  // namespace dart

// The bench's cameras (render::benchCameras) as the window sees them at 1280x720, with the default
// levels of detail.
std::vector<verify::CullCamera> windowCameras(float side) {
  const RenderSettings rs;
  std::vector<verify::CullCamera> cameras;
  for (const auto& [name, orbit] : benchCameras(side)) {
    const float pixelScale = 0.5f * 720.0f / std::tan(0.5f * orbit.fovY);  // as BoidRenderer::placeCamera
    const glm::vec4 lod(rs.boidScale * dart::kDartRadius, pixelScale, rs.lodPixels.x, rs.lodPixels.y);
    cameras.push_back({name, {orbit.projection(1280.0f / 720.0f) * orbit.view(), lod}});
  }
  return cameras;
}

// Empty when each level's draw command is the one its count calls for (cull::commandFor), else
// the first that is not.
std::string commandsMismatch(const cull::Cull& c, const std::array<std::uint32_t, cull::kLevels>& counts) {
  const std::vector<cull::DrawCommand> commands = c.commands().read<cull::DrawCommand>(cull::kLevels);
  for (int level = 0; level < cull::kLevels; ++level) {
    const cull::DrawCommand want = cull::commandFor(c.draw(level), counts[std::size_t(level)]);
    const cull::DrawCommand& got = commands[std::size_t(level)];
    if (got.count != want.count || got.instanceCount != want.instanceCount || got.first != 0 || got.baseInstance != 0) {
      auto text = [](const cull::DrawCommand& d) {
        std::string t = "{";  // built in steps: GCC 12 warns falsely (-Wrestrict) on "{" + std::string
        t += std::to_string(d.count) + ", " + std::to_string(d.instanceCount) + ", " + std::to_string(d.first) + ", " +
             std::to_string(d.baseInstance) + "}";
        return t;
      };
      return std::string("the ") + cull::levelName(level) + " level's draw command is " + text(got) + ", its count of " +
             std::to_string(counts[std::size_t(level)]) + " calls for " + text(want);
    }
  }
  return {};
}

class CullStage : public lab::Stage {
 public:
  explicit CullStage(const lab::Context& context) : context_(context) {
    for (const primitives::CompactVariant& v : primitives::compactions()) {
      culls_.push_back(v.unavailableOn(context.caps).empty()
                           ? std::make_unique<cull::Cull>(context.shaders, context.caps, v, kLevelDraws)
                           : nullptr);
    }
  }

  std::vector<std::pair<std::string, std::string>> variants() const override {
    return lab::listAll(primitives::compactions(), context_.caps);
  }

  void prepare(const lab::Case& c) override {
    case_ = c;
    const lab::Flock& flock = context_.flock({c.n, c.seed, 0, c.purpose});
    dumpName_ = flock.dumpName;
    input_ = gl::Buffer("lab.cull.positions", flock.positions.size() * sizeof(glm::vec4), flock.positions.data());
    cameras_.clear();
    const bool check = c.purpose == lab::Purpose::Check;
    for (const verify::CullCamera& camera : check ? verify::cullCameras(flock.worldSize) : windowCameras(flock.worldSize)) {
      cameras_.push_back({camera, verify::referenceCull(flock.positions, camera.params)});
    }
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer& timer) override {
    std::vector<lab::Row> rows;
    for (const auto& [camera, reference] : cameras_) {
      lab::Row row = lab::identity(case_, "cull", primitives::compactions()[k].name);
      row = culls_[k] ? cullOne(*culls_[k], camera, reference, std::move(row), timer)
                      : lab::unavailable(std::move(row), primitives::compactions()[k].unavailableOn(context_.caps));
      nlohmann::json viewProj = nlohmann::json::array();
      for (int c = 0; c < 4; ++c) {
        for (int r = 0; r < 4; ++r) viewProj.push_back(camera.params.viewProj[c][r]);  // column-major
      }
      row["camera"] = {{"name", camera.name}, {"view_proj", viewProj}};
      if (case_.purpose == lab::Purpose::Bench) row.update({{"part", "pass"}, {"camera", camera.name}});
      row["radius"] = camera.params.lod.x;
      row["lod_pixels"] = {camera.params.lod.z, camera.params.lod.w};
      row["ambiguous"] = reference.ambiguousCount;
      if (!dumpName_.empty()) row["positions"] = dumpName_;
      rows.push_back(std::move(row));
    }
    return rows;
  }

 private:
  lab::Row cullOne(cull::Cull& c, const verify::CullCamera& camera, const verify::CullReference& reference, lab::Row row,
                   lab::Timer& timer) {
    if (std::string why = c.unavailableFor(case_.n); !why.empty()) return lab::unavailable(std::move(row), why);
    params_.upload(0, sizeof camera.params, &camera.params);
    timer.time(row, [&](int) { c.run(input_, case_.n, params_); });
    const std::array<std::uint32_t, cull::kLevels> counts = c.readCounts();
    std::array<std::vector<std::uint32_t>, 3> lists;
    for (int level = 0; level < cull::kLevels; ++level) {
      lists[std::size_t(level)] = c.list(level).read<std::uint32_t>(std::min(counts[std::size_t(level)], case_.n));
    }
    verify::Judgement j = verify::judgeCull(reference, lists);
    if (std::string commands = commandsMismatch(c, counts); !commands.empty()) j = {false, commands};
    row = lab::judged(std::move(row), j.pass, std::string(camera.name) + ": " + j.detail);
    row["visible"] = lists[0].size() + lists[1].size() + lists[2].size();
    row["levels"] = {{"near", lists[0].size()}, {"middle", lists[1].size()}, {"far", lists[2].size()}};
    return row;
  }

  const lab::Context& context_;
  std::vector<std::unique_ptr<cull::Cull>> culls_;
  lab::Case case_;
  std::string dumpName_;
  gl::Buffer input_, params_{"lab.cull.params", sizeof(gpu::CullParams)};
  std::vector<std::pair<verify::CullCamera, verify::CullReference>> cameras_;
};

}  // namespace

const lab::StageInfo kCullStage{"cull", "frustum and levels of detail, each level's boids compacted", lab::Sweep::Sizes,
                                [](const lab::Context& c) { return std::make_unique<CullStage>(c); }, nullptr, nullptr, watchCull,
                                [] { return primitives::variantNames(primitives::compactions()); }};

}  // namespace boids::render
