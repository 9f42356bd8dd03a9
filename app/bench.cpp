// boids bench --reduce: GPU time of each centroid + bounds strategy over flock sizes.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/bench.hpp"
#include "app/files.hpp"
#include "app/modes.hpp"
#include "engine/verify/primitives.hpp"
#include "engine/verify/reference.hpp"
#include "engine/centroid/baseline.hpp"
#include "engine/gl/timer.hpp"
#include "engine/platform/context.hpp"
#include "engine/centroid/strategy.hpp"
#include "engine/sim/flock.hpp"
#include "engine/sim/initial_state.hpp"
#include "engine/frame.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/primitives/lab.hpp"
#include "engine/render/offscreen_target.hpp"
#include "engine/sim/simulation.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;

// Inputs are rotated among enough copies to cover this many bytes, so that repeated runs read
// from memory, not from the last run's lines in the L2 cache (60 MB on an H200).
constexpr std::size_t kRotationBytes = std::size_t(512) << 20;
constexpr double kSecondsPerCase = 3.0;  // slow strategies get fewer runs (at least kMinRuns)
constexpr int kMinRuns = 5, kWarmups = 3;
// Caps on the runs of a case, whatever --repeats asks for.
constexpr int kMostSortRuns = 60, kMostLabRuns = 200, kMostCullRuns = 100, kMostRateRuns = 50;

double percentile(std::vector<double> v, double p) {
  std::sort(v.begin(), v.end());
  return v.empty() ? 0.0 : v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

// What cut a case's runs, as a table's footnote and the JSON's "runs_cut_by" say it.
std::string budgetCause() {
  char text[64];
  std::snprintf(text, sizeof text, "the %g-second budget per case", kSecondsPerCase);
  return text;
}
std::string capCause(int most, const char* per = "case") { return "the cap of " + std::to_string(most) + " per " + per; }

// How many of a registry's variants this context can make (the ones the lab and the benches run).
template <class Registry>
int availableOn(const Registry& registry, const gl::Caps& caps) {
  return static_cast<int>(std::count_if(registry.begin(), registry.end(), [&](const auto& v) { return v.unavailableOn(caps).empty(); }));
}

// The sorters --sort and --frame run: the registry's, in its order, or those --sorters names.
std::vector<const primitives::SortVariant*> benchSorters(const Options& options) {
  std::vector<const primitives::SortVariant*> chosen;
  const std::vector<std::string>& only = options.bench.sorters;
  for (const primitives::SortVariant& v : primitives::sorters()) {
    if (only.empty() || std::find(only.begin(), only.end(), v.name) != only.end()) chosen.push_back(&v);
  }
  return chosen;
}

}  // namespace

// The cases of each sub-bench, counted from the options before the run, for the progress line:
// each counts what its loops below begin.
int sortCases(const Options& options, const gl::Caps& caps) {
  int cases = 0;
  for (std::uint32_t n : options.bench.gridSizes) {
    if (sim::checkBuffersFit(n, caps).empty()) cases += static_cast<int>(benchSorters(options).size());
  }
  return cases;
}

// bench --sort: every sorter on the (cell, boid) pairs of a uniform flock at the CIS 565 density,
// restored to the unsorted order before each timed run (the copy is outside the timestamps).
json sortBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, std::string& csv,
               Progress& progress) {
  json rows = json::array();
  RunsCut cut(options.bench.repeats);
  std::printf("\nradix and onesweep rank tiles by %s\n", primitives::radixRanking(caps).c_str());
  std::printf("%-16s %10s %5s  %11s %11s %11s %s\n", "sorter", "n", "runs", "median us", "min us", "p90 us", "check");
  for (std::uint32_t n : options.bench.gridSizes) {
    if (std::string why = sim::checkBuffersFit(n, caps); !why.empty()) {
      std::printf("n=%u skipped: %s\n", n, why.c_str());
      continue;
    }
    sim::SimSettings settings;
    settings.count = n;
    settings.world = sim::WorldMode::Wrap;
    settings.worldSize = sim::worldSizeForCount(n);
    sim::Simulation simulation(shaders, caps, settings);
    simulation.hash();  // the real keys of this flock
    const std::size_t bytes = std::size_t(primitives::sortCapacity(n)) * 8;
    gl::Buffer pristine("bench.sort.unsorted", bytes), work("bench.sort.work", bytes);
    pristine.copyFrom(simulation.grid().pairs(), std::size_t(n) * 8);
    const std::vector<verify::SortPair> unsorted = pristine.read<verify::SortPair>(n);
    const std::uint32_t keys = sim::gridGeometry(settings).keyCount();
    for (const primitives::SortVariant* chosen : benchSorters(options)) {
      const primitives::SortVariant& info = *chosen;
      progress.next("bench --sort: " + std::string(info.name) + " n=" + std::to_string(n));
      auto sorter = info.create(shaders, caps);
      const int runs = std::clamp(options.bench.repeats, kMinRuns, kMostSortRuns);
      std::vector<double> ms;
      gl::warmUp([&](int) {
        work.copyFrom(pristine, std::size_t(n) * 8);
        sorter->sort(work, n, keys);
      }, kWarmups);
      for (int r = 0; r < runs; ++r) {
        work.copyFrom(pristine, std::size_t(n) * 8);
        ms.push_back(gl::timeRuns([&](int) { sorter->sort(work, n, keys); }, 1)[0]);
      }
      // The last result must be the sorted pairs (the judge of check and the tests).
      const bool correct =
          verify::judgeSort(unsorted, work.read<verify::SortPair>(n), info.orderDefined).pass && sorter->stalledWaits() == 0;
      const double med = gl::median(ms) * 1e3;
      json row = {{"sorter", info.name}, {"n", n}, {"keys", keys}, {"median_us", med},
                  {"min_us", *std::min_element(ms.begin(), ms.end()) * 1e3}, {"p90_us", percentile(ms, 0.9) * 1e3},
                  {"correct", correct}};
      const char mark = cut.note(row, std::string(info.name) + " n=" + std::to_string(n), runs, capCause(kMostSortRuns, "sort case"));
      progress.clear();
      std::printf("%-16s %10u %5d%c %11.1f %11.1f %11.1f %s\n", info.name, n, runs, mark, med,
                  *std::min_element(ms.begin(), ms.end()) * 1e3, percentile(ms, 0.9) * 1e3, correct ? "ok" : "WRONG");
      std::fflush(stdout);
      rows.push_back(row);
      csv += std::string("sort,") + info.name + "," + std::to_string(n) + "," + std::to_string(runs) + "," +
             std::to_string(med) + "\n";
    }
  }
  progress.clear();
  cut.footnote();
  return rows;
}

