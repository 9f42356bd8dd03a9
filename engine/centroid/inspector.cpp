#include "engine/centroid/inspector.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace boids::centroid {

Verdict judge(std::string strategy, const gpu::FlockStats& g, const verify::ReferenceStats& ref, std::uint32_t count,
              const verify::ErrorModel& model) {
  Verdict v;
  v.strategy = std::move(strategy);
  v.gpu = g;
  v.tolerance = verify::centroidTolerance(ref, count, model);
  v.error = glm::abs(glm::dvec3(g.meanPosition) - ref.centroid);
  const double largest = verify::flockExtent(ref);
  v.relativeError = std::max({v.error.x, v.error.y, v.error.z}) / largest;
  v.toleranceRelativeToExtent = std::max({v.tolerance.x, v.tolerance.y, v.tolerance.z}) / largest;  // inf: no bound
  v.weakBound = !(v.toleranceRelativeToExtent <= verify::kWeakBoundOfExtent);
  v.statisticalBound = verify::centroidStatisticalBound(ref, count, model);
  for (int a = 0; a < 3; ++a) v.aboveStatistical = v.aboveStatistical || !(v.error[a] <= v.statisticalBound[a]);
  bool centroidOk = true;
  for (int a = 0; a < 3; ++a) centroidOk = centroidOk && v.error[a] <= v.tolerance[a];  // NaN fails
  v.boundsExact = glm::dvec3(glm::vec3(g.boundsMin)) == glm::dvec3(glm::vec3(ref.boundsMin)) &&
                  glm::dvec3(glm::vec3(g.boundsMax)) == glm::dvec3(glm::vec3(ref.boundsMax));
  v.countExact = count > (1u << 24) || g.meanPosition.w == static_cast<float>(count);
  v.pass = centroidOk && v.boundsExact && v.countExact;
  return v;
}

std::string boundNote(const Verdict& v) {
  if (!v.weakBound && !v.aboveStatistical) return {};
  const double statistical = std::max({v.statisticalBound.x, v.statisticalBound.y, v.statisticalBound.z});
  char text[200];
  if (!v.weakBound) {
    std::snprintf(text, sizeof text, "above its statistical bound %.2e", statistical);
  } else if (std::isfinite(v.toleranceRelativeToExtent)) {
    std::snprintf(text, sizeof text, "weak bound (%.0f%% of the extent); statistical %.2e: %s", v.toleranceRelativeToExtent * 100,
                  statistical, v.aboveStatistical ? "ABOVE IT" : "within");
  } else {
    std::snprintf(text, sizeof text, "weak bound (none at all); statistical %.2e: %s", statistical,
                  v.aboveStatistical ? "ABOVE IT" : "within");
  }
  return text;
}

Inspector::Inspector(const gl::ShaderLibrary& library, const gl::Caps& caps) : lab_(library, caps) {}

bool Inspector::requestSnapshot(const Input& input, const CentroidVariant& activeInfo, const Reducer& active,
                                const gl::Buffer& activeStats, bool withLab, std::uint64_t frame,
                                const gpu::SimParams* gridParams) {
  if (busy()) return false;
  Pending p{frame, input, activeInfo.name, active.detail(), active.errorModel(input.count, input.coordinateBound),
            withLab, {}, {}, {}, {}};
  if (gridParams) p.gridParams = *gridParams;
  std::vector<gl::ReadbackSource> sources = {{input.positions, std::size_t(input.count) * sizeof(glm::vec4)},
                                             {&activeStats, sizeof(gpu::FlockStats)}};
  if (withLab) {
    for (const LabEntry& e : lab_.entries()) {
      const std::string why = Lab::unavailableFor(e, input.count);
      p.labNames.emplace_back(e.info->name, why);
      p.labDetails.push_back(e.strategy ? e.strategy->detail() : std::string());
      p.labModels.push_back(e.strategy ? e.strategy->errorModel(input.count, input.coordinateBound) : verify::ErrorModel{});
      sources.push_back({&e.stats, sizeof(gpu::FlockStats)});
    }
  }
  if (!readback_.request(sources)) return false;
  pending_ = std::move(p);
  return true;
}

bool Inspector::poll() {
  if (pending_) {
    if (auto bytes = readback_.poll()) {
      // The copy has landed: the reference (16M boids take tens of ms) goes to a worker thread.
      worker_ = std::async(std::launch::async, [p = std::move(*pending_), data = std::move(*bytes)] {
        const std::size_t n = p.input.count;
        std::vector<glm::vec4> positions(n);
        std::memcpy(positions.data(), data.data(), n * sizeof(glm::vec4));
        auto statsAt = [&](std::size_t index) {
          gpu::FlockStats s;
          std::memcpy(&s, data.data() + n * sizeof(glm::vec4) + index * sizeof(gpu::FlockStats), sizeof(s));
          return s;
        };
        Report r;
        r.frame = p.frame;
        r.count = p.input.count;
        r.cpu = verify::referenceStats(positions);
        r.active = judge(p.activeName, statsAt(0), r.cpu, p.input.count, p.activeModel);
        r.active.detail = p.activeDetail;
        for (std::size_t i = 0; i < p.labNames.size(); ++i) {
          Verdict v;
          if (p.labNames[i].second.empty()) {
            v = judge(p.labNames[i].first, statsAt(1 + i), r.cpu, p.input.count, p.labModels[i]);
          } else {
            v.strategy = p.labNames[i].first;
            v.available = false;
            v.reason = p.labNames[i].second;
          }
          v.detail = p.labDetails[i];
          r.lab.push_back(std::move(v));
        }
        if (p.gridParams) r.grid = verify::gridStats(positions, *p.gridParams);
        return r;
      });
      pending_.reset();
    }
  }
  if (worker_.valid() && worker_.wait_for(std::chrono::seconds(0)) == std::future_status::ready) {
    latest_ = worker_.get();
    return true;
  }
  return false;
}

}  // namespace boids::centroid
