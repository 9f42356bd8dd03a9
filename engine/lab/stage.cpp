#include "engine/lab/stage.hpp"

#include <algorithm>
#include <cstdio>

#include "engine/gl/timer.hpp"

namespace boids::lab {
namespace {

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

// `runs` runs of `work`, each after `before` (untimed) where there is one.
std::vector<double> timed(const std::function<void(int)>& work, const std::function<void()>& before, int runs) {
  if (!before) return gl::timeRuns(work, runs);
  std::vector<double> ms;
  for (int r = 0; r < runs; ++r) {
    before();
    ms.push_back(gl::timeRuns([&](int) { work(r); }, 1)[0]);
  }
  return ms;
}

}  // namespace

double RepeatTimer::time(Row& row, const std::function<void(int)>& work, const std::function<void()>& before) {
  const double ms = gl::median(timed(work, before, before ? 1 : repeats_));
  row["gpu_ms"] = ms;
  return ms;
}

double BudgetTimer::time(Row& row, const std::function<void(int)>& work, const std::function<void()>& given) {
  std::function<void()> before = given;
  if (scrub_) {
    before = [&] {
      if (given) given();
      scrub_();
    };
  }
  gl::warmUp([&](int k) {
    if (before) before();
    work(k);
  }, 1);
  const double warm = gl::median(timed(work, before, kWarmups));
  const int budget = static_cast<int>(kSecondsPerCase * 1e3 / std::max(warm, 1e-3));
  const int most = std::min(asked_, most_);
  const int runs = std::clamp(budget, kFewestRuns, std::max(most, kFewestRuns));
  const std::vector<double> ms = timed(work, before, runs);
  const double median = gl::median(ms);
  row.update({{"median_us", median * 1e3}, {"min_us", *std::min_element(ms.begin(), ms.end()) * 1e3},
              {"p90_us", percentile(ms, 0.9) * 1e3}, {"runs", runs}, {"runs_asked", asked_}, {"runs_cut", runs < asked_}});
  if (runs < asked_) {
    char why[64];
    std::snprintf(why, sizeof why, "the %g-second budget per case", kSecondsPerCase);
    row["runs_cut_by"] = budget < most ? std::string(why) : "the cap of " + std::to_string(most_) + " per case";
  }
  return median;
}

Row identity(const Case& c, const std::string& stage, const std::string& variant) {
  Row row = {{"stage", stage}, {"variant", variant}, {"n", c.n}};
  if (c.purpose == Purpose::Check) row["strategy"] = stage + "/" + variant;
  return row;
}

Row unavailable(Row row, const std::string& why) {
  row["available"] = false;
  row["reason"] = why;
  return row;
}

Row judged(Row row, bool pass, const std::string& detail) {
  row["available"] = true;
  row["pass"] = pass;
  row["detail"] = detail;
  return row;
}

}  // namespace boids::lab