int primitivesCases(const Options& options, const gl::Caps& caps) {
  const int perSize = (options.bench.scan ? 1 + availableOn(primitives::scans(), caps) : 0) +
                      (options.bench.compact ? 1 + 3 * availableOn(primitives::compactions(), caps) : 0);
  return perSize * static_cast<int>(options.bench.sizes.size());
}

// bench --scan and --compact: the primitives lab's rows (engine/primitives/lab.hpp), each variant
// beside a streaming copy of the same uints measured in the same run (the speed of light: a scan
// reads its input once and writes its output once at best; a compaction reads a flag and writes
// at most an index per element). Compactions keep 1 in 1000, half and all.
json primitivesBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, std::string& csv,
                     Progress& progress) {
  json rows = json::array();
  primitives::Lab lab(shaders, caps);
  RunsCut cut(options.bench.repeats);
  const int runs = std::clamp(options.bench.repeats, kMinRuns, kMostLabRuns);
  for (const std::string& why : lab.unavailable()) std::printf("unavailable: %s\n", why.c_str());
  auto starting = [&](const primitives::LabRow& r) {
    const std::string kept = r.primitive == "compact" && !r.baseline ? " kept " + primitives::keptFractionText(r.oneIn) : "";
    progress.next("bench --" + r.primitive + ": " + r.variant + " n=" + std::to_string(r.n) + kept);
  };
  auto print = [&](const primitives::LabRow& r) {
    progress.clear();
    const std::string kept = r.primitive == "compact" && !r.baseline ? primitives::keptFractionText(r.oneIn) : "-";
    if (!r.unavailable.empty()) {
      std::printf("%-8s %-22s %10u %7s unavailable: %s\n", r.primitive.c_str(), r.variant.c_str(), r.n, kept.c_str(),
                  r.unavailable.c_str());
      return;
    }
    // Bytes a scan or the copy moves at best: 4 read and 4 written per element.
    const double gbs = r.primitive == "scan" ? double(r.n) * 8.0 / (r.medianMs * 1e-3) * 1e-9 : 0.0;
    json row = {{"primitive", r.primitive}, {"variant", r.variant}, {"n", r.n},
                {"median_us", r.medianMs * 1e3}, {"min_us", r.minMs * 1e3}, {"p90_us", r.p90Ms * 1e3},
                {"fraction_of_copy", r.ofCopy}, {"baseline", r.baseline}, {"correct", r.baseline || r.pass}};
    const std::string why = r.runs < runs ? r.variant + "'s fixed " + std::to_string(primitives::kFewestRuns) +
                                                " (one invocation walks every element)"
                                          : capCause(kMostLabRuns);
    const char mark = cut.note(row, r.primitive + " " + r.variant + " n=" + std::to_string(r.n) + (kept != "-" ? " " + kept : ""),
                               r.runs, why);
    std::printf("%-8s %-22s %10u %7s %5d%c %11.2f %11.2f %9s %7.0f%% %s\n", r.primitive.c_str(), r.variant.c_str(), r.n,
                kept.c_str(), r.runs, mark, r.medianMs * 1e3, r.minMs * 1e3, gbs > 0 ? std::to_string(int(gbs)).c_str() : "-",
                100.0 * r.ofCopy, r.baseline ? "-" : r.pass ? "ok" : "WRONG");
    std::fflush(stdout);
    if (gbs > 0) row["gbytes_per_s"] = gbs;
    if (kept != "-") row["kept_fraction"] = kept;
    rows.push_back(row);
    csv += r.primitive + "," + r.variant + (kept != "-" ? "@" + kept : std::string()) + "," + std::to_string(r.n) + "," +
           std::to_string(r.runs) + "," + std::to_string(r.medianMs * 1e3) + "\n";
  };
  std::printf("\n%-8s %-22s %10s %7s %5s  %11s %11s %9s %8s %s\n", "", "variant", "n", "kept", "runs", "median us",
              "min us", "GB/s", "of copy", "check");
  const std::uint32_t oneIn[] = {1000, 2, 1};
  for (std::uint32_t n : options.bench.sizes) {
    if (options.bench.scan) lab.scans(n, runs, print, starting);
    if (options.bench.compact) lab.compactions(n, oneIn, runs, print, starting);
  }
  progress.clear();
  cut.footnote();
  return rows;
}

