// boids bench: GPU times over sizes of the lab's stages (--sort, --cull's pass, --sh, --scan,
// --compact, --reduce, --stages: loops over app/stages.cpp), of the frame's passes in the CIS 565
// scenario (--frame) and of its drawing with and without culling (--cull); --sparse is in
// app/bench_sparse.cpp.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include <nlohmann/json.hpp>

#include "app/bench.hpp"
#include "app/files.hpp"
#include "app/modes.hpp"
#include "app/stages.hpp"
#include "engine/lighting/sh_stage.hpp"
#include "engine/frame.hpp"
#include "engine/gl/timer.hpp"
#include "engine/platform/context.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/render/offscreen_target.hpp"
#include "engine/sim/case_flock.hpp"
#include "engine/sim/flock.hpp"
#include "engine/sim/simulation.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;

constexpr int kMinRuns = 5;
// Caps on the runs of a case, whatever --repeats asks for.
constexpr int kMostSortRuns = 60, kMostLabRuns = 200, kMostCullRuns = 100, kMostShRuns = 50, kMostRateRuns = 50;

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
          simulation.grid().sorter().name, simulation.reduceVariant().name, renderer.compaction().name};
}

int frameCases(const Options& options, const gl::Caps& caps) {
  int cases = 0;
  for (std::uint32_t n : options.bench.gridSizes) cases += sim::checkCountFits(n, caps, options.settings.sim.neighbours).empty();
  const int drawModes = options.settings.render.cull ? int(std::size(render::kDrawModes)) - 1 : 0;
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
    for (const auto& [mode, name] : render::kDrawModes) {
      if (mode == rs.draw) continue;
      render::RenderSettings other = rs;
      other.draw = mode;
      progress.next("bench --frame: n=" + std::to_string(n) + ", drawn " + render::drawModeName(mode));
      rows.push_back(frameCase(options, shaders, caps, s, frames, options.settings.sort.c_str(), other, csv, progress));
    }
  }
  return rows;
}

// Whether bench --cull's drawing part draws `n` boids: on a GPU the pass table covers the sizes
// below a million.
bool cullBenchDraws(std::uint32_t n, const Options& options, const gl::Caps& caps) {
  if (n < (1u << 20) && options.bench.gridSizes.size() > 1 && !caps.softwareRenderer()) return false;
  return sim::checkCountFits(n, caps, options.settings.sim.neighbours).empty();
}

int cullDrawCases(const Options& options, const gl::Caps& caps) {
  int cases = 0;
  for (std::uint32_t n : options.bench.gridSizes) cases += cullBenchDraws(n, options, caps) ? 2 * 2 : 0;  // two cameras, culled and not
  return cases;
}

