#include "engine/centroid/reduce_stage.hpp"

#include <algorithm>

#include "engine/centroid/baseline.hpp"
#include "engine/centroid/inspector.hpp"
#include "engine/centroid/reducer.hpp"
#include "engine/centroid/centroid_watch.hpp"
#include "engine/verify/reference.hpp"

namespace boids::centroid {
namespace {

constexpr std::size_t kRotationBytes = std::size_t(512) << 20;

nlohmann::json vec3Json(glm::dvec3 v) { return nlohmann::json::array({v.x, v.y, v.z}); }

// A judged reduction's fields, as check and bench rows carry them.
lab::Row verdictFields(lab::Row row, const Verdict& v, const verify::ReferenceStats& ref, std::uint32_t n) {
  row["gpu"] = {{"centroid", vec3Json(glm::dvec3(v.gpu.meanPosition))}, {"min", vec3Json(glm::dvec3(v.gpu.boundsMin))},
                {"max", vec3Json(glm::dvec3(v.gpu.boundsMax))}, {"count", v.gpu.meanPosition.w}};
  row["cpu"] = {{"centroid", vec3Json(ref.centroid)}, {"min", vec3Json(ref.boundsMin)}, {"max", vec3Json(ref.boundsMax)},
                {"count", n}};
  row["error"] = std::max({v.error.x, v.error.y, v.error.z});
  row["error_relative_to_extent"] = v.relativeError;
  row["tolerance"] = vec3Json(v.tolerance);  // null on an axis means: no worst-case bound exists
  row["tolerance_relative_to_extent"] = v.toleranceRelativeToExtent;  // null where no bound exists
  row["weak_bound"] = v.weakBound;
  row["statistical_bound"] = vec3Json(v.statisticalBound);
  row["above_statistical"] = v.aboveStatistical;
  if (std::string note = boundNote(v); !note.empty()) row["bound_note"] = note;
  row["bounds_exact"] = v.boundsExact;
  row["count_exact"] = v.countExact;
  row["pass"] = v.pass;
  return row;
}

class ReduceStage : public lab::Stage {
 public:
  explicit ReduceStage(const lab::Context& context)
      : context_(context), made_(lab::makeAll(centroidVariants(), context)), baselines_(context.shaders, context.caps) {}

  std::vector<std::pair<std::string, std::string>> variants() const override { return lab::listAll(centroidVariants(), context_.caps); }

  void prepare(const lab::Case& c) override {
    case_ = c;
    const lab::Flock& flock = context_.flock(c);
    ref_ = verify::referenceStats(flock.positions);
    bound_ = flock.coordinateBound;
    dumpName_ = flock.dumpName;
    bytes_ = std::size_t(c.n) * sizeof(glm::vec4);
    const std::size_t copies =
        c.purpose == lab::Purpose::Bench ? std::clamp<std::size_t>((kRotationBytes + bytes_ - 1) / bytes_, 1, 64) : 1;
    inputs_.clear();
    for (std::size_t k = 0; k < copies; ++k) inputs_.emplace_back("lab.reduce.positions", bytes_, flock.positions.data());
  }

  std::vector<lab::Row> baselines(lab::Timer& timer) override {
    lab::Row dispatch = named("baseline/dispatch"), read = named("baseline/stream-read");
    rated(dispatch, timer.time(dispatch, [&](int) { baselines_.dispatchOnly(stats_); }));
    rated(read, timer.time(read, [&](int k) { baselines_.streamRead(input(k), case_.n, stats_); }));
    return {dispatch, read};
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer& timer) override {
    const CentroidVariant& info = centroidVariants()[k];
    lab::Row row = named(info.name);
    row["bounds_method"] = info.bounds;
    Reducer* strategy = made_[k].get();
    const std::string why = strategy ? strategy->unavailableFor(case_.n) : info.unavailableOn(context_.caps);
    if (!why.empty()) return {lab::unavailable(std::move(row), why)};
    const double ms = timer.time(row, [&](int r) { strategy->reduce({&input(r), case_.n, bound_}, stats_); });
    const Verdict v =
        judge(info.name, stats_.read<gpu::FlockStats>(1)[0], ref_, case_.n, strategy->errorModel(case_.n, bound_));
    row = verdictFields(lab::judged(std::move(row), v.pass, strategy->detail()), v, ref_, case_.n);
    if (!dumpName_.empty()) row["positions"] = dumpName_;
    rated(row, ms);
    return {row};
  }

 private:
  const gl::Buffer& input(int run) const { return inputs_[std::size_t(run) % inputs_.size()]; }

  lab::Row named(const char* name) const {
    lab::Row row = lab::identity(case_, "reduce", name);
    row["strategy"] = name;
    if (std::string_view(name).starts_with("baseline/")) row.update({{"baseline", true}, {"available", true}});
    return row;
  }

  // The bench's reading of a timed row: positions read a second, and the floor (every position
  // read once at the streaming rate).
  void rated(lab::Row& row, double ms) const {
    if (case_.purpose != lab::Purpose::Bench) return;
    row["gbytes_per_s"] = ms > 0 ? double(bytes_) / (ms * 1e-3) * 1e-9 : 0.0;
    row["floor_us"] = context_.bytesPerSecond > 0 ? double(bytes_) / context_.bytesPerSecond * 1e6 : 0.0;
  }

  const lab::Context& context_;
  std::vector<std::unique_ptr<Reducer>> made_;
  Baselines baselines_;
  lab::Case case_;
  verify::ReferenceStats ref_;
  float bound_ = 1;
  std::string dumpName_;
  std::size_t bytes_ = 0;
  std::vector<gl::Buffer> inputs_;
  gl::Buffer stats_{"lab.reduce.stats", sizeof(gpu::FlockStats)};
};

}  // namespace

const lab::StageInfo kReduceStage{"reduce", "the flock's centroid and bounds", lab::Sweep::Flock,
                                  [](const lab::Context& c) { return std::make_unique<ReduceStage>(c); },
                                  nullptr, nullptr, watchCentroid, [] { return primitives::variantNames(centroidVariants()); }};

}  // namespace boids::centroid