// The CIS 565 scenario of bench --frame: its rules, a wrap-around world at its density, no centroid pull.
sim::SimSettings cis565(const Options& options, std::uint32_t n) {
  sim::SimSettings s;  // the engine's defaults: the CIS 565 radii and weights, max speed 1, dt 0.2
  s.seed = options.settings.sim.seed;
  s.neighbours = options.settings.sim.neighbours;
  s.cells = options.settings.sim.cells;
  s.count = n;
  s.world = sim::WorldMode::Wrap;
  s.centroidWeight = 0.0f;
  s.worldSize = sim::sideAtReferenceDensity(n);
  s.wallMargin = s.worldSize / 10;
  return s;
}

constexpr glm::ivec2 kFrameSize{1280, 720};  // bench --frame and --cull draw at this size, with 4x MSAA
constexpr render::DrawMode kDrawModes[] = {render::DrawMode::Mesh, render::DrawMode::Splat, render::DrawMode::Auto};

// Frames of the scenario `s` drawn at 1280x720 with 4x MSAA from `camera`: at least 20 warm-up
// frames (on a GPU, 0.3 s of them: gl::warmUp), then `frames` timed by the frame timer.
struct TimedFrames {
  std::vector<gl::PassStats> passes;
  render::CullCounts counts;  // the last frame's, when it culled
  std::string sorter, reduction, compaction;
};
TimedFrames timeFrames(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps,
                       const sim::SimSettings& s, const render::OrbitCamera& camera, const render::RenderSettings& rs,
                       int frames, std::string_view sorter) {
  sim::Simulation simulation(shaders, caps, s, options.settings.reduce);
  simulation.setSorter(sorter);
  render::BoidRenderer renderer(shaders, caps, options.settings.compact);
  render::OffscreenTarget target(kFrameSize, 4);
  gl::FrameTimer timer(static_cast<std::size_t>(frames));
  FrameView view;
  view.framebuffer = target.framebuffer();
  view.viewport = target.size();
  view.camera = camera;
  view.render = rs;
  view.render.follow = false;
  gl::warmUp([&](int) { runFrame(simulation, renderer, timer, view); }, 20);
  timer.flush();
  timer.clearHistory();
  for (int f = 0; f < frames; ++f) runFrame(simulation, renderer, timer, view);
  timer.flush();
  gl::finish();
  const std::uint32_t n = s.count;
  return {timer.stats(), rs.cull ? renderer.readCullCounts() : render::CullCounts{{n, 0, 0}, n},
          simulation.grid().sorter().name, simulation.reduceStrategy().name, renderer.compaction().name};
}

int frameCases(const Options& options, const gl::Caps& caps) {
  int cases = 0;
  for (std::uint32_t n : options.bench.gridSizes) cases += sim::checkCountFits(n, caps, options.settings.sim.neighbours).empty();
  const int drawModes = options.settings.render.cull ? int(std::size(kDrawModes)) - 1 : 0;
  int sorters = 0;
  for (const primitives::SortVariant* v : benchSorters(options)) sorters += v->unavailableOn(caps).empty();
  return cases * (sorters + drawModes);
}

