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

constexpr glm::ivec2 kFrameSize{1280, 720};  // bench --frame and --cull draw at this size, with 4x MSAA

// A case of the frame's benches: the CIS 565 scenario of `n` boids stepped with `sorter`, drawn as
// `rs` says from `camera`. --frame's cases take the framing camera, every sorter (the sort's share
// of the frame compared in place) and then, with the default sorter, the other draw modes;
// --cull's drawing cases take the default sorter from both bench cameras, culling on and off.
struct FrameCase {
  std::uint32_t n;
  std::string sorter;
  render::RenderSettings rs;
  render::NamedCamera camera;
  int frames;
};

std::vector<FrameCase> frameCases(const Options& options, const gl::Caps& caps, bool drawing) {
  std::vector<FrameCase> cases;
  render::RenderSettings rs = options.settings.render;
  rs.follow = false;
  const std::string& sorter = options.settings.sort;
  for (std::uint32_t n : options.bench.gridSizes) {
    if (!sim::checkCountFits(n, caps, options.settings.sim.neighbours).empty()) continue;  // said by runBenches
    const float side = sim::cis565Scenario(n, options.settings.sim).worldSize;
    const int frames = n <= (1u << 20) ? 100 : drawing ? 30 : 40;
    if (drawing) {  // on a GPU the cull pass's table covers the sizes below a million
      if (n < (1u << 20) && options.bench.gridSizes.size() > 1 && !caps.softwareRenderer()) continue;
      for (const render::NamedCamera& camera : render::benchCameras(side)) {
        for (bool cull : {true, false}) {
          render::RenderSettings culled = rs;
          culled.cull = cull;
          cases.push_back({n, sorter, culled, camera, frames});
        }
      }
      continue;
    }
    const render::NamedCamera framing{"framing", render::OrbitCamera::framing(side)};
    for (const primitives::SortVariant* v : benchSorters(options)) {
      if (v->unavailableOn(caps).empty()) cases.push_back({n, v->name, rs, framing, frames});
    }
    if (!rs.cull) continue;  // without culling the draw modes are darts or splats of every boid: as set
    for (const auto& [mode, name] : render::kDrawModes) {
      render::RenderSettings other = rs;
      other.draw = mode;
      if (mode != rs.draw) cases.push_back({n, sorter, other, framing, frames});
    }
  }
  return cases;
}

// A frame case timed: at least 20 warm-up frames (on a GPU, 0.3 s of them: gl::warmUp), then its
// frames timed pass by pass by the frame timer, drawn at 1280x720 with 4x MSAA. Its row: each
// pass's median and the render pass's parts (each level, the splats' clear and resolve), the
// compute's and the whole frame's sums (the parts are inside the render pass: not added again),
// and the last frame's levels.
json frameRow(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, const FrameCase& c) {
  const sim::SimSettings s = sim::cis565Scenario(c.n, options.settings.sim);
  sim::Simulation simulation(shaders, caps, s, options.settings.reduce);
  simulation.setSorter(c.sorter);
  render::BoidRenderer renderer(shaders, caps, options.settings.compact);
  render::OffscreenTarget target(kFrameSize, 4);
  gl::FrameTimer timer(static_cast<std::size_t>(c.frames));
  const FrameView view{.target = target.target(), .viewport = target.size(), .camera = c.camera.camera, .render = c.rs};
  gl::warmUp([&](int) { runFrame(simulation, renderer, timer, view); }, 20);
  timer.flush();
  timer.clearHistory();
  for (int f = 0; f < c.frames; ++f) runFrame(simulation, renderer, timer, view);
  timer.flush();
  gl::finish();
  const std::string sorter = simulation.grid().sorter().name;
  json row = {{"n", c.n}, {"frames", c.frames}, {"neighbours", sim::neighboursName(s.neighbours)}, {"sorter", sorter},
              {"default", sorter == options.settings.sort}, {"reduction", simulation.reduceVariant().name},
              {"compaction", renderer.compaction().name}, {"cull", c.rs.cull}, {"draw", render::drawModeName(c.rs.draw)},
              {"camera", c.camera.name}, {"width", kFrameSize.x}, {"height", kFrameSize.y}, {"draw_ms", 0.0}, {"cull_ms", 0.0}};
  double compute = 0, frame = 0;
  for (const gl::PassStats& p : timer.stats()) {
    if (render::isDrawPart(p.name)) {
      row["draw_parts"][p.name.substr(std::string_view(render::kDrawPartPrefix).size())] = p.medianMs;
      continue;
    }
    row["passes"][p.name] = p.medianMs;
    frame += p.medianMs;
    for (const PassInfo& info : kPasses) {
      if (p.name != info.name) continue;
      if (info.compute) compute += p.medianMs;
      if (info.pass == Pass::Render) row["draw_ms"] = p.medianMs;
      if (info.pass == Pass::Cull) row["cull_ms"] = p.medianMs;
    }
  }
  const render::CullCounts k = c.rs.cull ? renderer.readCullCounts() : render::CullCounts{{c.n, 0, 0}, c.n};
  row.update({{"compute_ms", compute}, {"frame_ms", frame}, {"visible", k.visible()},
              {"levels", {{"near", k.levels[0]}, {"middle", k.levels[1]}, {"far", k.levels[2]}}}});
  return row;
}