// bench --cull's drawing (its pass is the cull stage's bench): frames of the CIS 565 scenario (at
// least 20 warm-up steps, then timed) drawn with culling and levels of detail on (the default
// compaction) and off, from both cameras: the draw, the cull and the whole frame (every pass), and
// the levels' counts.
json cullDrawBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, std::string& csv,
                   Progress& progress) {
  json rows = json::array();
  render::RenderSettings rs = options.settings.render;
  rs.follow = false;
  const primitives::CompactVariant* asked = primitives::findVariant(primitives::compactions(), options.settings.compact);
  const char* compaction = asked && asked->unavailableOn(caps).empty() ? asked->name : render::kFallbackCompaction;
  std::printf("\ndrawing, 1280x720 4x MSAA, CIS 565 scenario, medians of the frames after at least 20 warm-up (compaction %s):\n",
              compaction);
  std::printf("%10s %-8s %-5s %7s %10s %10s %10s %10s %10s %10s %10s\n", "n", "camera", "cull", "frames", "draw ms",
              "cull ms", "frame ms", "visible", "near", "middle", "far");
  for (std::uint32_t n : options.bench.gridSizes) {
    if (!cullBenchDraws(n, options, caps)) continue;
    const sim::SimSettings s = cis565(options, n);
    for (const auto& [cameraName, camera] : render::benchCameras(s.worldSize)) {
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

// The benches that are stages of the lab (app/stages.cpp): the option that asks for each, the
// sizes it sweeps, the variants it is restricted to, its runs' cap and its rows' key in the JSON.
// --sh's sizes are map heights, not flocks, and each of its runs starts from a cold L2 (its maps
// fit the L2 of a large GPU).
struct StageBench {
  const char* stage;
  bool BenchOptions::*asked;
  std::vector<std::uint32_t> (*sizes)(const BenchOptions&);
  std::vector<std::string> BenchOptions::*only;
  int most;
  const char* key;
  bool maps = false;
};
std::vector<std::uint32_t> flockSizes(const BenchOptions& b) { return b.sizes; }
std::vector<std::uint32_t> gridSizes(const BenchOptions& b) { return b.gridSizes; }
std::vector<std::uint32_t> mapHeights(const BenchOptions&) { return lighting::shBenchHeights(); }
constexpr StageBench kStageBenches[] = {
    {"sort", &BenchOptions::sort, gridSizes, &BenchOptions::sorters, kMostSortRuns, "sort"},
    {"cull", &BenchOptions::cull, gridSizes, nullptr, kMostCullRuns, "cull"},
    {"sh", &BenchOptions::sh, mapHeights, nullptr, kMostShRuns, "sh", true},
    {"scan", &BenchOptions::scan, flockSizes, nullptr, kMostLabRuns, "scan"},
    {"compact", &BenchOptions::compact, flockSizes, nullptr, kMostLabRuns, "compact"},
    {"reduce", &BenchOptions::reduce, flockSizes, &BenchOptions::strategies, 1 << 30, "results"},
};

// The stage benches asked for: by their options (--sort, ...) or by name (--stages), each once; a
// stage without options of its own is timed at --sizes with the lab's cap, its rows under its name.
std::vector<StageBench> askedStages(const BenchOptions& b) {
  std::vector<StageBench> asked;
  auto named = [&](const char* stage) { return std::find(b.stages.begin(), b.stages.end(), stage) != b.stages.end(); };
  for (const StageBench& s : kStageBenches) {
    if (b.*s.asked || named(s.stage)) asked.push_back(s);
  }
  for (const std::string& name : b.stages) {
    const bool own = std::any_of(std::begin(kStageBenches), std::end(kStageBenches), [&](const StageBench& s) { return name == s.stage; });
    if (!own) asked.push_back({findStage(name)->name, nullptr, flockSizes, nullptr, kMostLabRuns, findStage(name)->name});
  }
  return asked;
}

bool onlyAllows(const Options& options, const StageBench& b, const std::string& variant) {
  if (!b.only) return true;
  const std::vector<std::string>& only = options.bench.*b.only;
  return only.empty() || std::find(only.begin(), only.end(), variant) != only.end();
}

// A stage bench's cases at the sizes this GPU holds: the input and baselines, and each variant.
int stageCases(const StageBench& b, const lab::Stage& stage, const Options& options, const gl::Caps& caps) {
  int variants = 0;
  for (const auto& [name, why] : stage.variants()) variants += onlyAllows(options, b, name);
  int cases = 0;
  for (std::uint32_t n : b.sizes(options.bench)) cases += b.maps || sim::checkBuffersFit(n, caps).empty() ? 1 + variants : 0;
  return cases;
}

// A stage's row as a line of its table; its CSV line.
void printStageRow(const json& r, const std::string& kept, char mark, std::string& csv) {
  const std::string name = r["variant"].get<std::string>();
  if (!r.value("available", true)) {
    std::printf("%-22s %10u %7s  unavailable: %s\n", name.c_str(), r["n"].get<unsigned>(), kept.c_str(),
                r["reason"].get<std::string>().c_str());
    return;
  }
  auto cell = [&](const char* key, const char* format, double scale = 1) {
    char text[32] = "-";
    if (r.contains(key)) std::snprintf(text, sizeof text, format, r[key].get<double>() * scale);
    return std::string(text);
  };
  std::printf("%-22s %10u %7s %5d%c %11s %11s %11s %9s %8s %10s %s\n", name.c_str(), r["n"].get<unsigned>(),
              kept.c_str(), r.value("runs", 0), mark, cell("median_us", "%.2f").c_str(), cell("min_us", "%.2f").c_str(),
              cell("p90_us", "%.2f").c_str(), cell("gbytes_per_s", "%.0f").c_str(), cell("fraction_of_copy", "%.0f%%", 100).c_str(),
              cell("floor_us", "%.2f").c_str(), r.value("baseline", false) ? "-" : r["correct"].get<bool>() ? "ok" : "WRONG");
  std::fflush(stdout);
  std::string common = ",";  // built in steps: GCC 12 warns falsely (-Wrestrict) on "," + std::string
  common += std::to_string(r["n"].get<unsigned>()) + "," + std::to_string(r.value("runs", 0)) + "," +
            std::to_string(r.value("median_us", 0.0));
  if (r["stage"] != "reduce") {
    csv += r["stage"].get<std::string>() + "," + name + (kept != "-" ? "@" + kept : "") + common + "\n";
  } else {  // the reduction's own columns
    csv += name + common + "," + std::to_string(r["min_us"].get<double>()) + "," + std::to_string(r["p90_us"].get<double>()) +
           "," + cell("gbytes_per_s", "%f") + "," + cell("floor_us", "%f") + "," + (r.value("correct", true) ? "1" : "0") + "\n";
  }
}

// One stage's bench: at each size its case (seed 1), the baselines, then each variant, timed
// within the budget and judged; the rows as a table, CSV lines and JSON.
json stageBench(const StageBench& b, lab::Stage& stage, const lab::Context& context, const Options& options, std::string& csv,
                Progress& progress, ColdRuns* cold) {
  json rows = json::array();
  RunsCut cut(options.bench.repeats);
  lab::BudgetTimer timer(options.bench.repeats, b.most, b.maps && cold ? std::function<void()>([cold] { cold->scrub(); }) : nullptr);
  std::printf("\n%-22s %10s %7s %5s  %11s %11s %11s %9s %8s %10s %s\n", b.stage, "n", "input", "runs", "median us", "min us",
              "p90 us", "GB/s", "of copy", "floor us", "check");
  for (std::uint32_t n : b.sizes(options.bench)) {
    if (std::string why = sim::checkBuffersFit(n, context.caps); !why.empty() && !b.maps) {
      std::printf("n=%u skipped: %s\n", n, why.c_str());
      continue;
    }
    const std::string size = " n=" + std::to_string(n);
    progress.next("bench --" + std::string(b.stage) + ":" + size + ", the input and the baselines");
    stage.prepare({n, 1, 0, lab::Purpose::Bench});
    auto report = [&](json row) {
      row["primitive"] = b.stage;
      if (row.value("available", true)) row["correct"] = row.value("pass", true);  // a baseline is not judged
      const json camera = row.value("camera", json("-"));
      const std::string kept = row.value("kept_fraction", row.value("layout", camera.is_string() ? camera.get<std::string>() : "-"));
      const char mark = row.value("available", true) ? cut.note(row, row["variant"].get<std::string>() + size +
                                                                            (kept != "-" ? " " + kept : ""))
                                                     : ' ';
      progress.clear();
      printStageRow(row, kept, mark, csv);
      rows.push_back(std::move(row));
    };
    for (json& row : stage.baselines(timer)) report(std::move(row));
    const auto variants = stage.variants();
    for (std::size_t k = 0; k < variants.size(); ++k) {
      if (!onlyAllows(options, b, variants[k].first)) continue;
      progress.next("bench --" + std::string(b.stage) + ": " + variants[k].first + size);
      for (json& row : stage.run(k, timer)) report(std::move(row));
    }
  }
  progress.clear();
  cut.footnote();
  return rows;
}

// The streaming rate the reduction's floors are held to: a copy measured in this run.
double streamingRate(ColdRuns& cold, const Options& options, Progress& progress, json& doc) {
  progress.next("bench --reduce: the streaming rate (a copy of " + std::to_string(cold.largestCopy() >> 20) + " MiB)");
  const ColdRuns::Copy rate = cold.copy(cold.largestCopy(), std::clamp(options.bench.repeats, kMinRuns, kMostRateRuns));
  doc["floor_bandwidth_measured_by"] = {{"what", "stream copy, bytes read plus bytes written per second, each run from a cold L2"},
                                        {"bytes", rate.bytes}, {"runs", rate.runs}, {"median_us", rate.medianMs * 1e3}};
  progress.clear();
  std::printf("\nfloor = N x 16 B at %.0f GB/s, measured by a stream copy of %zu MiB in this run (bytes read plus written, "
              "median of %d runs); the baselines show the fixed cost of one dispatch + barrier, and what a plain "
              "streaming read of the positions reaches\n",
              rate.bytesPerSecond * 1e-9, rate.bytes >> 20, rate.runs);
  return rate.bytesPerSecond;
}

// What bench writes: the rows of each sub-bench under its key, and the CSV lines.
struct BenchOutput {
  json doc;
  std::string csv = "strategy,n,runs,median_us,min_us,p90_us,gbytes_per_s,floor_us,correct\n";  // --reduce's
  std::string gridCsv = "bench,name,n,runs,median_us\n";                                          // every other
};

// Every sub-bench the options ask for, in order, into `out`.
void runBenches(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, BenchOutput& out) {
  const BenchOptions& b = options.bench;
  sim::CaseFlocks flocks(shaders, caps, cis565(options, 0));  // the bench's flocks: the CIS 565 scenario, spread evenly
  lab::Context lab{shaders, caps, options.settings.sim, [&](const lab::Case& c) -> const lab::Flock& { return flocks.get(c); },
                   0};
  std::vector<std::pair<StageBench, std::unique_ptr<lab::Stage>>> made;
  int cases = (b.frame ? frameCases(options, caps) : 0) + (b.cull ? cullDrawCases(options, caps) : 0) +
              (b.sparse ? sparseCases(options, caps) : 0);
  for (const StageBench& s : askedStages(b)) {
    made.emplace_back(s, findStage(s.stage)->create(lab));
    cases += stageCases(s, *made.back().second, options, caps);
  }
  const bool reduce = std::any_of(made.begin(), made.end(), [](const auto& m) { return m.first.stage == std::string_view("reduce"); });
  cases += reduce ? 1 : 0;  // the reduction's: the streaming rate
  if (cases == 0) {  // every size skipped: a run that measured nothing is an error, not a success
    const std::uint32_t n = b.gridSizes.empty() ? 0 : b.gridSizes.front();
    std::string why = sim::checkCountFits(n, caps, options.settings.sim.neighbours);
    if (why.empty()) why = sim::checkBuffersFit(b.sizes.empty() ? 0 : b.sizes.front(), caps);
    throw std::runtime_error("error: nothing to measure: every size of --sizes is skipped here (n=" + std::to_string(n) + ": " + why + ")");
  }
  Progress progress(cases);
  std::optional<ColdRuns> cold;  // 512 MiB of scrub buffers: only for the benches that use them
  if (b.sh || reduce || std::find(b.stages.begin(), b.stages.end(), "sh") != b.stages.end()) cold.emplace(shaders, caps);
  auto stageRows = [&](const char* name) {
    for (auto& [s, stage] : made) {
      if (s.stage != std::string_view(name)) continue;
      const bool reduction = s.stage == std::string_view("reduce");
      if (reduction) lab.bytesPerSecond = streamingRate(*cold, options, progress, out.doc);
      out.doc[s.key] = stageBench(s, *stage, lab, options, reduction ? out.csv : out.gridCsv, progress, cold ? &*cold : nullptr);
    }
  };
  stageRows("sort");
  if (b.frame) out.doc["frame"] = frameBench(options, shaders, caps, out.gridCsv, progress);
  stageRows("sh");
  if (b.sparse) out.doc["sparse"] = sparseBench(options, shaders, caps, out.gridCsv, progress);
  stageRows("cull");
  if (b.cull) {
    for (json& row : cullDrawBench(options, shaders, caps, out.gridCsv, progress)) out.doc["cull"].push_back(std::move(row));
  }
  for (const char* name : {"scan", "compact", "reduce"}) stageRows(name);
  for (const std::string& name : b.stages) {  // the stages with no options of their own
    const bool own = std::any_of(std::begin(kStageBenches), std::end(kStageBenches), [&](const StageBench& s) { return name == s.stage; });
    if (!own) stageRows(name.c_str());
  }
  if (lab.bytesPerSecond > 0) out.doc["floor_bandwidth_bytes_per_s"] = lab.bytesPerSecond;
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
  BenchOutput out;
  out.doc = {{"renderer", caps.renderer}, {"version", caps.version}, {"gpu_timers", gpuTimers}};
  for (const char* key : {"sort", "frame", "scan", "compact", "cull", "sh", "sparse"}) out.doc[key] = nullptr;
  try {
    runBenches(options, loadShaders(options), caps, out);
    if (!b.json.empty()) {
      writeFileAtomically(b.json, out.doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n");
      std::printf("json: %s\n", std::filesystem::absolute(b.json).c_str());
    }
    if (!b.csv.empty()) {
      const bool others = b.sort || b.frame || b.scan || b.compact || b.cull || b.sh || b.sparse;
      writeFileAtomically(b.csv, !b.reduce ? out.gridCsv : others ? out.csv + "\n" + out.gridCsv : out.csv);
      std::printf("csv: %s\n", std::filesystem::absolute(b.csv).c_str());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  return glDebugExitCode(options);
}

}  // namespace boids::app