// One case of bench --frame: `frames` frames of the scenario `s` with `sorter`, drawn as `rs`
// says; prints its pass table (with the render pass's parts: each level, the splats' clear and
// resolve), adds its CSV lines and returns its JSON row.
json frameCase(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, const sim::SimSettings& s,
               int frames, const char* sorter, const render::RenderSettings& rs, std::string& csv, Progress& progress) {
  const std::uint32_t n = s.count;
  const TimedFrames t = timeFrames(options, shaders, caps, s, render::OrbitCamera::framing(s.worldSize), rs, frames, sorter);
  progress.clear();  // the table goes where the progress line was
  const char* draw = render::drawModeName(rs.draw);
  json row = {{"n", n}, {"frames", frames}, {"neighbours", sim::neighboursName(s.neighbours)}, {"sorter", t.sorter},
              {"default", t.sorter == options.settings.sort}, {"reduction", t.reduction}, {"cull", rs.cull},
              {"draw", draw}, {"width", kFrameSize.x}, {"height", kFrameSize.y}};
  double compute = 0, frame = 0;
  std::printf("\nframe, %u boids (%s, %s, world side %.1f), drawn %s at %dx%d with 4x MSAA, medians of %d frames after at "
              "least 20 warm-up (0.3 s):\n",
              n, sim::neighboursName(s.neighbours), t.sorter.c_str(), s.worldSize, draw, kFrameSize.x, kFrameSize.y, frames);
  std::printf("  %-22s %10s\n", "pass", "median ms");
  for (const gl::PassStats& p : t.passes) {
    const bool part = render::isDrawPart(p.name);  // inside the render pass: shown, not added again
    std::printf("  %-22s %10.4f\n", (part ? "  " + p.name : p.name).c_str(), p.medianMs);
    (part ? row["draw_parts"][p.name.substr(std::string_view(render::kDrawPartPrefix).size())] : row["passes"][p.name]) =
        p.medianMs;
    if (!part) frame += p.medianMs;
    for (const PassInfo& info : kPasses) {
      if (info.compute && p.name == info.name) compute += p.medianMs;
    }
    csv += "frame," + p.name + "@" + t.sorter + "@" + draw + "," + std::to_string(n) + "," + std::to_string(frames) + "," +
           std::to_string(p.medianMs * 1e3) + "\n";
  }
  std::string computeNames;
  for (const PassInfo& info : kPasses) {
    if (info.compute) computeNames += (computeNames.empty() ? "" : " + ") + std::string(info.name);
  }
  std::printf("  %-22s %10.4f  (%s)\n", "compute", compute, computeNames.c_str());
  std::printf("  %-22s %10.4f  (every pass: %.1f frames per second)\n", "whole frame", frame, frame > 0 ? 1e3 / frame : 0.0);
  const render::CullCounts& k = t.counts;
  std::printf("  visible %u of %u: near %u, middle %u, far %u\n", k.visible(), k.boids, k.levels[0], k.levels[1], k.levels[2]);
  row["compute_ms"] = compute;
  row["frame_ms"] = frame;
  row["levels"] = {{"near", k.levels[0]}, {"middle", k.levels[1]}, {"far", k.levels[2]}};
  csv += "frame,whole@" + t.sorter + "@" + draw + "," + std::to_string(n) + "," + std::to_string(frames) + "," +
         std::to_string(frame * 1e3) + "\n";
  std::fflush(stdout);
  return row;
}

// bench --frame: the CIS 565 scenario (rules, wrap-around world, no centroid pull, 0.03056 boids per
// unit^3, uniform start), at least 20 warm-up steps (0.3 s on a GPU), then every pass of the frame
// timed by the frame timer; a frame for every sorter of the registry (or each one --sorters names),
// so the sort's share of the frame is compared in place, drawn as the settings say (--draw); then,
// with the default sorter, the frame drawn the other two ways, so the draw modes are compared in
// place too.
json frameBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, std::string& csv,
                Progress& progress) {
  json rows = json::array();
  const render::RenderSettings& rs = options.settings.render;
  for (std::uint32_t n : options.bench.gridSizes) {
    if (std::string why = sim::checkCountFits(n, caps, options.settings.sim.neighbours); !why.empty()) {
      std::printf("n=%u skipped: %s\n", n, why.c_str());
      continue;
    }
    const sim::SimSettings s = cis565(options, n);
    const int frames = n <= (1u << 20) ? 100 : 40;
    for (const primitives::SortVariant* sorter : benchSorters(options)) {
      if (!sorter->unavailableOn(caps).empty()) continue;
      progress.next("bench --frame: n=" + std::to_string(n) + ", " + sorter->name);
      rows.push_back(frameCase(options, shaders, caps, s, frames, sorter->name, rs, csv, progress));
    }
    if (!rs.cull) continue;  // without culling the draw modes are darts or splats of every boid: as set
    for (render::DrawMode mode : kDrawModes) {
      if (mode == rs.draw) continue;
      render::RenderSettings other = rs;
      other.draw = mode;
      progress.next("bench --frame: n=" + std::to_string(n) + ", drawn " + render::drawModeName(mode));
      rows.push_back(frameCase(options, shaders, caps, s, frames, options.settings.sort.c_str(), other, csv, progress));
    }
  }
  return rows;
}

// The two cameras bench --cull draws from: the one a window opens with (the world framed whole),
// and one a twentieth of the side from the centre, looking at it: inside the flock.
std::vector<std::pair<const char*, render::OrbitCamera>> cullBenchCameras(float side) {
  render::OrbitCamera inside;
  inside.distance = 0.05f * side;
  return {{"framing", render::OrbitCamera::framing(side)}, {"inside", inside}};
}

// Whether bench --cull's drawing part draws `n` boids: on a GPU the pass table covers the sizes
// below a million.
bool cullBenchDraws(std::uint32_t n, const Options& options, const gl::Caps& caps) {
  if (n < (1u << 20) && options.bench.gridSizes.size() > 1 && !caps.softwareRenderer()) return false;
  return sim::checkCountFits(n, caps, options.settings.sim.neighbours).empty();
}

