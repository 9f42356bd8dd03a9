// boids check: every reduction strategy on the GPU's positions against the CPU reference.
#include <cmath>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/modes.hpp"
#include "engine/cpu/reference.hpp"
#include "engine/gl/timer.hpp"
#include "engine/platform/context.hpp"
#include "engine/reduce/strategy.hpp"
#include "engine/sim/simulation.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;

constexpr int kSimulatedFramesDefault = 30;
// Pair visits the brute-force step may spend on one case: n^2 x frames.
constexpr double kStepBudgetGpu = 2e11, kStepBudgetSoftware = 5e8;

json vec3Json(glm::dvec3 v) { return json::array({v.x, v.y, v.z}); }

struct Case {
  std::uint32_t n;
  std::uint64_t seed;
  int frames;
};

sim::SimSettings settingsFor(const Options& options, std::uint32_t n, std::uint64_t seed) {
  sim::SimSettings s = options.sim;
  s.count = n;
  s.seed = seed;
  s.worldSize = sim::worldSizeForCount(n);
  s.wallMargin = std::round(s.worldSize) / 10.0f;
  return s;
}

// One strategy on one case: the row of the table and of the JSON.
json checkStrategy(const reduce::StrategyInfo& info, reduce::Strategy* strategy, const std::string& unavailable,
                   const reduce::Input& input, const cpu::ReferenceStats& ref, int repeats, const gl::Buffer& stats) {
  json row = {{"strategy", info.name}, {"bounds_method", info.bounds}};
  if (!unavailable.empty()) {
    row["available"] = false;
    row["reason"] = unavailable;
    return row;
  }
  row["available"] = true;
  row["detail"] = strategy->detail();
  const std::vector<double> ms = gl::timeRuns([&](int) { strategy->reduce(input, stats); }, repeats);
  const gpu::FlockStats g = stats.read<gpu::FlockStats>(1)[0];
  const glm::dvec3 tolerance =
      cpu::centroidTolerance(ref, input.count, strategy->errorModel(input.count, input.coordinateBound));

  const glm::dvec3 centroid(g.meanPosition), lo(g.boundsMin), hi(g.boundsMax);
  const glm::dvec3 error = glm::abs(centroid - ref.centroid);
  const double extent = std::max({ref.boundsMax.x - ref.boundsMin.x, ref.boundsMax.y - ref.boundsMin.y,
                                  ref.boundsMax.z - ref.boundsMin.z, 1e-30});
  bool centroidOk = true;
  for (int a = 0; a < 3; ++a) centroidOk = centroidOk && error[a] <= tolerance[a];  // NaN fails
  // Bounds pick inputs: exact. The count is summed in float: exact while it stays below 2^24.
  const bool boundsOk = lo == glm::dvec3(glm::vec3(ref.boundsMin)) && hi == glm::dvec3(glm::vec3(ref.boundsMax));
  const bool countOk = input.count > (1u << 24) || g.meanPosition.w == static_cast<float>(input.count);

  row["gpu"] = {{"centroid", vec3Json(centroid)}, {"min", vec3Json(lo)}, {"max", vec3Json(hi)}, {"count", g.meanPosition.w}};
  row["cpu"] = {{"centroid", vec3Json(ref.centroid)}, {"min", vec3Json(ref.boundsMin)}, {"max", vec3Json(ref.boundsMax)},
                {"count", input.count}};
  row["error"] = std::max({error.x, error.y, error.z});
  row["error_relative_to_extent"] = std::max({error.x, error.y, error.z}) / extent;
  row["tolerance"] = vec3Json(tolerance);
  row["bounds_exact"] = boundsOk;
  row["count_exact"] = countOk;
  row["pass"] = centroidOk && boundsOk && countOk;
  row["gpu_ms"] = gl::median(ms);
  return row;
}

}  // namespace

