// boids check: every reduction strategy on the GPU's positions against the CPU reference.
#include <cmath>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/modes.hpp"
#include "engine/cpu/reference.hpp"
#include "engine/gl/timer.hpp"
#include "engine/platform/context.hpp"
#include "engine/reduce/inspector.hpp"
#include "engine/sim/simulation.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;

constexpr int kSimulatedFramesDefault = 30;
// Pair visits the brute-force step may spend on one case: n^2 x frames.
constexpr double kStepBudgetGpu = 2e11, kStepBudgetSoftware = 5e8;
constexpr std::uint32_t kGridStepLimit = 1u << 20;  // larger flocks are reduced as initialised only

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
json checkEntry(reduce::LabEntry& entry, const reduce::Input& input, const cpu::ReferenceStats& ref, int repeats) {
  json row = {{"strategy", entry.info->name}, {"bounds_method", entry.info->bounds}};
  if (const std::string why = reduce::Lab::unavailableFor(entry, input.count); !why.empty()) {
    row["available"] = false;
    row["reason"] = why;
    return row;
  }
  const std::vector<double> ms = gl::timeRuns([&](int) { entry.strategy->reduce(input, entry.stats); }, repeats);
  const reduce::Verdict v = reduce::judge(entry.info->name, entry.stats.read<gpu::FlockStats>(1)[0], ref, input.count,
                                          entry.strategy->errorModel(input.count, input.coordinateBound));
  row["available"] = true;
  row["detail"] = entry.strategy->detail();
  row["gpu"] = {{"centroid", vec3Json(glm::dvec3(v.gpu.meanPosition))}, {"min", vec3Json(glm::dvec3(v.gpu.boundsMin))},
                {"max", vec3Json(glm::dvec3(v.gpu.boundsMax))}, {"count", v.gpu.meanPosition.w}};
  row["cpu"] = {{"centroid", vec3Json(ref.centroid)}, {"min", vec3Json(ref.boundsMin)}, {"max", vec3Json(ref.boundsMax)},
                {"count", input.count}};
  row["error"] = std::max({v.error.x, v.error.y, v.error.z});
  row["error_relative_to_extent"] = v.relativeError;
  row["tolerance"] = vec3Json(v.tolerance);  // null on an axis means: no worst-case bound exists
  row["bounds_exact"] = v.boundsExact;
  row["count_exact"] = v.countExact;
  row["pass"] = v.pass;
  row["gpu_ms"] = gl::median(ms);
  return row;
}

}  // namespace

int runCheck(const Options& options) {
  const std::unique_ptr<platform::HeadlessContext> context = openHeadless(options);
  if (!context) return 1;
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

    reduce::Lab lab(shaders, caps, options.check.strategies);

    for (std::uint32_t n : options.check.sizes) {
      if (std::string why = sim::checkBuffersFit(n, caps); !why.empty()) {
        std::printf("n=%u skipped: %s\n", n, why.c_str());  // beyond what this GPU can hold
        continue;
      }
      // Simulated frames where the brute-force step can afford them (and the driver can run it).
      // Simulated frames where the step can afford them: n^2 pairs a frame for brute force.
      const sim::Neighbours search = options.sim.neighbours;
      const bool canStep = sim::checkStepFits(n, caps, search).empty() &&
                           (search == sim::Neighbours::BruteForce ? double(n) * n * frames <= stepBudget
                                                                  : n <= kGridStepLimit);
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
          for (reduce::LabEntry& e : lab.entries()) {
            json row = checkEntry(e, input, ref, options.check.repeats);
            row["n"] = n;
            row["seed"] = seed;
            row["frames"] = f;
            row["timing"] = timing;
            if (!dumpName.empty()) row["positions"] = dumpName;
            if (!row["available"].get<bool>()) {
              ++unavailable;
              std::printf("%-20s %9u %5llu %6d %10s %12s %12s  unavailable: %s\n", e.info->name, n,
                          static_cast<unsigned long long>(seed), f, "-", "-", "-",
                          row["reason"].get<std::string>().c_str());
            } else {
              const bool ok = row["pass"].get<bool>();
              ok ? ++passed : ++failed;
              const auto& tol = row["tolerance"];
              auto axis = [&](int a) { return tol[a].is_number() ? tol[a].get<double>() : INFINITY; };
              std::printf("%-20s %9u %5llu %6d %10.4f %12.3e %12.3e  %s%s%s\n", e.info->name, n,
                          static_cast<unsigned long long>(seed), f, row["gpu_ms"].get<double>(),
                          row["error"].get<double>(), std::min({axis(0), axis(1), axis(2)}),
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
