#include "engine/primitives/sort/sort_stage.hpp"

#include "engine/gl/buffer.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/primitives/sort/sort_watch.hpp"
#include "engine/verify/primitives.hpp"

namespace boids::primitives {
namespace {

// The patterns up to this size: on a CPU renderer six sorters on four patterns of a million pairs
// would take minutes.
constexpr std::uint32_t kPatternLimitGpu = 1100000, kPatternLimitSoftware = 70000;

struct Input {
  std::string pattern;  // empty: the flock's pairs
  verify::SortInput pairs;
  gl::Buffer unsorted;
};

class SortStage : public lab::Stage {
 public:
  explicit SortStage(const lab::Context& context) : context_(context), made_(lab::makeAll(sorters(), context)) {}

  std::vector<std::pair<std::string, std::string>> variants() const override { return lab::listAll(sorters(), context_.caps); }

  void prepare(const lab::Case& c) override {
    case_ = c;
    inputs_.clear();
    const lab::Flock& flock = context_.flock(c);
    std::uint32_t most = 0;  // pairs of the most frequent key, as the counting sort asks
    std::vector<std::uint32_t> perKey(flock.keyCount);
    for (const auto& p : flock.pairs) most = std::max(most, ++perKey[p[0]]);
    add("", {flock.pairs, flock.keyCount, most});
    const std::uint32_t limit = context_.caps.softwareRenderer() ? kPatternLimitSoftware : kPatternLimitGpu;
    if (c.purpose == lab::Purpose::Check && c.frames == 0 && c.n <= limit) {
      for (verify::SortPattern p : verify::kSortPatterns) add(verify::sortPatternName(p), verify::sortInput(c.n, p, c.seed));
    }
    work_ = gl::Buffer("lab.sort.work", std::size_t(sortCapacity(c.n)) * 8);
  }

  std::vector<lab::Row> run(std::size_t k, lab::Timer& timer) override {
    std::vector<lab::Row> rows;
    for (const Input& in : inputs_) rows.push_back(sortOne(k, in, timer));
    return rows;
  }

 private:
  void add(std::string pattern, verify::SortInput pairs) {
    gl::Buffer unsorted("lab.sort.unsorted", std::size_t(case_.n) * 8, pairs.pairs.data());
    inputs_.push_back({std::move(pattern), std::move(pairs), std::move(unsorted)});
  }

  lab::Row sortOne(std::size_t k, const Input& in, lab::Timer& timer) {
    const SortVariant& v = sorters()[k];
    const std::string prefix = in.pattern.empty() ? "" : in.pattern + ": ";
    lab::Row row = lab::identity(case_, "sort", v.name);
    if (case_.purpose == lab::Purpose::Bench) row.update({{"sorter", v.name}, {"keys", in.pairs.keyCount}});
    Sorter* sorter = made_[k].get();
    std::string why = sorter ? sorter->unavailableFor(case_.n) : v.unavailableOn(context_.caps);
    if (why.empty()) why = sorter->unavailableForKeys(in.pairs.keyCount, in.pairs.mostOfOneKey);
    if (!why.empty()) return lab::unavailable(std::move(row), prefix + why);
    const std::size_t bytes = std::size_t(case_.n) * 8;
    timer.time(row, [&](int) { sorter->sort(work_, case_.n, in.pairs.keyCount); }, [&] { work_.copyFrom(in.unsorted, bytes); });
    verify::Judgement j = verify::judgeSort(in.pairs.pairs, work_.read<verify::SortPair>(case_.n), v.orderDefined);
    if (const std::uint32_t stalled = sorter->stalledWaits(); stalled > 0) {  // its order may be right by luck
      j = {false, std::to_string(stalled) + " waits of its chained dispatches gave up so far; " + j.detail};
    }
    if (j.pass && in.pattern.empty()) {
      j.detail = v.orderDefined ? "equal to std::sort on (key, index)" : "sorted by key and a permutation of the input";
    }
    return lab::judged(std::move(row), j.pass, prefix + j.detail);
  }

  const lab::Context& context_;
  std::vector<std::unique_ptr<Sorter>> made_;
  lab::Case case_;
  std::vector<Input> inputs_;
  gl::Buffer work_;
};

bool takes(const lab::Case& c, const gl::Caps&) {
  return c.purpose == lab::Purpose::Bench || c.n <= kPatternLimitGpu;  // the CPU's std::sort of large flocks takes long
}

}  // namespace

const lab::StageInfo kSortStage{"sort", "(key, index) pairs in key order", lab::Sweep::Flock,
                                [](const lab::Context& c) { return std::make_unique<SortStage>(c); }, takes, nullptr, watchSort,
                                watchedSorters};

}  // namespace boids::primitives
