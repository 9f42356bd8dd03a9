#include "engine/primitives/scan/scan_stage.hpp"

#include "engine/gl/buffer.hpp"
#include "engine/primitives/baseline.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/scan/scan_watch.hpp"
#include "engine/verify/primitives.hpp"

namespace boids::primitives {
namespace {

class ScanStage : public lab::Stage {
 public:
  explicit ScanStage(const lab::Context& context)
      : context_(context), made_(lab::makeAll(scans(), context)), copy_(context.shaders, context.caps) {}

  std::vector<std::pair<std::string, std::string>> variants() const override { return lab::listAll(scans(), context_.caps); }

  void prepare(const lab::Case& c) override {
    case_ = c;
    input_ = verify::scanInput(c.n, c.seed);
    in_ = gl::Buffer("lab.scan.in", std::size_t(c.n) * 4);
    out_ = gl::Buffer("lab.scan.out", std::size_t(c.n) * 4);
    in_.upload(0, std::size_t(c.n) * 4, input_.data());
  }

  std::vector<lab::Row> baselines(lab::Timer& timer) override {
    lab::Row row = lab::identity(case_, "scan", "baseline/stream-copy");
    row["baseline"] = true;
    copyMs_ = timer.time(row, [&](int) { copy_.run(in_, out_, case_.n); });
    return {rated(std::move(row), copyMs_)};
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer& timer) override {
    lab::Row row = lab::identity(case_, "scan", scans()[k].name);
    if (case_.purpose == lab::Purpose::Bench) row["baseline"] = false;
    if (!made_[k]) return {lab::unavailable(std::move(row), scans()[k].unavailableOn(context_.caps))};
    out_.zero(std::size_t(case_.n) * 4);
    const double ms = timer.time(row, [&](int) { made_[k]->run(in_, out_, case_.n); });
    const verify::Judgement j = verify::judgeScan(input_, out_.read<std::uint32_t>(case_.n));
    return {rated(lab::judged(std::move(row), j.pass, j.detail), ms)};
  }

 private:
  // The bench's reading of a timed row: bytes moved at best (4 read and 4 written an element) a
  // second, and the copy's speed over this one.
  lab::Row rated(lab::Row row, double ms) const {
    if (case_.purpose == lab::Purpose::Bench && ms > 0) {
      row["gbytes_per_s"] = double(case_.n) * 8.0 / (ms * 1e-3) * 1e-9;
      row["fraction_of_copy"] = copyMs_ / ms;
    }
    return row;
  }

  const lab::Context& context_;
  std::vector<std::unique_ptr<Scan>> made_;
  StreamCopy copy_;
  lab::Case case_;
  std::vector<std::uint32_t> input_;
  gl::Buffer in_, out_;
  double copyMs_ = 0;
};

}  // namespace

const lab::StageInfo kScanStage{"scan", "exclusive prefix sums of small uints", lab::Sweep::Sizes,
                                [](const lab::Context& c) { return std::make_unique<ScanStage>(c); },
                                nullptr, nullptr, watchScan,
                                [] { return variantNames(scans()); }};

}  // namespace boids::primitives
