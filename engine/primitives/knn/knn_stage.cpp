#include "engine/primitives/knn/knn_stage.hpp"

#include "engine/primitives/knn/knn.hpp"
#include "engine/primitives/knn/knn_watch.hpp"
#include "engine/verify/knn.hpp"

namespace boids::primitives {
namespace {

constexpr std::uint32_t kCheckedKs[] = {1, 7, kMostNeighbours};
constexpr std::uint32_t kBenchedK = 7;

// One flock of a case, in Morton order on the GPU.
struct Input {
  std::string pattern;
  std::vector<glm::vec4> positions;
  KnnBounds bounds;
  std::uint32_t busiestCell = 0, busiestFinest = 0;
  gl::Buffer sorted, ids, codes, starts;
};

class KnnStage : public lab::Stage {
 public:
  explicit KnnStage(const lab::Context& context) : context_(context), made_(lab::makeAll(knnVariants(), context)) {}

  std::vector<std::pair<std::string, std::string>> variants() const override {
    return lab::listAll(knnVariants(), context_.caps);
  }

  void prepare(const lab::Case& c) override {
    case_ = c;
    inputs_.clear();
    const bool bench = c.purpose == lab::Purpose::Bench;
    if (!bench) add("flock", context_.flock(c).positions);
    for (const char* pattern : {"uniform", "dense"}) add(pattern, verify::knnFlock(pattern, c.n, c.seed));
    out_ = gl::Buffer("lab.knn.out", std::size_t(c.n) * kMostNeighbours * 4);
    sample_ = verify::knnSample(c.n);
  }

  std::vector<lab::Row> run(std::size_t v, lab::Timer& timer) override {
    std::vector<lab::Row> rows;
    const KnnVariant& variant = knnVariants()[v];
    const bool bench = case_.purpose == lab::Purpose::Bench;
    for (const Input& in : inputs_) {
      for (std::uint32_t k : kCheckedKs) {
        if (bench && k != kBenchedK) continue;
        lab::Row row = lab::identity(case_, "knn", variant.name);
        row.update({{"pattern", in.pattern}, {"k", k}, {"busiest_cell", in.busiestCell}});
        if (bench) row["baseline"] = false;
        const KnnInput input{in.sorted, in.ids, in.codes, in.starts, in.bounds, case_.n, k, in.busiestCell, in.busiestFinest};
        const std::string why = made_[v] ? made_[v]->unavailableFor(input) : variant.unavailableOn(context_.caps);
        if (!why.empty()) {
          rows.push_back(lab::unavailable(std::move(row), why));
          continue;
        }
        timer.time(row, [&](int) { made_[v]->run(input, out_); });
        const verify::Judgement j = verify::judgeKnn(in.positions, out_.read<std::uint32_t>(std::size_t(case_.n) * k), k, sample_);
        rows.push_back(lab::judged(std::move(row), j.pass, in.pattern + ", k " + std::to_string(k) + ": " + j.detail));
      }
    }
    return rows;
  }

 private:
  void add(const std::string& pattern, std::vector<glm::vec4> positions) {
    Input in{pattern, std::move(positions), {}, 0, 0, {}, {}, {}, {}};
    in.bounds = knnBounds(in.positions);
    const MortonOrder order = mortonOrder(in.positions, in.bounds);
    in.busiestCell = order.busiestCell;
    in.busiestFinest = order.busiestFinest;
    in.sorted = gl::Buffer::fromSpan("lab.knn.positions", std::span<const glm::vec4>(order.positions));
    in.ids = gl::Buffer::fromSpan("lab.knn.ids", std::span<const std::uint32_t>(order.ids));
    in.codes = gl::Buffer::fromSpan("lab.knn.codes", std::span<const std::uint32_t>(order.codes));
    in.starts = gl::Buffer::fromSpan("lab.knn.starts", std::span<const std::uint32_t>(order.starts));
    inputs_.push_back(std::move(in));
  }

  const lab::Context& context_;
  std::vector<std::unique_ptr<Knn>> made_;
  lab::Case case_;
  std::vector<Input> inputs_;
  std::vector<std::uint32_t> sample_;
  gl::Buffer out_;
};

}  // namespace

// Up to 65537 boids on a software renderer (a million takes minutes there), every size on a GPU.
bool takes(const lab::Case& c, const gl::Caps& caps) { return !caps.softwareRenderer() || c.n <= 65537; }

const lab::StageInfo kKnnStage{"knn", "each boid's k nearest boids (topological neighbours), exact", lab::Sweep::Sizes,
                               [](const lab::Context& c) { return std::make_unique<KnnStage>(c); }, takes, nullptr, watchKnn,
                               [] { return variantNames(knnVariants()); }};

}  // namespace boids::primitives
