// boids bench --reduce: GPU time of each centroid + bounds strategy over flock sizes.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>

#include <nlohmann/json.hpp>

#include "app/modes.hpp"
#include "engine/cpu/reference.hpp"
#include "engine/gl/program.hpp"
#include "shaders/common/bindings.h"
#include "engine/gl/timer.hpp"
#include "engine/platform/context.hpp"
#include "engine/reduce/strategy.hpp"
#include "engine/sim/flock.hpp"
#include "engine/sim/initial_state.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;

// Inputs are rotated among enough copies to cover this many bytes, so that repeated runs read
// from memory, not from the last run's lines in the L2 cache (60 MB on an H200).
constexpr std::size_t kRotationBytes = std::size_t(512) << 20;
constexpr double kSecondsPerCase = 3.0;  // slow strategies get fewer runs (at least kMinRuns)
constexpr int kMinRuns = 5, kWarmups = 3;

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

// The floor a reduction is held to: N x 16 bytes at the streaming rate of this GPU, taken as a
// nominal 4.0 TB/s for an H200 unless measured otherwise (the stream-read baseline reports what
// this harness actually reaches).
constexpr double kNominalReadBandwidth = 4.0e12;

}  // namespace

int runBench(const Options& options) {
  const std::unique_ptr<platform::HeadlessContext> context = openHeadless(options);
  if (!context) return 1;
  const gl::Caps caps = gl::Caps::query();
  const bool gpuTimers = gl::timerQueriesMeaningful();
  if (!gpuTimers) {
    std::printf("note: %s has no meaningful GPU timers; these are CPU times around glFinish, not GPU numbers\n",
                caps.renderer.c_str());
  }
  json results = json::array();
  std::string csv = "strategy,n,runs,median_us,min_us,p90_us,gbytes_per_s,floor_us,correct\n";
  try {
    const gl::ShaderLibrary shaders = loadShaders(options);
    const double bandwidth = kNominalReadBandwidth;
    std::printf("floor = N x 16 B at %.1f TB/s (nominal H200 read rate through GL compute); the baselines "
                "show the fixed cost of one dispatch + barrier, and what a plain streaming read reaches here\n\n",
                bandwidth * 1e-12);
    const gl::Program emptyKernel = gl::Program::compute(shaders, "reduce/baseline.comp", {{"STREAM", "0"}});
    const gl::Program streamKernel = gl::Program::compute(shaders, "reduce/baseline.comp", {{"STREAM", "1"}});
    std::printf("%-20s %10s %6s %11s %11s %11s %9s %10s %s\n", "strategy", "n", "runs", "median us", "min us", "p90 us",
                "GB/s", "floor us", "check");
    gl::Buffer stats("bench.stats", sizeof(gpu::FlockStats));

    for (std::uint32_t n : options.bench.sizes) {
      if (std::string why = sim::checkBuffersFit(n, caps); !why.empty()) {
        std::printf("n=%u skipped: %s\n", n, why.c_str());
        continue;
      }
      sim::SimSettings settings;
      settings.count = n;
      settings.worldSize = sim::worldSizeForCount(n);
      const std::vector<glm::vec4> positions = sim::initialState(settings).positions;
      const cpu::ReferenceStats ref = cpu::referenceStats(positions);
      const std::size_t bytes = std::size_t(n) * sizeof(glm::vec4);
      const std::size_t copies = std::clamp<std::size_t>((kRotationBytes + bytes - 1) / bytes, 1, 64);
      std::vector<gl::Buffer> inputs;
      for (std::size_t c = 0; c < copies; ++c) {
        inputs.push_back(gl::Buffer::fromSpan(std::string_view("bench.positions"), std::span<const glm::vec4>(positions)));
      }
      const float bound = 0.5f * settings.worldSize;
      const double floorUs = bandwidth > 0 ? static_cast<double>(bytes) / bandwidth * 1e6 : 0.0;

      // Baselines, with the same grid as the grid-stride strategies and the same closing barrier.
      for (const auto& [name, program] : {std::pair{"baseline/dispatch", &emptyKernel}, std::pair{"baseline/stream-read", &streamKernel}}) {
        const std::uint32_t groups = std::clamp<std::uint32_t>((n + 2047) / 2048, 1u, 1024u);
        auto run = [&](int k) {
          inputs[std::size_t(k) % copies].bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
          stats.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_FLOCK_STATS);
          program->use();
          glUniform1ui(LOC_REDUCE_INPUT_COUNT, n);
          glDispatchCompute(name == std::string("baseline/dispatch") ? 1 : groups, 1, 1);
          glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        };
        gl::timeRuns(run, kWarmups);
        const std::vector<double> ms = gl::timeRuns(run, options.bench.repeats);
        const double med = gl::median(ms) * 1e3, lo = *std::min_element(ms.begin(), ms.end()) * 1e3;
        const double gbs = static_cast<double>(bytes) / (med * 1e-6) * 1e-9;
        std::printf("%-20s %10u %6d %11.2f %11.2f %11.2f %9.0f %10.2f %s\n", name, n, options.bench.repeats, med, lo,
                    percentile(ms, 0.9) * 1e3, gbs, floorUs, "-");
        results.push_back({{"strategy", name}, {"n", n}, {"available", true}, {"baseline", true}, {"runs", options.bench.repeats},
                           {"median_us", med}, {"min_us", lo}, {"p90_us", percentile(ms, 0.9) * 1e3},
                           {"gbytes_per_s", gbs}, {"floor_us", floorUs}});
      }
      for (const reduce::StrategyInfo& info : reduce::strategies()) {
        const auto& only = options.bench.strategies;
        if (!only.empty() && std::find(only.begin(), only.end(), info.name) == only.end()) continue;
        json r = {{"strategy", info.name}, {"n", n}};
        std::string why = info.unavailableReason(caps);
        std::unique_ptr<reduce::Strategy> strategy;
        if (why.empty()) {
          strategy = info.create(shaders, caps);
          why = strategy->unavailableFor(n);
        }
        if (!why.empty()) {
          r["available"] = false;
          r["reason"] = why;
          std::printf("%-20s %10u  unavailable: %s\n", info.name, n, why.c_str());
          results.push_back(r);
          continue;
        }
        auto run = [&](int k) { strategy->reduce({&inputs[std::size_t(k) % copies], n, bound}, stats); };
        const double warm = gl::median(gl::timeRuns(run, kWarmups));
        const int runs = std::clamp(static_cast<int>(kSecondsPerCase * 1e3 / std::max(warm, 1e-3)), kMinRuns,
                                    options.bench.repeats);
        const std::vector<double> ms = gl::timeRuns(run, runs);
        // The last result must still be right: a fast wrong answer is not a result.
        const gpu::FlockStats g = stats.read<gpu::FlockStats>(1)[0];
        const glm::dvec3 tol = cpu::centroidTolerance(ref, n, strategy->errorModel(n, bound));
        bool correct = g.boundsMin.x == static_cast<float>(ref.boundsMin.x) && g.boundsMax.z == static_cast<float>(ref.boundsMax.z);
        for (int a = 0; a < 3; ++a) correct = correct && std::abs(g.meanPosition[a] - ref.centroid[a]) <= tol[a];
        const double med = gl::median(ms) * 1e3, lo = *std::min_element(ms.begin(), ms.end()) * 1e3,
                     p90 = percentile(ms, 0.9) * 1e3;
        const double gbs = med > 0 ? static_cast<double>(bytes) / (med * 1e-6) * 1e-9 : 0.0;
        r.update({{"available", true}, {"detail", strategy->detail()}, {"runs", runs}, {"median_us", med},
                  {"min_us", lo}, {"p90_us", p90}, {"gbytes_per_s", gbs}, {"floor_us", floorUs}, {"correct", correct}});
        std::printf("%-20s %10u %6d %11.2f %11.2f %11.2f %9.0f %10.2f %s\n", info.name, n, runs, med, lo, p90, gbs, floorUs,
                    correct ? "ok" : "WRONG");
        std::fflush(stdout);
        csv += std::string(info.name) + "," + std::to_string(n) + "," + std::to_string(runs) + "," + std::to_string(med) +
               "," + std::to_string(lo) + "," + std::to_string(p90) + "," + std::to_string(gbs) + "," +
               std::to_string(floorUs) + "," + (correct ? "1" : "0") + "\n";
        results.push_back(r);
      }
    }
    if (!options.bench.json.empty()) {
      std::ofstream out(options.bench.json);
      out << json{{"renderer", caps.renderer}, {"version", caps.version}, {"gpu_timers", gpuTimers},
                  {"floor_bandwidth_bytes_per_s", bandwidth}, {"results", results}}
                 .dump(1)
          << "\n";
      if (!out) throw std::runtime_error("cannot write " + options.bench.json.string());
    }
    if (!options.bench.csv.empty()) {
      std::ofstream out(options.bench.csv);
      out << csv;
      if (!out) throw std::runtime_error("cannot write " + options.bench.csv.string());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  return glDebugExitCode(options);
}

}  // namespace boids::app
