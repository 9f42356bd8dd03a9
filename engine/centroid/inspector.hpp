#pragma once
// Truth for the reductions, without stalling a frame: a snapshot of a frame's positions and of the
// GPU results (the active strategy, and every lab strategy when comparing) is copied back
// asynchronously; once it lands, a worker thread computes the double-precision reference and
// judges each result against its strategy's tolerance.
#include <cstdint>
#include <future>
#include <optional>
#include <string>
#include <vector>

#include "engine/verify/reference.hpp"
#include "engine/gl/readback.hpp"
#include "engine/centroid/lab.hpp"

namespace boids::centroid {

struct Verdict {
  std::string strategy;
  bool available = true;
  std::string reason;  // when not available
  std::string detail;
  gpu::FlockStats gpu{};
  glm::dvec3 error{0}, tolerance{0};
  double relativeError = 0;  // max axis error over the flock's largest extent
  // The tolerance's largest axis over the flock's largest extent; over verify::kWeakBoundOfExtent
  // the bound is weak, and the statistical bound beside it is the check that means something:
  // an error above it is flagged (not failed: it is a probability, not a proof).
  double toleranceRelativeToExtent = 0;
  bool weakBound = false;
  glm::dvec3 statisticalBound{0};
  bool aboveStatistical = false;
  bool boundsExact = false, countExact = false, pass = false;
};

// What a verdict's bounds say beyond pass or fail, in a line (the check's table, the panel): a weak
// worst-case bound's share of the extent and the statistical bound beside it, or an error above
// the statistical bound; empty when neither.
std::string boundNote(const Verdict& v);

// Judges one GPU result against the reference (the rules `boids check` and the panel share):
// centroid within the strategy's tolerance on every axis, bounds exact, every boid counted once
// (while the float count is exact, up to 2^24).
Verdict judge(std::string strategy, const gpu::FlockStats& gpu, const verify::ReferenceStats& ref, std::uint32_t count,
              const verify::ErrorModel& model);

struct Report {
  std::uint64_t frame = 0;
  std::uint32_t count = 0;
  verify::ReferenceStats cpu;
  Verdict active;
  std::vector<Verdict> lab;  // every strategy, when the snapshot compared them all
  std::optional<verify::GridStats> grid;  // when the snapshot came with the grid's parameters
};

class Inspector {
 public:
  Inspector(const gl::ShaderLibrary& library, const gl::Caps& caps);

  Lab& lab() { return lab_; }
  bool busy() const { return readback_.busy() || worker_.valid(); }

  // Queues the copies for a snapshot of this frame (input positions, the active result and, with
  // withLab, every lab result). Returns false while an earlier one is still on its way.
  bool requestSnapshot(const Input& input, const CentroidVariant& activeInfo, const Reducer& active,
                       const gl::Buffer& activeStats, bool withLab, std::uint64_t frame,
                       const gpu::SimParams* gridParams = nullptr);
  // Moves finished work along; true when a new report is ready in latest().
  bool poll();
  const std::optional<Report>& latest() const { return latest_; }

 private:
  struct Pending {
    std::uint64_t frame;
    Input input;
    std::string activeName, activeDetail;
    verify::ErrorModel activeModel;
    bool withLab;
    std::vector<std::pair<std::string, std::string>> labNames;  // name, unavailable reason
    std::vector<std::string> labDetails;
    std::vector<verify::ErrorModel> labModels;
    std::optional<gpu::SimParams> gridParams;
  };

  Lab lab_;
  gl::AsyncReadback readback_;
  std::optional<Pending> pending_;
  std::future<Report> worker_;
  std::optional<Report> latest_;
};

}  // namespace boids::centroid
