#include "engine/primitives/lab.hpp"

#include <algorithm>

#include "engine/gl/buffer.hpp"
#include "engine/gl/timer.hpp"
#include "engine/verify/primitives.hpp"

namespace boids::primitives {
namespace {

constexpr int kWarmups = 3;

// `runs` timed runs of `work` after the warm-up, as a row's timings.
void time(const std::function<void()>& work, int runs, LabRow& row) {
  gl::warmUp([&](int) { work(); }, kWarmups);
  std::vector<double> ms = gl::timeRuns([&](int) { work(); }, runs);
  row.runs = runs;
  row.medianMs = gl::median(ms);
  std::sort(ms.begin(), ms.end());
  row.minMs = ms.front();
  row.p90Ms = ms[std::min(ms.size() - 1, static_cast<std::size_t>(0.9 * static_cast<double>(ms.size())))];
}

// A measured row's verdict and its speed against the copy's median.
void settle(LabRow& row, const verify::Judgement& judgement, double copyMs) {
  row.pass = judgement.pass;
  row.detail = judgement.detail;
  row.ofCopy = row.medianMs > 0 ? copyMs / row.medianMs : 0;
}

template <class Entry, class... Generic>
void makeAll(std::span<const Entry> registry, const gl::ShaderLibrary& library, const gl::Caps& caps, auto& into,
             std::vector<std::string>& unavailable, const Generic&... generic) {
  for (const Entry& v : registry) {
    if (const std::string why = v.unavailableOn(caps); !why.empty()) {
      unavailable.push_back(std::string(v.name) + ": " + why);
      continue;
    }
    into.emplace_back(&v, v.create(library, caps, generic...));
  }
}

}  // namespace

std::string keptFractionText(std::uint32_t oneIn) {
  if (oneIn == 0) return "none";
  if (oneIn == 1) return "all";
  std::string text = "1/";  // built in steps: GCC 12 warns falsely (-Wrestrict) on "1/" + std::string
  text += std::to_string(oneIn);
  return text;
}

Lab::Lab(const gl::ShaderLibrary& library, const gl::Caps& caps) : copy_(library, caps) {
  makeAll(primitives::scans(), library, caps, scans_, unavailable_);
  makeAll(primitives::compactions(), library, caps, compactions_, unavailable_, kFlagsPredicate);
}

LabRow Lab::copyRow(const char* primitive, const gl::Buffer& in, const gl::Buffer& out, std::uint32_t n, int runs,
                    const Each& each, const Each& starting) {
  LabRow row{primitive, "baseline/stream-copy", n};
  row.baseline = true;
  if (starting) starting(row);
  time([&] { copy_.run(in, out, n); }, runs, row);
  row.ofCopy = 1.0;
  if (each) each(row);
  return row;
}

std::vector<LabRow> Lab::scans(std::uint32_t n, int runs, const Each& each, const Each& starting) {
  runs = std::max(runs, kFewestRuns);
  const std::vector<std::uint32_t> input = verify::scanInput(n, 1);
  gl::Buffer in("lab.scan.in", std::size_t(n) * 4), out("lab.scan.out", std::size_t(n) * 4);
  in.upload(0, std::size_t(n) * 4, input.data());
  std::vector<LabRow> rows = {copyRow("scan", in, out, n, runs, each, starting)};
  const double copyMs = rows.front().medianMs;
  for (auto& [variant, scan] : scans_) {
    LabRow row{"scan", variant->name, n};
    if (starting) starting(row);
    time([&, s = scan.get()] { s->run(in, out, n); }, runs, row);
    settle(row, verify::judgeScan(input, out.read<std::uint32_t>(n)), copyMs);  // the last run's output
    if (each) each(row);
    rows.push_back(std::move(row));
  }
  return rows;
}

std::vector<LabRow> Lab::compactions(std::uint32_t n, std::span<const std::uint32_t> oneIn, int runs, const Each& each,
                                     const Each& starting) {
  runs = std::max(runs, kFewestRuns);
  gl::Buffer flagsBuffer("lab.compact.flags", std::size_t(n) * 4), out("lab.compact.out", std::size_t(n) * 4),
      kept("lab.compact.kept", 4);
  auto upload = [&](std::uint32_t fraction) {
    std::vector<std::uint32_t> flags = verify::compactFlags(n, 1, fraction);
    flagsBuffer.upload(0, std::size_t(n) * 4, flags.data());
    return flags;
  };
  // The copy reads the first flags uploaded (a buffer never written can read faster or slower).
  upload(oneIn.empty() ? 0 : oneIn.front());
  std::vector<LabRow> rows = {copyRow("compact", flagsBuffer, out, n, runs, each, starting)};
  const double copyMs = rows.front().medianMs;
  for (std::uint32_t fraction : oneIn) {
    const std::vector<std::uint32_t> flags = upload(fraction);
    for (auto& [variant, compact] : compactions_) {
      LabRow row{"compact", variant->name, n, fraction};
      if (starting) starting(row);
      row.unavailable = compact->unavailableFor(n);
      if (row.unavailable.empty()) {
        const int count = std::string(variant->name) == "single-thread" ? kFewestRuns : runs;
        time([&, c = compact.get()] { c->run(flagsBuffer, n, out, kept); }, count, row);
        const std::uint32_t keptCount = kept.read<std::uint32_t>(1)[0];
        settle(row, verify::judgeCompact(flags, keptCount, out.read<std::uint32_t>(std::min(keptCount, n)), variant->orderDefined),
               copyMs);
      }
      if (each) each(row);
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

}  // namespace boids::primitives