int cullCases(const Options& options, const gl::Caps& caps) {
  int cases = 0;
  for (std::uint32_t n : options.bench.gridSizes) {
    if (sim::checkCountFits(n, caps, options.settings.sim.neighbours).empty()) {
      cases += static_cast<int>(primitives::compactions().size());  // the pass, from both cameras
    }
    if (cullBenchDraws(n, options, caps)) cases += 2 * 2;  // drawn from two cameras, culled and not
  }
  return cases;
}

// bench --cull: (1) the cull pass alone, per compaction variant over the sizes, from both cameras;
// (2) frames of the CIS 565 scenario (at least 20 warm-up steps, then timed) drawn with culling and
// levels of detail on (the default compaction) and off, from both cameras: the draw, the cull and
// the whole frame (every pass), and the levels' counts.
json cullBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, std::string& csv,
               Progress& progress) {
  json rows = json::array();
  RunsCut cut(options.bench.repeats);
  const glm::ivec2 viewport(1280, 720);
  render::RenderSettings rs = options.settings.render;
  rs.follow = false;
  std::printf("\ncull pass (frustum + levels of detail at %.1f, %.1f px, three compactions, draw commands), 1280x720:\n",
              rs.lodPixels.x, rs.lodPixels.y);
  std::printf("%-16s %10s %-8s %5s  %11s %10s %10s %10s\n", "variant", "n", "camera", "runs", "median us", "near", "middle", "far");
  std::map<std::string, double> slowest;  // variant -> its longest median so far, us
  for (std::uint32_t n : options.bench.gridSizes) {
    if (std::string why = sim::checkCountFits(n, caps, options.settings.sim.neighbours); !why.empty()) {
      std::printf("n=%u skipped: %s\n", n, why.c_str());
      continue;
    }
    const sim::SimSettings s = cis565(options, n);
    sim::Simulation simulation(shaders, caps, s, options.settings.reduce);
    render::BoidRenderer renderer(shaders, caps, options.settings.compact);
    for (const primitives::CompactVariant& v : primitives::compactions()) {
      progress.next("bench --cull: the pass by " + std::string(v.name) + " n=" + std::to_string(n));
      std::string why = v.unavailableOn(caps);
      if (!why.empty()) why = "unavailable: " + why;
      if (why.empty() && slowest[v.name] > 1e6) {  // single-thread: seconds at 1M, minutes beyond
        char text[96];
        std::snprintf(text, sizeof text, "skipped: %.0f us a run at a smaller size already", slowest[v.name]);
        why = text;
      }
      if (!why.empty()) {
        progress.clear();
        std::printf("%-16s %10u  %s\n", v.name, n, why.c_str());
        rows.push_back({{"part", "pass"}, {"variant", v.name}, {"n", n}, {"available", false}, {"reason", why}});
        continue;
      }
      renderer.setCompaction(v.name);
      renderer.cull(simulation.flock(), rs);  // the variant may not take this size: then the renderer falls back
      if (std::string(renderer.compaction().name) != v.name) {
        progress.clear();
        std::printf("%-16s %10u  %s\n", v.name, n, renderer.compactionNote().c_str());
        rows.push_back({{"part", "pass"}, {"variant", v.name}, {"n", n}, {"available", false}, {"reason", renderer.compactionNote()}});
        continue;
      }
      for (const auto& [cameraName, camera] : cullBenchCameras(s.worldSize)) {
        renderer.placeCamera(camera, viewport, rs, simulation.stats());
        auto run = [&](int) { renderer.cull(simulation.flock(), rs); };
        gl::warmUp(run, 1);
        const std::vector<double> warm = gl::timeRuns(run, kWarmups);
        // A variant that needs seconds a run (single-thread at millions) is timed by its warm-up runs.
        const bool slow = gl::median(warm) > 500.0;
        const int most = std::min(options.bench.repeats, kMostCullRuns);
        const int budget = static_cast<int>(kSecondsPerCase * 1e3 / std::max(gl::median(warm), 1e-3));
        const int runs = slow ? kWarmups : std::clamp(budget, kMinRuns, most);
        const std::string cause = slow ? "its " + std::to_string(kWarmups) + " warm-up runs alone (over 500 ms a run)"
                                  : budget < most ? budgetCause() : capCause(kMostCullRuns);
        const double us = gl::median(slow ? warm : gl::timeRuns(run, runs)) * 1e3;
        slowest[v.name] = std::max(slowest[v.name], us);
        const render::CullCounts k = renderer.readCullCounts();
        json row = {{"part", "pass"}, {"variant", v.name}, {"n", n}, {"camera", cameraName}, {"available", true},
                    {"median_us", us}, {"levels", {{"near", k.levels[0]}, {"middle", k.levels[1]}, {"far", k.levels[2]}}}};
        const char mark = cut.note(row, std::string(v.name) + " n=" + std::to_string(n) + " " + cameraName, runs, cause);
        progress.clear();
        std::printf("%-16s %10u %-8s %5d%c %11.2f %10u %10u %10u\n", v.name, n, cameraName, runs, mark, us, k.levels[0],
                    k.levels[1], k.levels[2]);
        std::fflush(stdout);
        rows.push_back(row);
        csv += std::string("cull-pass,") + v.name + "@" + cameraName + "," + std::to_string(n) + "," +
               std::to_string(runs) + "," + std::to_string(us) + "\n";
      }
    }
  }

  progress.clear();
  cut.footnote();

  const primitives::CompactVariant* asked = primitives::findVariant(primitives::compactions(), options.settings.compact);
  const char* compaction = asked && asked->unavailableOn(caps).empty() ? asked->name : render::kFallbackCompaction;
  std::printf("\ndrawing, 1280x720 4x MSAA, CIS 565 scenario, medians of the frames after at least 20 warm-up (compaction %s):\n",
              compaction);
  std::printf("%10s %-8s %-5s %7s %10s %10s %10s %10s %10s %10s %10s\n", "n", "camera", "cull", "frames", "draw ms",
              "cull ms", "frame ms", "visible", "near", "middle", "far");
  for (std::uint32_t n : options.bench.gridSizes) {
    if (!cullBenchDraws(n, options, caps)) continue;
    const sim::SimSettings s = cis565(options, n);
    for (const auto& [cameraName, camera] : cullBenchCameras(s.worldSize)) {
      for (bool cull : {true, false}) {
        progress.next("bench --cull: drawing n=" + std::to_string(n) + " from " + cameraName + ", culling " + (cull ? "on" : "off"));
        const int frames = n <= (1u << 20) ? 100 : 30;
        render::RenderSettings on = rs;
        on.cull = cull;
        const TimedFrames t = timeFrames(options, shaders, caps, s, camera, on, frames, options.settings.sort);
        double draw = 0, cullMs = 0, frame = 0;
        for (const gl::PassStats& p : t.passes) {
          frame += p.medianMs;
          if (p.name == passInfo(Pass::Render).name) draw = p.medianMs;
          if (p.name == passInfo(Pass::Cull).name) cullMs = p.medianMs;
        }
        const render::CullCounts& k = t.counts;
        progress.clear();
        std::printf("%10u %-8s %-5s %7d %10.3f %10.3f %10.3f %10u %10u %10u %10u\n", n, cameraName, cull ? "on" : "off",
                    frames, draw, cullMs, frame, k.visible(), k.levels[0], k.levels[1], k.levels[2]);
        std::fflush(stdout);
        rows.push_back({{"part", "draw"}, {"n", n}, {"camera", cameraName}, {"cull", cull}, {"frames", frames},
                        {"compaction", t.compaction}, {"draw_ms", draw}, {"cull_ms", cullMs},
                        {"frame_ms", frame}, {"visible", k.visible()},
                        {"levels", {{"near", k.levels[0]}, {"middle", k.levels[1]}, {"far", k.levels[2]}}}});
        csv += std::string("cull-draw,") + cameraName + (cull ? "@on" : "@off") + "," + std::to_string(n) + "," +
               std::to_string(frames) + "," + std::to_string(draw * 1e3) + "\n";
      }
    }
  }
  return rows;
}