// bench --frame, or --cull's drawing (its cull pass is the cull stage's bench): each case's row as
// a line of one table, and the passes under it.
json frameBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, const char* title,
                const std::vector<FrameCase>& cases, Progress& progress) {
  json rows = json::array();
  std::printf("\n%s: the CIS 565 scenario (wrap-around world, 0.03056 boids per unit^3, no centroid pull) drawn at "
              "%dx%d with 4x MSAA; medians of the frames after at least 20 warm-up (0.3 s), ms:\n",
              title, kFrameSize.x, kFrameSize.y);
  std::printf("%10s %-17s %-7s %-8s %-4s %6s %9s %9s %9s %9s %7s %9s %9s %9s %9s\n", "n", "sorter", "draw", "camera",
              "cull", "frames", "compute", "cull", "render", "frame", "fps", "visible", "near", "middle", "far");
  for (const FrameCase& c : cases) {
    progress.next("bench: frames of n=" + std::to_string(c.n) + ", " + c.sorter + ", drawn " + render::drawModeName(c.rs.draw) +
                  " from " + c.camera.name + (c.rs.cull ? "" : ", no culling"));
    json row = frameRow(options, shaders, caps, c);
    progress.clear();
    const double frame = row["frame_ms"];
    char cull[16] = "-";  // no time for a pass that did not run
    if (c.rs.cull) std::snprintf(cull, sizeof cull, "%.4f", row["cull_ms"].get<double>());
    std::printf("%10u %-17s %-7s %-8s %-4s %6d %9.4f %9s %9.4f %9.4f %7.1f %9u %9u %9u %9u\n", c.n,
                row["sorter"].get<std::string>().c_str(), row["draw"].get<std::string>().c_str(), c.camera.name,
                c.rs.cull ? "on" : "off", c.frames, row["compute_ms"].get<double>(), cull,
                row["draw_ms"].get<double>(), frame, frame > 0 ? 1e3 / frame : 0.0, row["visible"].get<unsigned>(),
                row["levels"]["near"].get<unsigned>(), row["levels"]["middle"].get<unsigned>(), row["levels"]["far"].get<unsigned>());
    std::printf("%10s passes:", "");
    for (const PassInfo& p : kPasses) {
      if (row["passes"].contains(p.name)) std::printf(" %s %.4f", p.name, row["passes"][p.name].get<double>());
    }
    std::printf("\n");
    std::fflush(stdout);
    rows.push_back(std::move(row));
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

// A stage's row as a line of its table.
void printStageRow(const json& r, const std::string& kept, char mark) {
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
              cell("p90_us", "%.2f").c_str(), cell("gbytes_per_s", r.value("gbytes_per_s", 0.0) < 10 ? "%.2f" : "%.0f").c_str(), cell("fraction_of_copy", "%.0f%%", 100).c_str(),
              cell("floor_us", "%.2f").c_str(), r.value("baseline", false) ? "-" : r["correct"].get<bool>() ? "ok" : "WRONG");
  std::fflush(stdout);
}

// One stage's bench: at each size its case (seed 1), the baselines, then each variant, timed
// within the budget and judged; the rows as a table, CSV lines and JSON.
json stageBench(const StageBench& b, lab::Stage& stage, const lab::Context& context, const Options& options, Progress& progress,
                ColdRuns* cold) {
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
      std::string kept = "-";  // what tells the rows of one variant and size apart
      for (const char* key : {"kept_fraction", "layout", "pattern", "camera"}) {
        if (row.contains(key) && row[key].is_string()) {
          kept = row[key].get<std::string>();
          break;
        }
      }
      const char mark = row.value("available", true) ? cut.note(row, row["variant"].get<std::string>() + size +
                                                                            (kept != "-" ? " " + kept : ""))
                                                     : ' ';
      progress.clear();
      printStageRow(row, kept, mark);
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

// The rows as CSV: a table per sub-bench, separated by a blank line, whose columns are every field
// its rows have (a nested one as "passes/sort"), each line led by the sub-bench's key.
std::string csvOf(const json& doc) {
  auto cell = [](const json& v) {
    if (!v.is_string()) return v.dump();
    std::string quoted = "\"";
    for (char ch : v.get<std::string>()) quoted += ch == '"' ? std::string("\"\"") : std::string(1, ch);
    return quoted + "\"";
  };
  std::string csv;
  for (const auto& [key, rows] : doc.items()) {
    if (!rows.is_array() || rows.empty()) continue;
    std::vector<json> flat;
    std::vector<std::string> columns;
    for (const json& row : rows) {
      flat.push_back(row.flatten());
      for (const auto& [field, value] : flat.back().items()) {
        if (std::find(columns.begin(), columns.end(), field) == columns.end()) columns.push_back(field);
      }
    }
    csv += csv.empty() ? "bench" : "\nbench";
    for (const std::string& c : columns) csv.append(",").append(c, 1);
    for (const json& f : flat) {
      csv.append("\n").append(key);
      for (const std::string& c : columns) csv.append(",").append(f.contains(c) ? cell(f[c]) : "");
    }
    csv += "\n";
  }
  return csv;
}

// Every sub-bench the options ask for, in order, into `out`.
void runBenches(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, json& doc) {
  const BenchOptions& b = options.bench;
  sim::CaseFlocks flocks(shaders, caps, sim::cis565Scenario(0, options.settings.sim));  // the bench's flocks: the CIS 565 scenario, spread evenly
  lab::Context lab{shaders, caps, options.settings.sim, [&](const lab::Case& c) -> const lab::Flock& { return flocks.get(c); },
                   0};
  std::vector<std::pair<StageBench, std::unique_ptr<lab::Stage>>> made;
  for (std::uint32_t n : (b.frame || b.cull) ? b.gridSizes : std::vector<std::uint32_t>{}) {
    if (std::string why = sim::checkCountFits(n, caps, options.settings.sim.neighbours); !why.empty()) {
      std::printf("frames of n=%u skipped: %s\n", n, why.c_str());
    }
  }
  const std::vector<FrameCase> frames = b.frame ? frameCases(options, caps, false) : std::vector<FrameCase>{};
  const std::vector<FrameCase> drawings = b.cull ? frameCases(options, caps, true) : std::vector<FrameCase>{};
  int cases = int(frames.size() + drawings.size()) + (b.sparse ? sparseCases(options, caps) : 0);
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
      if (reduction) lab.bytesPerSecond = streamingRate(*cold, options, progress, doc);
      doc[s.key] = stageBench(s, *stage, lab, options, progress, cold ? &*cold : nullptr);
    }
  };
  stageRows("sort");
  if (b.frame) doc["frame"] = frameBench(options, shaders, caps, "frame", frames, progress);
  stageRows("sh");
  if (b.sparse) doc["sparse"] = sparseBench(options, shaders, caps, progress);
  stageRows("cull");
  if (b.cull) {
    for (json& row : frameBench(options, shaders, caps, "drawing", drawings, progress)) {
      row["part"] = "draw";
      doc["cull"].push_back(std::move(row));
    }
  }
  for (const char* name : {"scan", "compact", "reduce"}) stageRows(name);
  for (const std::string& name : b.stages) {  // the stages with no options of their own
    const bool own = std::any_of(std::begin(kStageBenches), std::end(kStageBenches), [&](const StageBench& s) { return name == s.stage; });
    if (!own) stageRows(name.c_str());
  }
  if (lab.bytesPerSecond > 0) doc["floor_bandwidth_bytes_per_s"] = lab.bytesPerSecond;
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
  json doc = {{"renderer", caps.renderer}, {"version", caps.version}, {"gpu_timers", gpuTimers}};
  for (const char* key : {"sort", "frame", "scan", "compact", "cull", "sh", "sparse"}) doc[key] = nullptr;
  try {
    runBenches(options, loadShaders(options), caps, doc);
    if (!b.json.empty()) {
      writeFileAtomically(b.json, doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n");
      std::printf("json: %s\n", std::filesystem::absolute(b.json).c_str());
    }
    if (!b.csv.empty()) {
      writeFileAtomically(b.csv, csvOf(doc));
      std::printf("csv: %s\n", std::filesystem::absolute(b.csv).c_str());
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }
  return glDebugExitCode(options);
}

}  // namespace boids::app