int runCheck(const Options& options) {
  std::unique_ptr<platform::HeadlessContext> context;
  try {
    context = openHeadless(options);
  } catch (const platform::ContextError& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  const gl::Caps caps = gl::Caps::query();
  const int frames = options.frames >= 0 ? options.frames : kSimulatedFramesDefault;
  const double stepBudget = caps.softwareRenderer() ? kStepBudgetSoftware : kStepBudgetGpu;
  const char* timing = gl::timerQueriesMeaningful() ? "GPU timer queries" : "CPU clock around glFinish";

  json rows = json::array();
  int failed = 0, passed = 0, unavailable = 0;
  std::printf("%-20s %9s %5s %6s %10s %12s %12s  %s\n", "strategy", "n", "seed", "frames", "gpu ms", "error", "tolerance",
              "verdict");
  try {
    const gl::ShaderLibrary shaders = loadShaders(options);
    if (!options.check.dump.empty()) std::filesystem::create_directories(options.check.dump);

    // Every strategy once, with the reason where the context cannot run it.
    struct Entry {
      const reduce::StrategyInfo* info;
      std::unique_ptr<reduce::Strategy> strategy;
      std::string reason;
    };
    std::vector<Entry> entries;
    for (const reduce::StrategyInfo& info : reduce::strategies()) {
      const auto& only = options.check.strategies;
      if (!only.empty() && std::find(only.begin(), only.end(), info.name) == only.end()) continue;
      Entry e{&info, nullptr, info.unavailableReason(caps)};
      if (e.reason.empty()) e.strategy = info.create(shaders, caps);
      entries.push_back(std::move(e));
    }
    gl::Buffer stats("check.stats", sizeof(gpu::FlockStats));

    for (std::uint32_t n : options.check.sizes) {
      if (std::string why = sim::checkBuffersFit(n, caps); !why.empty()) {
        std::printf("n=%u skipped: %s\n", n, why.c_str());  // beyond what this GPU can hold
        continue;
      }
      // Simulated frames where the brute-force step can afford them (and the driver can run it).
      const bool canStep = sim::checkStepFits(n, caps).empty() && double(n) * n * frames <= stepBudget;
      for (std::uint64_t seed : options.check.seeds) {
        std::vector<int> frameCases = {0};
        if (frames > 0 && canStep) frameCases.push_back(frames);
        for (int f : frameCases) {
          sim::Simulation simulation(shaders, caps, settingsFor(options, n, seed));
          for (int i = 0; i < f; ++i) {
            simulation.reduce();
            simulation.step();
          }
          const std::vector<glm::vec4> positions = simulation.flock().read().positions;
          const cpu::ReferenceStats ref = cpu::referenceStats(positions);
          std::string dumpName;
          if (!options.check.dump.empty()) {
            dumpName = "positions-n" + std::to_string(n) + "-seed" + std::to_string(seed) + "-frames" +
                       std::to_string(f) + ".f32";
            std::ofstream out(options.check.dump / dumpName, std::ios::binary);
            out.write(reinterpret_cast<const char*>(positions.data()),
                      static_cast<std::streamsize>(positions.size() * sizeof(glm::vec4)));
            if (!out) throw std::runtime_error("cannot write " + (options.check.dump / dumpName).string());
          }
          const reduce::Input input = simulation.reduceInput();
          for (Entry& e : entries) {
            std::string reason = e.reason;
            if (reason.empty()) reason = e.strategy->unavailableFor(n);
            json row = checkStrategy(*e.info, e.strategy.get(), reason, input, ref, options.check.repeats, stats);
            row["n"] = n;
            row["seed"] = seed;
            row["frames"] = f;
            row["timing"] = timing;
            if (!dumpName.empty()) row["positions"] = dumpName;
            if (!row["available"].get<bool>()) {
              ++unavailable;
              std::printf("%-20s %9u %5llu %6d %10s %12s %12s  unavailable: %s\n", e.info->name, n,
                          static_cast<unsigned long long>(seed), f, "-", "-", "-", reason.c_str());
            } else {
              const bool ok = row["pass"].get<bool>();
              ok ? ++passed : ++failed;
              const auto& tol = row["tolerance"];
              std::printf("%-20s %9u %5llu %6d %10.4f %12.3e %12.3e  %s%s%s\n", e.info->name, n,
                          static_cast<unsigned long long>(seed), f, row["gpu_ms"].get<double>(),
                          row["error"].get<double>(), std::min({tol[0].get<double>(), tol[1].get<double>(), tol[2].get<double>()}),
                          ok ? "pass" : "FAIL", row["bounds_exact"].get<bool>() ? "" : " (bounds differ)",
                          row["count_exact"].get<bool>() ? "" : " (boids miscounted)");
            }
            std::fflush(stdout);
            rows.push_back(std::move(row));
          }
        }
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }

  std::printf("\n%d passed, %d failed, %d unavailable (timing: %s)\n", passed, failed, unavailable, timing);
  if (!options.check.json.empty()) {
    const gl::Caps& c = caps;
    json doc = {{"renderer", c.renderer}, {"version", c.version}, {"timing", timing}, {"passed", passed},
                {"failed", failed}, {"unavailable", unavailable}, {"rows", rows}};
    std::ofstream out(options.check.json);
    out << doc.dump(1) << "\n";
    if (!out) {
      std::fprintf(stderr, "boids: cannot write %s\n", options.check.json.c_str());
      return 1;
    }
    std::printf("json: %s\n", std::filesystem::absolute(options.check.json).c_str());
  }
  const int debug = glDebugExitCode(options);
  return failed > 0 || passed == 0 ? 1 : debug;
}

}  // namespace boids::app