int reduceCases(const Options& options, const gl::Caps& caps) {
  const auto& only = options.bench.strategies;
  const int strategies = only.empty() ? static_cast<int>(centroid::strategies().size()) : static_cast<int>(only.size());
  int cases = 1;  // the streaming rate
  for (std::uint32_t n : options.bench.sizes) cases += sim::checkBuffersFit(n, caps).empty() ? 2 + strategies : 0;
  return cases;
}

// bench --reduce: the two baselines and every centroid strategy over the sizes, each held to the
// floor: N x 16 bytes at the streaming rate of this GPU, measured first by a copy in this run.
// `floor` receives how the rate was measured.
json reduceBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, std::string& csv,
                 ColdRuns& cold, Progress& progress, json& floor) {
  json results = json::array();
  RunsCut cut(options.bench.repeats);
  progress.next("bench --reduce: the streaming rate (a copy of " + std::to_string(cold.largestCopy() >> 20) + " MiB)");
  const ColdRuns::Copy rate = cold.copy(cold.largestCopy(), std::clamp(options.bench.repeats, kMinRuns, kMostRateRuns));
  const double bandwidth = rate.bytesPerSecond;
  floor = {{"floor_bandwidth_bytes_per_s", bandwidth},
           {"floor_bandwidth_measured_by",
            {{"what", "stream copy, bytes read plus bytes written per second, each run from a cold L2"},
             {"bytes", rate.bytes}, {"runs", rate.runs}, {"median_us", rate.medianMs * 1e3}}}};
  progress.clear();
  std::printf("\nfloor = N x 16 B at %.0f GB/s, measured by a stream copy of %zu MiB in this run (bytes read plus written, "
              "median of %d runs); the baselines show the fixed cost of one dispatch + barrier, and what a plain "
              "streaming read of the positions reaches\n\n",
              bandwidth * 1e-9, rate.bytes >> 20, rate.runs);
  centroid::Baselines baselines(shaders, caps);
  std::printf("%-20s %10s %5s  %11s %11s %11s %9s %10s %s\n", "strategy", "n", "runs", "median us", "min us", "p90 us",
              "GB/s", "floor us", "check");
  gl::Buffer stats("bench.stats", sizeof(gpu::FlockStats));

  for (std::uint32_t n : options.bench.sizes) {
    if (std::string why = sim::checkBuffersFit(n, caps); !why.empty()) {
      std::printf("n=%u skipped: %s\n", n, why.c_str());
      continue;
    }
    const std::string size = " n=" + std::to_string(n);
    sim::SimSettings settings;
    settings.count = n;
    settings.worldSize = sim::worldSizeForCount(n);
    const std::vector<glm::vec4> positions = sim::initialState(settings).positions;
    const verify::ReferenceStats ref = verify::referenceStats(positions);
    const std::size_t bytes = std::size_t(n) * sizeof(glm::vec4);
    const std::size_t copies = std::clamp<std::size_t>((kRotationBytes + bytes - 1) / bytes, 1, 64);
    std::vector<gl::Buffer> inputs;
    for (std::size_t c = 0; c < copies; ++c) {
      inputs.push_back(gl::Buffer::fromSpan(std::string_view("bench.positions"), std::span<const glm::vec4>(positions)));
    }
    const float bound = 0.5f * settings.worldSize;
    const double floorUs = bandwidth > 0 ? static_cast<double>(bytes) / bandwidth * 1e6 : 0.0;

    // Baselines, with the same grid as the grid-stride strategies and the same closing barrier.
    const std::pair<const char*, std::function<void(int)>> kBaselines[] = {
        {"baseline/dispatch", [&](int) { baselines.dispatchOnly(stats); }},
        {"baseline/stream-read", [&](int k) { baselines.streamRead(inputs[std::size_t(k) % copies], n, stats); }}};
    for (const auto& [name, run] : kBaselines) {
      progress.next("bench --reduce: " + std::string(name) + size);
      gl::warmUp(run, kWarmups);
      const std::vector<double> ms = gl::timeRuns(run, options.bench.repeats);
      const double med = gl::median(ms) * 1e3, lo = *std::min_element(ms.begin(), ms.end()) * 1e3;
      const double gbs = static_cast<double>(bytes) / (med * 1e-6) * 1e-9;
      json r = {{"strategy", name}, {"n", n}, {"available", true}, {"baseline", true}, {"median_us", med}, {"min_us", lo},
                {"p90_us", percentile(ms, 0.9) * 1e3}, {"gbytes_per_s", gbs}, {"floor_us", floorUs}};
      const char mark = cut.note(r, name + size, options.bench.repeats, "");
      progress.clear();
      std::printf("%-20s %10u %5d%c %11.2f %11.2f %11.2f %9.0f %10.2f %s\n", name, n, options.bench.repeats, mark, med, lo,
                  percentile(ms, 0.9) * 1e3, gbs, floorUs, "-");
      results.push_back(r);
    }
    for (const centroid::StrategyInfo& info : centroid::strategies()) {
      const auto& only = options.bench.strategies;
      if (!only.empty() && std::find(only.begin(), only.end(), info.name) == only.end()) continue;
      progress.next("bench --reduce: " + std::string(info.name) + size);
      json r = {{"strategy", info.name}, {"n", n}};
      std::string why = info.unavailableOn(caps);
      std::unique_ptr<centroid::Strategy> strategy;
      if (why.empty()) {
        strategy = info.create(shaders, caps);
        why = strategy->unavailableFor(n);
      }
      if (!why.empty()) {
        r["available"] = false;
        r["reason"] = why;
        progress.clear();
        std::printf("%-20s %10u  unavailable: %s\n", info.name, n, why.c_str());
        results.push_back(r);
        continue;
      }
      auto run = [&](int k) { strategy->reduce({&inputs[std::size_t(k) % copies], n, bound}, stats); };
      gl::warmUp(run, 1);
      const double warm = gl::median(gl::timeRuns(run, kWarmups));
      const int runs = std::clamp(static_cast<int>(kSecondsPerCase * 1e3 / std::max(warm, 1e-3)), kMinRuns,
                                  options.bench.repeats);
      const std::vector<double> ms = gl::timeRuns(run, runs);
      // The last result must still be right: a fast wrong answer is not a result.
      const gpu::FlockStats g = stats.read<gpu::FlockStats>(1)[0];
      const glm::dvec3 tol = verify::centroidTolerance(ref, n, strategy->errorModel(n, bound));
      bool correct = g.boundsMin.x == static_cast<float>(ref.boundsMin.x) && g.boundsMax.z == static_cast<float>(ref.boundsMax.z);
      for (int a = 0; a < 3; ++a) correct = correct && std::abs(g.meanPosition[a] - ref.centroid[a]) <= tol[a];
      const double med = gl::median(ms) * 1e3, lo = *std::min_element(ms.begin(), ms.end()) * 1e3,
                   p90 = percentile(ms, 0.9) * 1e3;
      const double gbs = med > 0 ? static_cast<double>(bytes) / (med * 1e-6) * 1e-9 : 0.0;
      r.update({{"available", true}, {"detail", strategy->detail()}, {"median_us", med}, {"min_us", lo}, {"p90_us", p90},
                {"gbytes_per_s", gbs}, {"floor_us", floorUs}, {"correct", correct}});
      const char mark = cut.note(r, info.name + size, runs, budgetCause());
      progress.clear();
      std::printf("%-20s %10u %5d%c %11.2f %11.2f %11.2f %9.0f %10.2f %s\n", info.name, n, runs, mark, med, lo, p90, gbs,
                  floorUs, correct ? "ok" : "WRONG");
      std::fflush(stdout);
      csv += std::string(info.name) + "," + std::to_string(n) + "," + std::to_string(runs) + "," + std::to_string(med) +
             "," + std::to_string(lo) + "," + std::to_string(p90) + "," + std::to_string(gbs) + "," +
             std::to_string(floorUs) + "," + (correct ? "1" : "0") + "\n";
      results.push_back(r);
    }
  }
  progress.clear();
  cut.footnote();
  return results;
}

