// What the sub-benches share: cold runs and the streaming rate, the note of cut runs.
#include <algorithm>
#include <cstdio>

#include "app/bench.hpp"
#include "engine/gl/timer.hpp"

namespace boids::app {
namespace {

constexpr std::size_t kScrubBytes = std::size_t(256) << 20;
constexpr int kColdWarmups = 2;
// A table's footnote names at most this many cut cases for one cause, then counts the rest.
constexpr std::size_t kNamedCuts = 12;

}  // namespace

ColdRuns::ColdRuns(const gl::ShaderLibrary& shaders, const gl::Caps& caps)
    : caps_(caps), copy_(shaders, caps), scrubA_("bench.scrubA", kScrubBytes), scrubB_("bench.scrubB", kScrubBytes) {}

void ColdRuns::scrub() { scrubB_.copyFrom(scrubA_, kScrubBytes); }

double ColdRuns::medianMs(const std::function<void()>& work, int runs) {
  std::vector<double> ms;
  for (int r = 0; r < runs + kColdWarmups; ++r) {
    scrub();
    const std::vector<double> one = gl::timeRuns([&](int) { work(); }, 1);
    if (r >= kColdWarmups) ms.push_back(one[0]);
  }
  return gl::median(ms);
}

std::size_t ColdRuns::largestCopy() const {
  const auto block = static_cast<std::size_t>(std::max<std::int64_t>(caps_.maxShaderStorageBlockSize, 16));
  return std::min(kScrubBytes, block / 16 * 16);
}

ColdRuns::Copy ColdRuns::copy(std::size_t bytes, int runs) {
  const auto words = static_cast<std::uint32_t>(bytes / 4);
  const gl::Buffer from("bench.copyFrom", bytes), to("bench.copyTo", bytes);
  Copy c{bytes, runs, medianMs([&] { copy_.run(from, to, words); }, runs), 0};
  c.bytesPerSecond = c.medianMs > 0 ? 2.0 * double(bytes) / (c.medianMs * 1e-3) : 0.0;
  return c;
}

char RunsCut::note(const nlohmann::json& row, const std::string& name) {
  ++cases_;
  if (!row.value("runs_cut", false)) return ' ';
  const std::string why = row["runs_cut_by"];
  const int runs = row["runs"];
  auto cause = std::find_if(cut_.begin(), cut_.end(), [&](const auto& c) { return c.first == why; });
  if (cause == cut_.end()) cause = cut_.insert(cut_.end(), {why, {}});
  cause->second.push_back(name + " (" + std::to_string(runs) + ")");
  return '*';
}

void RunsCut::footnote() {
  for (const auto& [why, cases] : cut_) {
    std::string list;
    if (static_cast<int>(cases.size()) == cases_) {
      list = "every case";
    } else {
      for (std::size_t k = 0; k < std::min(cases.size(), kNamedCuts); ++k) list += (k > 0 ? ", " : "") + cases[k];
      if (cases.size() > kNamedCuts) list += " and " + std::to_string(cases.size() - kNamedCuts) + " more";
    }
    std::printf("* runs cut from the %d asked by %s: %s\n", asked_, why.c_str(), list.c_str());
  }
  std::fflush(stdout);
  cut_.clear();
  cases_ = 0;
}

}  // namespace boids::app
