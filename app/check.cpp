// boids check: every stage of the lab (app/stages.cpp) over a sweep of sizes and seeds, each
// variant's GPU result against its CPU reference; a row per variant and case, and an exit code.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/files.hpp"
#include "app/modes.hpp"
#include "app/progress.hpp"
#include "app/stages.hpp"
#include "engine/gl/timer.hpp"
#include "engine/platform/context.hpp"
#include "engine/sim/case_flock.hpp"
#include "engine/sim/flock.hpp"
#include "engine/verify/error_model.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;

constexpr int kSimulatedFramesDefault = 30;
// Pair visits the brute-force step may spend on one case: n^2 x frames.
constexpr double kStepBudgetGpu = 2e11, kStepBudgetSoftware = 5e8;
// Simulated frames with the grid up to these sizes (a frame of 1M boids takes seconds on llvmpipe).
constexpr std::uint32_t kGridStepLimitGpu = 1100000, kGridStepLimitSoftware = 70000;

// A time cell: "-" where the row was not timed (its time is 0).
std::string msCell(const json& row) {
  const double ms = row.value("gpu_ms", 0.0);
  if (!(ms > 0)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", ms);
  return text;
}

// The rows as JSON; as a table (every row with --verbose, else the failures), and a line per stage.
struct Report {
  int width = 0;
  const char* timing;
  bool verbose = false;
  json rows = json::array();
  int failed = 0, passed = 0, unavailable = 0, weak = 0, aboveStatistical = 0;
  struct Counts {
    std::string stage;
    int passed = 0, failed = 0, unavailable = 0;
    std::vector<std::pair<std::string, std::vector<std::string>>> missing;  // why -> the variants it kept out
  };
  std::vector<Counts> stages;  // in the order they ran
  bool headed = false;

  void header() {
    const char* ms = gl::timerQueriesMeaningful() ? "GPU ms" : "CPU ms";  // what timed the rows
    std::printf("%-*s %9s %5s %6s %10s %12s %12s  %s\n", width, "strategy", "n", "seed", "frames", ms, "error", "tolerance",
                "verdict");
    headed = true;
  }

  void add(json row) {
    row["timing"] = timing;
    // Every row's bound relative to the flock's extent (the sh rows': to |L00|); exact comparisons
    // (sorts, ranges, neighbour sets, scans, compactions, culls) have none: 0.
    if (!row.contains("tolerance_relative_to_extent")) {
      row["tolerance_relative_to_extent"] = row["available"].get<bool>() ? json(0.0) : json(nullptr);
    }
    if (!row.contains("weak_bound")) {
      const json& t = row["tolerance_relative_to_extent"];
      row["weak_bound"] = t.is_number() && t.get<double>() > verify::kWeakBoundOfExtent;
    }
    weak += row["weak_bound"].get<bool>();
    aboveStatistical += row.value("above_statistical", false);
    const std::string stage = row.value("stage", "reduce");
    auto counts = std::find_if(stages.begin(), stages.end(), [&](const Counts& c) { return c.stage == stage; });
    if (counts == stages.end()) counts = stages.insert(stages.end(), {stage});
    const bool available = row["available"].get<bool>(), ok = available && row["pass"].get<bool>();
    if (!available) {
      const std::string why = row["reason"], variant = row.value("variant", row["strategy"].get<std::string>());
      auto m = std::find_if(counts->missing.begin(), counts->missing.end(), [&](const auto& p) { return p.first == why; });
      if (m == counts->missing.end()) m = counts->missing.insert(counts->missing.end(), {why, {}});
      if (std::find(m->second.begin(), m->second.end(), variant) == m->second.end()) m->second.push_back(variant);
    }
    ++(!available ? counts->unavailable : ok ? counts->passed : counts->failed);
    ++(!available ? unavailable : ok ? passed : failed);
    if (verbose || (available && !ok)) print(row);
    rows.push_back(std::move(row));
  }

  // A line per stage: its rows and verdicts.
  void summary() const {
    std::printf("\n%-12s %7s %7s %7s %12s\n", "stage", "rows", "passed", "failed", "unavailable");
    for (const Counts& c : stages) {
      std::printf("%-12s %7d %7d %7d %12d%s\n", c.stage.c_str(), c.passed + c.failed + c.unavailable, c.passed, c.failed, c.unavailable,
                  c.failed > 0 ? "  FAILED (the rows above)" : "");
      for (const auto& [why, variants] : c.missing) {
        std::string list;
        for (const std::string& v : variants) list += (list.empty() ? "" : ", ") + v;
        std::printf("%14s unavailable: %s (%s)\n", "", list.c_str(), why.c_str());
      }
    }
  }

  void print(const json& row) {
    if (!headed) header();
    char lead[160];
    std::snprintf(lead, sizeof lead, "%-*s %9u %5llu %6d %10s", width, row["strategy"].get<std::string>().c_str(),
                  row["n"].get<unsigned>(), static_cast<unsigned long long>(row["seed"].get<std::uint64_t>()),
                  row["frames"].get<int>(), row["available"].get<bool>() ? msCell(row).c_str() : "-");
    if (!row["available"].get<bool>()) {
      std::printf("%s %12s %12s  unavailable: %s\n", lead, "-", "-", row["reason"].get<std::string>().c_str());
      std::fflush(stdout);
      return;
    }
    const bool ok = row["pass"].get<bool>();
    const char* verdict = ok ? "pass" : "FAIL";
    if (row.contains("error_gpu")) {  // a projection: its error and the target, relative to |L00|
      std::printf("%s %12.3e %12.3e  %s  %s\n", lead, row["error_gpu"].get<double>(), row["tolerance"].get<double>(),
                  verdict, row["detail"].get<std::string>().c_str());
    } else if (row.contains("bounds_exact")) {  // a reduction: its error against its bound
      const json& tol = row.at("tolerance");
      auto axis = [&](int a) { return tol[a].is_number() ? tol[a].get<double>() : INFINITY; };
      const std::string note = row.value("bound_note", std::string());
      std::printf("%s %12.3e %12.3e  %s%s%s%s\n", lead, row["error"].get<double>(), std::min({axis(0), axis(1), axis(2)}),
                  verdict, row["bounds_exact"].get<bool>() ? "" : " (bounds differ)",
                  row["count_exact"].get<bool>() ? "" : " (boids miscounted)", note.empty() ? "" : ("  " + note).c_str());
    } else {  // an exact comparison: the verdict and what was compared
      std::printf("%s %12s %12s  %s  %s\n", lead, "-", "-", verdict, row["detail"].get<std::string>().c_str());
    }
    std::fflush(stdout);
  }
};

struct Made {
  const lab::StageInfo* info;
  std::unique_ptr<lab::Stage> stage;
};

// Every case of the sweep in the order they run: per size and seed, the initial flock's cases
// (every stage) and then the simulated flock's (the flock stages); the once-run stages last.
void forEachCase(const Options& options, const gl::Caps& caps, const std::vector<const lab::StageInfo*>& wanted,
                 const std::function<void(const lab::StageInfo&, const lab::Case&)>& each) {
  const int frames = options.frames >= 0 ? options.frames : kSimulatedFramesDefault;
  const sim::Neighbours search = options.settings.sim.neighbours;
  const auto canStep = [&](std::uint32_t n) {  // n^2 pairs a frame for brute force
    const bool software = caps.softwareRenderer();
    return frames > 0 && sim::checkStepFits(n, caps, search).empty() &&
           (search == sim::Neighbours::BruteForce ? double(n) * n * frames <= (software ? kStepBudgetSoftware : kStepBudgetGpu)
                                                  : n <= (software ? kGridStepLimitSoftware : kGridStepLimitGpu));
  };
  for (std::uint32_t n : options.check.sizes) {
    if (!sim::checkBuffersFit(n, caps).empty()) continue;
    for (std::uint64_t seed : options.check.seeds) {
      for (int f : {0, canStep(n) ? frames : -1}) {
        for (const lab::StageInfo* info : wanted) {
          const lab::Case c{n, seed, f};
          const bool ran = info->sweep == lab::Sweep::Flock ? f >= 0 : info->sweep == lab::Sweep::Sizes && f == 0;
          if (ran && (!info->takes || info->takes(c, caps))) each(*info, c);
        }
      }
    }
  }
  for (const lab::StageInfo* info : wanted) {
    if (info->sweep != lab::Sweep::Once) continue;
    for (const std::string& input : info->inputs(options.settings.environment)) each(*info, {0, 0, 0, lab::Purpose::Check, input});
  }
}

}  // namespace