int runBench(const Options& options) {
  const std::unique_ptr<platform::HeadlessContext> context = openHeadless(options);
  if (!context) return 1;
  const gl::Caps caps = gl::Caps::query();
  const bool gpuTimers = gl::timerQueriesMeaningful();
  if (!gpuTimers) {
    std::printf("note: %s has no meaningful GPU timers; these are CPU times around glFinish, not GPU numbers\n",
                caps.renderer.c_str());
  }
  const BenchOptions& b = options.bench;
  const int cases = (b.sort ? sortCases(options, caps) : 0) + (b.frame ? frameCases(options, caps) : 0) +
                    (b.cull ? cullCases(options, caps) : 0) + (b.sh ? shBenchCases() : 0) +
                    (b.sparse ? sparseCases(options, caps) : 0) +
                    (b.scan || b.compact ? primitivesCases(options, caps) : 0) + (b.reduce ? reduceCases(options, caps) : 0);
  if (cases == 0) {  // every size skipped: a run that measured nothing is an error, not a success
    const std::uint32_t n = b.gridSizes.empty() ? 0 : b.gridSizes.front();
    std::string why = sim::checkCountFits(n, caps, options.settings.sim.neighbours);
    if (why.empty()) why = sim::checkBuffersFit(b.sizes.empty() ? 0 : b.sizes.front(), caps);
    std::fprintf(stderr, "boids: error: nothing to measure: every size of --sizes is skipped here (n=%u: %s)\n", n, why.c_str());
    return 1;
  }
  json doc = {{"renderer", caps.renderer}, {"version", caps.version}, {"gpu_timers", gpuTimers}};
  json sortRows, frameRows, scanRows, compactRows, cullRows, shRows, sparseRows;
  std::string csv = "strategy,n,runs,median_us,min_us,p90_us,gbytes_per_s,floor_us,correct\n";
  std::string gridCsv = "bench,name,n,runs,median_us\n";
  try {
    Progress progress(cases);  // inside the try: an error's message comes after it is cleared
    const gl::ShaderLibrary shaders = loadShaders(options);
    std::optional<ColdRuns> cold;  // 512 MiB of scrub buffers: only for the benches that use them
    if (b.sh || b.reduce) cold.emplace(shaders, caps);
    if (b.sort) sortRows = sortBench(options, shaders, caps, gridCsv, progress);
    if (b.frame) frameRows = frameBench(options, shaders, caps, gridCsv, progress);
    if (b.cull) cullRows = cullBench(options, shaders, caps, gridCsv, progress);
    if (b.sh) shRows = shBench(options, shaders, caps, gridCsv, *cold, progress);
    if (b.sparse) sparseRows = sparseBench(options, shaders, caps, gridCsv, progress);
    if (b.scan || b.compact) {
      scanRows = json::array();
      compactRows = json::array();
      for (json& row : primitivesBench(options, shaders, caps, gridCsv, progress)) {
        (row["primitive"] == "scan" ? scanRows : compactRows).push_back(row);
      }
    }
    if (b.reduce) {
      json floor;
      doc["results"] = reduceBench(options, shaders, caps, csv, *cold, progress, floor);
      doc.update(floor);
    }
    progress.clear();
    if (!b.json.empty()) {
      doc.update({{"sort", sortRows}, {"frame", frameRows}, {"scan", scanRows}, {"compact", compactRows}, {"cull", cullRows},
                  {"sh", shRows}, {"sparse", sparseRows}});
      writeFileAtomically(b.json, doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n");
      std::printf("json: %s\n", std::filesystem::absolute(b.json).c_str());
    }
    if (!b.csv.empty()) {
      const bool others = b.sort || b.frame || b.scan || b.compact || b.cull || b.sh || b.sparse;
      writeFileAtomically(b.csv, !b.reduce ? gridCsv : others ? csv + "\n" + gridCsv : csv);
      std::printf("csv: %s\n", std::filesystem::absolute(b.csv).c_str());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  return glDebugExitCode(options);
}

}  // namespace boids::app
