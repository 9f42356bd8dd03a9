#include "engine/primitives/compact/compact_stage.hpp"

#include <algorithm>

#include "engine/gl/buffer.hpp"
#include "engine/primitives/baseline.hpp"
#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/compact/compact_watch.hpp"
#include "engine/verify/primitives.hpp"

namespace boids::primitives {
namespace {

// Kept fractions, as flags kept one in N (0: none).
constexpr std::uint32_t kCheckedOneIn[] = {0, 1000, 2, 1}, kBenchedOneIn[] = {1000, 2, 1};

std::string keptFractionText(std::uint32_t oneIn) {
  if (oneIn == 0) return "none";
  if (oneIn == 1) return "all";
  std::string text = "1/";  // built in steps: GCC 12 warns falsely (-Wrestrict) on "1/" + std::string
  text += std::to_string(oneIn);
  return text;
}

class CompactStage : public lab::Stage {
 public:
  explicit CompactStage(const lab::Context& context)
      : context_(context), made_(lab::makeAll(compactions(), context, kFlagsPredicate)), copy_(context.shaders, context.caps) {}

  std::vector<std::pair<std::string, std::string>> variants() const override {
    return lab::listAll(compactions(), context_.caps);
  }

  void prepare(const lab::Case& c) override {
    case_ = c;
    flags_.clear();
    buffers_.clear();
    std::span<const std::uint32_t> oneIn = kCheckedOneIn;
    if (c.purpose == lab::Purpose::Bench) oneIn = kBenchedOneIn;
    for (std::uint32_t fraction : oneIn) {
      flags_.emplace_back(fraction, verify::compactFlags(c.n, c.seed, fraction));
      buffers_.push_back(gl::Buffer("lab.compact.flags", std::size_t(c.n) * 4, flags_.back().second.data()));
    }
    out_ = gl::Buffer("lab.compact.out", std::size_t(c.n) * 4);
    kept_ = gl::Buffer("lab.compact.kept", 4);
  }

  std::vector<lab::Row> baselines(lab::Timer& timer) override {
    lab::Row row = lab::identity(case_, "compact", "baseline/stream-copy");
    row["baseline"] = true;
    row["fraction_of_copy"] = 1.0;
    copyMs_ = timer.time(row, [&](int) { copy_.run(buffers_.front(), out_, case_.n); });
    return {row};
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer& timer) override {
    std::vector<lab::Row> rows;
    const CompactVariant& v = compactions()[k];
    for (std::size_t f = 0; f < flags_.size(); ++f) {
      lab::Row row = lab::identity(case_, "compact", v.name);
      if (case_.purpose == lab::Purpose::Bench) row["baseline"] = false;
      row["kept_fraction"] = keptFractionText(flags_[f].first);
      const std::string why = made_[k] ? made_[k]->unavailableFor(case_.n) : v.unavailableOn(context_.caps);
      if (!why.empty()) {
        rows.push_back(lab::unavailable(std::move(row), why));
        continue;
      }
      const double ms = timer.time(row, [&](int) { made_[k]->run(buffers_[f], case_.n, out_, kept_); });
      const std::uint32_t count = kept_.read<std::uint32_t>(1)[0];
      const verify::Judgement j =
          verify::judgeCompact(flags_[f].second, count, out_.read<std::uint32_t>(std::min(count, case_.n)), v.orderDefined);
      row = lab::judged(std::move(row), j.pass, "keeping " + keptFractionText(flags_[f].first) + ": " + j.detail);
      if (case_.purpose == lab::Purpose::Bench && ms > 0) row["fraction_of_copy"] = copyMs_ / ms;
      rows.push_back(std::move(row));
    }
    return rows;
  }

 private:
  const lab::Context& context_;
  std::vector<std::unique_ptr<Compact>> made_;
  StreamCopy copy_;
  lab::Case case_;
  std::vector<std::pair<std::uint32_t, std::vector<std::uint32_t>>> flags_;  // (one in, flags)
  std::vector<gl::Buffer> buffers_;
  gl::Buffer out_, kept_;
  double copyMs_ = 0;
};

}  // namespace

const lab::StageInfo kCompactStage{"compact", "the indices of the flagged elements, kept densely", lab::Sweep::Sizes,
                                   [](const lab::Context& c) { return std::make_unique<CompactStage>(c); },
                                   nullptr, nullptr, watchCompact,
                                [] { return variantNames(compactions()); }};

}  // namespace boids::primitives