int runCheck(const Options& options) {
  const std::unique_ptr<platform::HeadlessContext> context = openHeadless(options);
  if (!context) return 1;
  const gl::Caps caps = gl::Caps::query();
  Report report{0, gl::timerQueriesMeaningful() ? "GPU timer queries" : "CPU clock around glFinish", options.check.verbose};
  std::vector<const lab::StageInfo*> wanted;
  for (const lab::StageInfo* info : stages()) {
    const auto& only = options.check.stages;
    if (only.empty() || std::find(only.begin(), only.end(), info->name) != only.end()) wanted.push_back(info);
  }
  for (std::uint32_t n : options.check.sizes) {
    if (std::string why = sim::checkBuffersFit(n, caps); !why.empty()) std::printf("n=%u skipped: %s\n", n, why.c_str());
  }
  int cases = 0;
  forEachCase(options, caps, wanted, [&](const lab::StageInfo&, const lab::Case&) { ++cases; });
  try {
    Progress progress(cases);  // inside the try: an error's message comes after it is cleared
    const gl::ShaderLibrary shaders = loadShaders(options);
    const std::filesystem::path& dump = options.check.dump;
    if (!dump.empty()) std::filesystem::create_directories(dump);
    sim::CaseFlocks flocks(shaders, caps, options.settings.sim);
    const lab::Context lab{shaders, caps, options.settings.sim, [&](const lab::Case& c) -> const lab::Flock& {
      lab::Flock& flock = flocks.get(c);
      if (!dump.empty() && flock.dumpName.empty()) {
        flock.dumpName = "positions-n" + std::to_string(c.n) + "-seed" + std::to_string(c.seed) + "-frames" +
                         std::to_string(c.frames) + ".f32";
        writeFileAtomically(dump / flock.dumpName, std::string_view(reinterpret_cast<const char*>(flock.positions.data()),
                                                                    flock.positions.size() * sizeof(glm::vec4)));
      }
      return flock;
    }, 0};
    std::vector<Made> made;
    for (const lab::StageInfo* info : wanted) {
      made.push_back({info, info->create(lab)});
      for (const auto& [variant, why] : made.back().stage->variants()) {
        report.width = std::max(report.width, static_cast<int>(std::strlen(info->name) + 1 + variant.size()));
      }
    }
    if (report.verbose) report.header();
    lab::RepeatTimer timer(options.check.repeats);
    forEachCase(options, caps, wanted, [&](const lab::StageInfo& info, const lab::Case& c) {
      progress.next("check: " + std::string(info.name) + (c.input.empty() ? "" : ", " + c.input) +
                    (info.sweep == lab::Sweep::Once ? "" : " n=" + std::to_string(c.n) + " seed " + std::to_string(c.seed)) +
                    (c.frames > 0 ? " after " + std::to_string(c.frames) + " frames" : ""));
      lab::Stage& stage = *std::find_if(made.begin(), made.end(), [&](const Made& m) { return m.info == &info; })->stage;
      stage.prepare(c);
      std::vector<json> rows;
      const auto variants = stage.variants();
      for (std::size_t k = 0; k < variants.size(); ++k) {
        const auto& only = options.check.strategies;  // the reduction's variants
        if (info.name == std::string_view("reduce") && !only.empty() &&
            std::find(only.begin(), only.end(), variants[k].first) == only.end()) {
          continue;
        }
        for (json& row : stage.run(k, timer)) rows.push_back(std::move(row));
      }
      progress.clear();
      for (json& row : rows) {
        row.update({{"seed", c.seed}, {"frames", c.frames}});
        report.add(std::move(row));
      }
    });
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }

  report.summary();
  std::printf("\n%d passed, %d failed, %d unavailable (timing: %s; --verbose prints every row)\n", report.passed, report.failed, report.unavailable,
              report.timing);
  if (report.weak > 0 || report.aboveStatistical > 0) {
    std::printf("%d with a weak worst-case bound (over %g%% of the extent), %d above their statistical bound\n", report.weak,
                verify::kWeakBoundOfExtent * 100, report.aboveStatistical);
  }
  if (!options.check.json.empty()) {
    json doc = {{"renderer", caps.renderer}, {"version", caps.version}, {"timing", report.timing}, {"passed", report.passed},
                {"failed", report.failed}, {"unavailable", report.unavailable}, {"rows", report.rows}};
    try {
      writeFileAtomically(options.check.json, doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n");
    } catch (const WriteError& e) {
      std::fprintf(stderr, "boids: %s\n", e.what());
      return 1;
    }
    std::printf("json: %s\n", std::filesystem::absolute(options.check.json).c_str());
  }
  const int debug = glDebugExitCode(options);
  return report.failed > 0 || report.passed == 0 ? 1 : debug;
}

}  // namespace boids::app
