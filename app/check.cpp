// boids check: every reduction strategy on the GPU's positions against the CPU reference.
#include <cmath>
#include <array>
#include <cstdio>
#include <cstring>
#include <optional>
#include <tuple>

#include <nlohmann/json.hpp>

#include "app/files.hpp"
#include "app/modes.hpp"
#include "app/progress.hpp"
#include "engine/centroid/inspector.hpp"
#include "engine/cull/cull.hpp"
#include "engine/gl/timer.hpp"
#include "engine/lighting/sh_projection.hpp"
#include "engine/platform/context.hpp"
#include "engine/primitives/compact/compact.hpp"
#include "engine/primitives/scan/scan.hpp"
#include "engine/primitives/sort/sort.hpp"
#include "engine/render/splats.hpp"
#include "engine/sim/initial_state.hpp"
#include "engine/sim/simulation.hpp"
#include "engine/verify/cull.hpp"
#include "engine/verify/primitives.hpp"
#include "engine/verify/reference.hpp"
#include "engine/verify/splat.hpp"
#include "shaders/common/bindings.h"
#include "shaders/cull/cull_slots.h"

namespace boids::app {
namespace {

using json = nlohmann::json;

constexpr int kSimulatedFramesDefault = 30;
// Pair visits the brute-force step may spend on one case: n^2 x frames.
constexpr double kStepBudgetGpu = 2e11, kStepBudgetSoftware = 5e8;
// Simulated frames with the grid up to these sizes (a frame of 1M boids takes seconds on llvmpipe).
constexpr std::uint32_t kGridStepLimitGpu = 1100000, kGridStepLimitSoftware = 70000;
constexpr std::uint32_t kGridCheckLimit = 1100000;  // grid rows up to 1000003 boids (CPU time of the references)

json vec3Json(glm::dvec3 v) { return json::array({v.x, v.y, v.z}); }

struct Case {
  std::uint32_t n;
  std::uint64_t seed;
  int frames;
};

sim::SimSettings settingsFor(const Options& options, std::uint32_t n, std::uint64_t seed) {
  sim::SimSettings s = options.settings.sim;
  s.count = n;
  s.seed = seed;
  s.worldSize = sim::worldSizeForCount(n);
  s.wallMargin = std::round(s.worldSize) / 10.0f;
  return s;
}

// One strategy on one case: the row of the table and of the JSON.
json checkEntry(centroid::LabEntry& entry, const centroid::Input& input, const verify::ReferenceStats& ref, int repeats) {
  json row = {{"strategy", entry.info->name}, {"bounds_method", entry.info->bounds}};
  if (const std::string why = centroid::Lab::unavailableFor(entry, input.count); !why.empty()) {
    row["available"] = false;
    row["reason"] = why;
    return row;
  }
  const std::vector<double> ms = gl::timeRuns([&](int) { entry.strategy->reduce(input, entry.stats); }, repeats);
  const centroid::Verdict v = centroid::judge(entry.info->name, entry.stats.read<gpu::FlockStats>(1)[0], ref, input.count,
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
  row["tolerance_relative_to_extent"] = v.toleranceRelativeToExtent;  // null where no bound exists
  row["weak_bound"] = v.weakBound;
  row["statistical_bound"] = vec3Json(v.statisticalBound);
  row["above_statistical"] = v.aboveStatistical;
  if (std::string note = centroid::boundNote(v); !note.empty()) row["bound_note"] = note;
  row["bounds_exact"] = v.boundsExact;
  row["count_exact"] = v.countExact;
  row["pass"] = v.pass;
  row["gpu_ms"] = gl::median(ms);
  return row;
}

// Which boids a grid check looks at: all of a small flock, an even sample of a large one.
std::vector<std::uint32_t> sampleOf(std::uint32_t n) {
  constexpr std::uint32_t kAll = 5000, kSample = 64;  // each sampled boid costs an O(N) CPU search
  std::vector<std::uint32_t> out;
  if (n <= kAll) {
    for (std::uint32_t i = 0; i < n; ++i) out.push_back(i);
  } else {
    for (std::uint32_t k = 0; k < kSample; ++k) out.push_back(static_cast<std::uint32_t>(std::uint64_t(k) * n / kSample));
  }
  return out;
}

// The searches whose neighbour sets the grid rows audit against an O(N) CPU search: with the keys
// the world asks for (dense at the check's density), and with hashed keys (what a world far larger
// than the flock gets) on the same flock.
struct AuditedSearch {
  sim::Neighbours neighbours;
  sim::CellSearch cells;
  sim::GridKeys keys;
  const char* name;
};
constexpr AuditedSearch kAuditedSearches[] = {
    {sim::Neighbours::GridScattered, sim::CellSearch::Cells27, sim::GridKeys::Auto, "scattered-27"},
    {sim::Neighbours::GridCoherent, sim::CellSearch::Cells27, sim::GridKeys::Auto, "coherent-27"},
    {sim::Neighbours::GridCoherent, sim::CellSearch::Cells8, sim::GridKeys::Auto, "coherent-8"},
    {sim::Neighbours::GridScattered, sim::CellSearch::Cells27, sim::GridKeys::Hashed, "scattered-27-hashed"},
    {sim::Neighbours::GridCoherent, sim::CellSearch::Cells27, sim::GridKeys::Hashed, "coherent-27-hashed"},
    {sim::Neighbours::GridCoherent, sim::CellSearch::Cells8, sim::GridKeys::Hashed, "coherent-8-hashed"}};

// The table's first column as wide as the longest row name any stage can print, so no row pushes
// its columns out of line.
int nameColumnWidth() {
  std::size_t width = std::strlen("strategy");
  auto fit = [&](const std::string& name) { width = std::max(width, name.size()); };
  for (const centroid::StrategyInfo& s : centroid::strategies()) fit(s.name);
  for (const primitives::SortVariant& v : primitives::sorters()) fit(std::string("sort/") + v.name);
  for (const AuditedSearch& audited : kAuditedSearches) fit(std::string("neighbours/") + audited.name);
  for (sim::Neighbours n : {sim::Neighbours::BruteForce, sim::Neighbours::GridScattered, sim::Neighbours::GridCoherent}) {
    fit(std::string("step/") + sim::neighboursName(n));
  }
  for (const primitives::ScanVariant& v : primitives::scans()) fit(std::string("scan/") + v.name);
  for (const primitives::CompactVariant& v : primitives::compactions()) {
    fit(std::string("compact/") + v.name);
    fit(std::string("cull/") + v.name);
  }
  fit("splat/two-32-bit-passes");
  for (const char* v : lighting::kShVariants) fit(std::string("sh/") + v);
  return static_cast<int>(width);
}

// A time cell: "-" where the row was not timed (its time is 0).
std::string msCell(double ms) {
  if (!(ms > 0)) return "-";
  char text[32];
  std::snprintf(text, sizeof text, "%.4f", ms);
  return text;
}

json verdictRow(const std::string& stage, const std::string& variant, bool pass, double ms, const std::string& detail) {
  return {{"strategy", stage + "/" + variant}, {"stage", stage}, {"variant", variant}, {"available", true},
          {"pass", pass}, {"gpu_ms", ms}, {"detail", detail}};
}

// A stage's row for a variant this context cannot run, with the reason.
json unavailableRow(const std::string& stage, const std::string& variant, const std::string& why) {
  return {{"strategy", stage + "/" + variant}, {"stage", stage}, {"variant", variant}, {"available", false}, {"reason", why}};
}

// A sort's judgement, failed where a wait of its chained dispatches gave up (so far: its order
// may then be right by luck).
verify::Judgement withWaits(verify::Judgement j, const primitives::Sorter& sorter) {
  if (const std::uint32_t stalled = sorter.stalledWaits(); stalled > 0) {
    j.pass = false;
    j.detail = std::to_string(stalled) + " waits of its chained dispatches gave up so far; " + j.detail;
  }
  return j;
}

// The grid's stages on one case: every sorter against std::sort, the cell ranges against the
// sorted keys, each search's neighbour sets against an O(N) CPU search, and the grid step against
// the double-precision reference (samples of large flocks).
struct GridCheck {  // built once: compiling programs costs more than checking a case on llvmpipe
  sim::Simulation simulation;
  std::vector<std::unique_ptr<primitives::Sorter>> sorters;
};

std::vector<json> checkGrid(GridCheck& check, sim::SimSettings s, const std::vector<glm::vec4>& positions,
                            const std::vector<glm::vec4>& velocities) {
  std::vector<json> rows;
  const std::uint32_t n = s.count;
  const auto less = [](const glm::uvec2& a, const glm::uvec2& b) { return a.x < b.x || (a.x == b.x && a.y < b.y); };
  sim::Simulation& simulation = check.simulation;
  simulation.apply(s);
  simulation.flock().upload({positions, velocities});
  simulation.hash();
  const std::vector<glm::uvec2> unsorted = simulation.grid().pairs().read<glm::uvec2>(n);
  std::vector<glm::uvec2> expected = unsorted;
  std::sort(expected.begin(), expected.end(), less);
  const std::uint32_t keys = sim::gridGeometry(s).keyCount();

  for (std::size_t k = 0; k < primitives::sorters().size(); ++k) {  // sort
    const primitives::SortVariant& info = primitives::sorters()[k];
    primitives::Sorter* sorter = check.sorters[k].get();
    gl::Buffer work("check.sort", std::size_t(primitives::sortCapacity(n)) * 8);
    work.upload(0, std::size_t(n) * 8, unsorted.data());
    const double ms = gl::median(gl::timeRuns([&](int) { sorter->sort(work, n, keys); }, 1));
    std::vector<verify::SortPair> in(n);
    for (std::uint32_t i = 0; i < n; ++i) in[i] = {unsorted[i].x, unsorted[i].y};
    const verify::Judgement j = withWaits(verify::judgeSort(in, work.read<verify::SortPair>(n), info.orderDefined), *sorter);
    rows.push_back(verdictRow("sort", info.name, j.pass, ms,
                              !j.pass                ? j.detail
                              : info.orderDefined ? "equal to std::sort on (key, index)"
                                                  : "sorted by key and a permutation of the input"));
  }

  simulation.sortCells();  // ranges: where each cell starts in the sorted keys, and the end
  const double rangesMs = gl::median(gl::timeRuns([&](int) { simulation.cellRanges(); }, 1));
  const auto starts = simulation.grid().cellStarts().read<std::uint32_t>(std::size_t(keys) + 1);
  std::vector<std::uint32_t> expectedStarts(std::size_t(keys) + 1, n);  // a cell past every key starts at the end
  for (std::uint32_t k = n; k-- > 0;) {  // walking down, a key's lowest slot is written last; empty cells inherit
    expectedStarts[expected[k].x] = k;
  }
  for (std::uint32_t c = keys; c-- > 0;) expectedStarts[c] = std::min(expectedStarts[c], expectedStarts[c + 1]);
  rows.push_back(verdictRow("ranges", "cells", starts == expectedStarts, rangesMs, std::to_string(keys) + " cells"));

  const std::vector<std::uint32_t> sample = sampleOf(n);
  const gpu::SimParams params = sim::toGpu(s);
  for (const AuditedSearch& audited : kAuditedSearches) {
    sim::SimSettings variant = s;
    variant.neighbours = audited.neighbours;
    variant.cells = audited.cells;
    variant.gridKeys = audited.keys;
    simulation.apply(variant);
    simulation.flock().upload({positions, velocities});
    const auto gpu = simulation.auditNeighbours();
    const gpu::SimParams vp = sim::toGpu(variant);
    std::size_t mismatches = 0, skipped = 0;
    for (std::uint32_t i : sample) {
      const verify::NeighbourSet ref = verify::referenceNeighbours(positions, i, vp);
      if (ref.ambiguous) {
        ++skipped;
      } else if (glm::uvec3(gpu[i]) != glm::uvec3(ref.count, ref.sum, ref.xorHash)) {
        ++mismatches;
      }
    }
    rows.push_back(verdictRow("neighbours", audited.name, mismatches == 0, 0.0,
                              std::to_string(sample.size() - skipped) + " boids compared, " + std::to_string(skipped) +
                                  " with a neighbour on the radius skipped"));
  }

  // The grid step (the settings' own search) against the reference, on the sample.
  simulation.apply(s);
  simulation.flock().upload({positions, velocities});
  simulation.reduce();
  const gpu::FlockStats stats = simulation.stats().read<gpu::FlockStats>(1)[0];
  const double stepMs = gl::median(gl::timeRuns([&](int) { simulation.step(); }, 1));
  const sim::FlockState after = simulation.flock().read();
  const std::vector<std::uint32_t> order = simulation.lastOrder();
  std::vector<std::uint32_t> slotOf(n);
  for (std::uint32_t k = 0; k < n; ++k) slotOf[order[k]] = k;
  const auto ref = verify::referenceStep({positions, velocities}, params, glm::dvec3(stats.meanPosition), &sample);
  std::size_t failures = 0, skipped = 0;
  double worstTolerance = 0;  // of a position, over the boids compared
  for (std::uint32_t i : sample) {
    if (ref.ambiguous[i]) {
      ++skipped;
      continue;
    }
    worstTolerance = std::max(worstTolerance, ref.positionTolerance[i]);
    const std::uint32_t slot = slotOf[i];
    const double dv = glm::length(glm::dvec3(after.velocities[slot]) - ref.velocities[i]);
    const double dp = verify::worldDistance(glm::dvec3(after.positions[slot]), ref.positions[i], params);
    if (!(dv <= ref.velocityTolerance[i] && dp <= ref.positionTolerance[i])) ++failures;
  }
  json step = verdictRow("step", sim::neighboursName(s.neighbours), failures == 0, stepMs,
                         std::to_string(sample.size() - skipped) + " boids compared with the reference");
  step["tolerance_relative_to_extent"] = worstTolerance / verify::flockExtent(verify::referenceStats(positions));
  rows.push_back(std::move(step));
  return rows;
}

// The scan primitive on one case: every variant of the registry on `n` seeded small values (as the
// counts and flags a scan sums), judged exactly against the CPU's prefix sums.
std::vector<json> checkScans(std::vector<std::unique_ptr<primitives::Scan>>& scans, std::uint32_t n, std::uint64_t seed,
                             const gl::Caps& caps, int repeats) {
  std::vector<json> rows;
  const std::vector<std::uint32_t> input = verify::scanInput(n, seed);
  gl::Buffer in("check.scan.in", std::size_t(n) * 4), out("check.scan.out", std::size_t(n) * 4);
  in.upload(0, std::size_t(n) * 4, input.data());
  for (std::size_t k = 0; k < primitives::scans().size(); ++k) {
    const primitives::ScanVariant& v = primitives::scans()[k];
    if (const std::string why = v.unavailableOn(caps); !why.empty()) {
      rows.push_back(unavailableRow("scan", v.name, why));
      continue;
    }
    out.zero(std::size_t(n) * 4);
    const double ms = gl::median(gl::timeRuns([&](int) { scans[k]->run(in, out, n); }, repeats));
    const verify::Judgement j = verify::judgeScan(input, out.read<std::uint32_t>(n));
    rows.push_back(verdictRow("scan", v.name, j.pass, ms, j.detail));
  }
  return rows;
}

// The sort primitive on one case: every sorter on each input pattern of verify::kSortPatterns
// (keys sorted, reversed, all equal, over the full 32-bit range) against std::sort. The grid rows
// sort the flock's own (cell, boid) pairs.
std::vector<json> checkSortPatterns(std::vector<std::unique_ptr<primitives::Sorter>>& sorters, std::uint32_t n,
                                    std::uint64_t seed, const gl::Caps& caps) {
  std::vector<json> rows;
  gl::Buffer work("check.sort.patterns", std::size_t(primitives::sortCapacity(n)) * 8);
  for (verify::SortPattern pattern : verify::kSortPatterns) {
    const verify::SortInput input = verify::sortInput(n, pattern, seed);
    const std::string patternName = verify::sortPatternName(pattern);
    for (std::size_t k = 0; k < primitives::sorters().size(); ++k) {
      const primitives::SortVariant& v = primitives::sorters()[k];
      std::string why = v.unavailableOn(caps);
      if (why.empty()) why = sorters[k]->unavailableFor(n);
      if (why.empty()) why = sorters[k]->unavailableForKeys(input.keyCount, input.mostOfOneKey);
      if (!why.empty()) {
        rows.push_back(unavailableRow("sort", v.name, patternName + ": " + why));
        continue;
      }
      work.upload(0, std::size_t(n) * 8, input.pairs.data());
      const double ms = gl::median(gl::timeRuns([&](int) { sorters[k]->sort(work, n, input.keyCount); }, 1));  // sorts in place: once
      const verify::Judgement j = withWaits(verify::judgeSort(input.pairs, work.read<verify::SortPair>(n), v.orderDefined), *sorters[k]);
      rows.push_back(verdictRow("sort", v.name, j.pass, ms, patternName + ": " + j.detail));
    }
  }
  return rows;
}

// Kept fractions a compaction is checked at: none, 1 in 1000, one half, all (flags kept one in N).
struct KeptFraction {
  const char* name;
  std::uint32_t oneIn;
};
constexpr KeptFraction kKeptFractions[] = {{"0", 0}, {"1/1000", 1000}, {"1/2", 2}, {"1", 1}};

// The compaction primitive on one case: every variant of the registry at each kept fraction, judged
// against the CPU's indices (exactly where the variant keeps the input order, else as a set).
std::vector<json> checkCompactions(std::vector<std::unique_ptr<primitives::Compact>>& compactions, std::uint32_t n,
                                   std::uint64_t seed, const gl::Caps& caps, int repeats) {
  std::vector<json> rows;
  gl::Buffer flagsBuffer("check.compact.flags", std::size_t(n) * 4), out("check.compact.out", std::size_t(n) * 4),
      kept("check.compact.kept", 4);
  for (const KeptFraction& fraction : kKeptFractions) {
    const std::vector<std::uint32_t> flags = verify::compactFlags(n, seed, fraction.oneIn);
    flagsBuffer.upload(0, std::size_t(n) * 4, flags.data());
    for (std::size_t k = 0; k < primitives::compactions().size(); ++k) {
      const primitives::CompactVariant& v = primitives::compactions()[k];
      std::string why = v.unavailableOn(caps);
      if (why.empty()) why = compactions[k]->unavailableFor(n);
      json row;
      if (!why.empty()) {
        row = unavailableRow("compact", v.name, why);
      } else {
        const double ms = gl::median(gl::timeRuns([&](int) { compactions[k]->run(flagsBuffer, n, out, kept); }, repeats));
        const std::uint32_t count = kept.read<std::uint32_t>(1)[0];
        const verify::Judgement j = verify::judgeCompact(flags, count, out.read<std::uint32_t>(std::min(count, n)), v.orderDefined);
        row = verdictRow("compact", v.name, j.pass, ms, j.detail);
      }
      row["kept_fraction"] = fraction.name;
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

// The cull on one case: the flock's initial positions for (n, seed) from each camera of
// verify::cullCameras, through every compaction variant with the cull's predicate, each level's
// list judged against the double-precision test (boids within rounding of a decision counted as
// either, and reported). With --dump, the positions go to a file the rows name.
// Empty when each level's draw command is the one its count calls for (cull::commandFor), else
// the first that is not.
std::string commandsMismatch(const cull::Cull& c, const std::array<std::uint32_t, cull::kLevels>& counts) {
  const std::vector<cull::DrawCommand> commands = c.commands().read<cull::DrawCommand>(cull::kLevels);
  for (int level = 0; level < cull::kLevels; ++level) {
    const cull::DrawCommand want = cull::commandFor(c.draw(level), counts[std::size_t(level)]);
    const cull::DrawCommand& got = commands[std::size_t(level)];
    if (got.count != want.count || got.instanceCount != want.instanceCount || got.first != 0 || got.baseInstance != 0) {
      return std::string("the ") + cull::levelName(level) + " level's draw command is {" + std::to_string(got.count) +
             ", " + std::to_string(got.instanceCount) + ", " + std::to_string(got.first) + ", " +
             std::to_string(got.baseInstance) + "}, its count of " + std::to_string(counts[std::size_t(level)]) +
             " calls for {" + std::to_string(want.count) + ", " + std::to_string(want.instanceCount) + ", 0, 0}";
    }
  }
  return {};
}

std::vector<json> checkCulls(std::vector<std::unique_ptr<cull::Cull>>& culls, std::uint32_t n, std::uint64_t seed,
                             const gl::Caps& caps, int repeats, const std::filesystem::path& dumpDir, std::string& dumpName) {
  std::vector<json> rows;
  sim::SimSettings s;
  s.count = n;
  s.seed = seed;
  s.worldSize = sim::worldSizeForCount(n);
  const std::vector<glm::vec4> positions = sim::initialState(s).positions;
  if (!dumpDir.empty()) {
    dumpName = "cull-positions-n" + std::to_string(n) + "-seed" + std::to_string(seed) + ".f32";
    writeFileAtomically(dumpDir / dumpName, std::string(reinterpret_cast<const char*>(positions.data()), positions.size() * 16));
  }
  auto input = gl::Buffer::fromSpan(std::string_view("check.cull.positions"), std::span<const glm::vec4>(positions));
  gl::Buffer params("check.cull.params", sizeof(gpu::CullParams));
  for (const verify::CullCamera& camera : verify::cullCameras(s.worldSize)) {
    params.upload(0, sizeof camera.params, &camera.params);
    const verify::CullReference reference = verify::referenceCull(positions, camera.params);
    json viewProj = json::array();
    for (int c = 0; c < 4; ++c) {
      for (int r = 0; r < 4; ++r) viewProj.push_back(camera.params.viewProj[c][r]);  // column-major
    }
    for (std::size_t k = 0; k < primitives::compactions().size(); ++k) {
      const primitives::CompactVariant& v = primitives::compactions()[k];
      std::string why = v.unavailableOn(caps);
      if (why.empty()) why = culls[k]->unavailableFor(n);
      json row;
      if (!why.empty()) {
        row = unavailableRow("cull", v.name, why);
      } else {
        cull::Cull& c = *culls[k];
        const double ms = gl::median(gl::timeRuns([&](int) { c.run(input, n, params); }, repeats));
        const std::array<std::uint32_t, cull::kLevels> counts = c.readCounts();
        std::array<std::vector<std::uint32_t>, 3> lists;
        for (int level = 0; level < cull::kLevels; ++level) {
          lists[std::size_t(level)] = c.list(level).read<std::uint32_t>(std::min(counts[std::size_t(level)], n));
        }
        verify::Judgement j = verify::judgeCull(reference, lists);
        const std::string commands = commandsMismatch(c, counts);
        if (!commands.empty()) j = {false, commands};
        row = verdictRow("cull", v.name, j.pass, ms, std::string(camera.name) + ": " + j.detail);
        row["visible"] = lists[0].size() + lists[1].size() + lists[2].size();
        row["levels"] = {{"near", lists[0].size()}, {"middle", lists[1].size()}, {"far", lists[2].size()}};
      }
      row["camera"] = {{"name", camera.name}, {"view_proj", viewProj}};
      row["radius"] = camera.params.lod.x;
      row["lod_pixels"] = {camera.params.lod.z, camera.params.lod.w};
      row["ambiguous"] = reference.ambiguousCount;
      rows.push_back(std::move(row));
    }
  }
  return rows;
}

// The compute rasteriser on one case: verify::splatScene's n boids (seeded) on a 200x120 target,
// splatted with their index as payload by each path (one 64-bit atomic a pixel, where the driver
// has it; the two 32-bit passes), every pixel judged against the double-precision reference.
std::vector<json> checkSplats(render::Splats& splats, std::uint32_t n, std::uint64_t seed, int repeats) {
  const verify::SplatScene scene = verify::splatScene(n, seed, {200, 120});
  gpu::CameraState camera{};
  camera.viewProj = scene.view.viewProj;
  camera.eye = glm::vec4(scene.eye, 1.0f);
  gpu::RenderParams params{};
  params.boidScale = scene.view.boidScale;
  params.pixelScale = scene.view.pixelScale;
  params.minPointPixels = scene.view.minPointPixels;
  auto positions = gl::Buffer::fromSpan(std::string_view("check.splat.positions"), std::span<const glm::vec4>(scene.positions));
  auto velocities = gl::Buffer::fromSpan(std::string_view("check.splat.velocities"), std::span<const glm::vec4>(scene.velocities));
  gl::Buffer cameraBuffer("check.splat.camera", sizeof camera, &camera), paramsBuffer("check.splat.params", sizeof params, &params);
  positions.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_POS_IN);
  velocities.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  cameraBuffer.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_CAMERA);
  paramsBuffer.bindBase(GL_UNIFORM_BUFFER, UBO_RENDER_PARAMS);
  std::vector<std::uint32_t> every(n);
  for (std::uint32_t i = 0; i < n; ++i) every[i] = i;
  std::vector<json> rows;
  const bool wide = splats.wide();
  for (const bool narrow : {false, true}) {
    const char* path = narrow ? "two-32-bit-passes" : "one-64-bit-atomic";
    if (!narrow && !wide) {
      rows.push_back(unavailableRow("splat", path, splats.wideAtomicsMissing()));
      continue;
    }
    splats.forceNarrow(narrow);
    const render::Splats::Source source{nullptr, nullptr, nullptr, 0, n, int(CULL_FAR)};
    const double ms = gl::median(gl::timeRuns(
        [&](int) {
          splats.begin(scene.view.size);
          splats.splat(source, scene.view.lod);
          splats.finish();
        },
        repeats));
    const verify::SplatJudgement j = verify::judgeSplats(scene.positions, scene.velocities, every, scene.view,
                                                         splats.readVisibility(), splats.readCoverage());
    std::string detail = std::to_string(j.pixels) + " pixels, " + std::to_string(j.covered) + " covered, " +
                         std::to_string(j.uncertain) + " left open by rounding";
    if (!j.pass()) detail = std::to_string(j.failures) + " pixels wrong; first: " + j.firstFailure;
    json row = verdictRow("splat", path, j.pass(), ms, detail);
    row["pixels"] = j.pixels;
    row["covered"] = j.covered;
    row["uncertain"] = j.uncertain;
    rows.push_back(std::move(row));
  }
  splats.forceNarrow(false);
  return rows;
}

}  // namespace

int runCheck(const Options& options) {
  const std::unique_ptr<platform::HeadlessContext> context = openHeadless(options);
  if (!context) return 1;
  const gl::Caps caps = gl::Caps::query();
  const int frames = options.frames >= 0 ? options.frames : kSimulatedFramesDefault;
  const double stepBudget = caps.softwareRenderer() ? kStepBudgetSoftware : kStepBudgetGpu;
  const std::uint32_t gridStepLimit = caps.softwareRenderer() ? kGridStepLimitSoftware : kGridStepLimitGpu;
  // The sort patterns and the splats up to the grid rows' limit on a GPU; on a CPU renderer up to
  // 65537 (six sorters, four patterns: a million pairs would take minutes there; a million splats
  // several seconds a run).
  const std::uint32_t sortPatternLimit = caps.softwareRenderer() ? kGridStepLimitSoftware : kGridCheckLimit;
  const char* timing = gl::timerQueriesMeaningful() ? "GPU timer queries" : "CPU clock around glFinish";

  const auto wanted = [&](const char* stage) {
    return options.check.stages.empty() ||
           std::find(options.check.stages.begin(), options.check.stages.end(), stage) != options.check.stages.end();
  };
  const bool flockStages = wanted("reduce") || wanted("sort") || wanted("ranges") || wanted("neighbours") || wanted("step");
  const bool gridStages = wanted("sort") || wanted("ranges") || wanted("neighbours") || wanted("step");
  // Simulated frames where the step can afford them: n^2 pairs a frame for brute force.
  const auto canStep = [&](std::uint32_t n) {
    const sim::Neighbours search = options.settings.sim.neighbours;
    return sim::checkStepFits(n, caps, search).empty() &&
           (search == sim::Neighbours::BruteForce ? double(n) * n * frames <= stepBudget : n <= gridStepLimit);
  };
  // The cases of the sweep, counted as the loops below make them, for the progress line.
  int caseCount = 0;
  for (std::uint32_t n : options.check.sizes) {
    if (!sim::checkBuffersFit(n, caps).empty()) continue;
    const int flockCases = flockStages ? 1 + (frames > 0 && canStep(n) ? 1 : 0) : 0;
    caseCount += static_cast<int>(options.check.seeds.size()) *
                 (int(wanted("scan")) + int(wanted("compact")) + int(wanted("sort") && n <= sortPatternLimit) + flockCases +
                  int(wanted("cull")) + int(wanted("splat") && n <= sortPatternLimit));
  }
  if (wanted("sh")) caseCount += static_cast<int>(checkedEnvironments(options.settings.environment).size());

  json rows = json::array();
  int failed = 0, passed = 0, unavailable = 0, weak = 0, aboveStatistical = 0;
  const int w = nameColumnWidth();
  const char* msHeader = gl::timerQueriesMeaningful() ? "GPU ms" : "CPU ms";  // what timed the rows
  std::printf("%-*s %9s %5s %6s %10s %12s %12s  %s\n", w, "strategy", "n", "seed", "frames", msHeader, "error", "tolerance",
              "verdict");
  try {
    Progress progress(caseCount);  // inside the try: an error's message comes after it is cleared
    const gl::ShaderLibrary shaders = loadShaders(options);
    if (!options.check.dump.empty()) std::filesystem::create_directories(options.check.dump);

    centroid::Lab lab(shaders, caps, wanted("reduce") ? options.check.strategies : std::vector<std::string>{});
    std::optional<sim::Simulation> simulation;  // one for every case: apply() re-seeds it
    std::optional<GridCheck> gridCheck;
    std::vector<std::unique_ptr<primitives::Scan>> scans;
    if (wanted("scan")) {
      for (const primitives::ScanVariant& v : primitives::scans()) {
        scans.push_back(v.unavailableOn(caps).empty() ? v.create(shaders, caps) : nullptr);
      }
    }
    std::vector<std::unique_ptr<primitives::Compact>> compactions;
    if (wanted("compact")) {
      for (const primitives::CompactVariant& v : primitives::compactions()) {
        compactions.push_back(v.unavailableOn(caps).empty() ? v.create(shaders, caps, primitives::kFlagsPredicate) : nullptr);
      }
    }

    std::vector<std::unique_ptr<primitives::Sorter>> sorters;
    if (wanted("sort")) {
      for (const primitives::SortVariant& v : primitives::sorters()) {
        sorters.push_back(v.unavailableOn(caps).empty() ? v.create(shaders, caps) : nullptr);
      }
    }

    std::optional<render::Splats> splats;
    if (wanted("splat")) splats.emplace(shaders, caps, render::Splats::Payload::BoidIndex);

    std::vector<std::unique_ptr<cull::Cull>> culls;
    if (wanted("cull")) {
      for (const primitives::CompactVariant& v : primitives::compactions()) {
        // The levels drawn as the renderer draws them, so the check judges its draw commands too.
        culls.push_back(v.unavailableOn(caps).empty() ? std::make_unique<cull::Cull>(shaders, caps, v, render::kLevelDraws)
                                                      : nullptr);
      }
    }

    // One flock case (n boids, a seed, after f simulated frames): the reduction lab's rows and the grid's.
    auto flockRows = [&](std::uint32_t n, std::uint64_t seed, int f, std::string& dumpName) {
      std::vector<json> caseRows;
      if (!simulation) {
        simulation.emplace(shaders, caps, settingsFor(options, n, seed));
      } else {
        simulation->apply(settingsFor(options, n, seed));
        simulation->reset();
      }
      for (int i = 0; i < f; ++i) {
        simulation->reduce();
        simulation->step();
      }
      const std::vector<glm::vec4> positions = simulation->flock().read().positions;
      const verify::ReferenceStats ref = verify::referenceStats(positions);
      if (!options.check.dump.empty()) {
        dumpName = "positions-n" + std::to_string(n) + "-seed" + std::to_string(seed) + "-frames" + std::to_string(f) + ".f32";
        writeFileAtomically(options.check.dump / dumpName,
                            std::string_view(reinterpret_cast<const char*>(positions.data()), positions.size() * sizeof(glm::vec4)));
      }
      const centroid::Input input = simulation->reduceInput();
      if (wanted("reduce")) {
        for (centroid::LabEntry& e : lab.entries()) caseRows.push_back(checkEntry(e, input, ref, options.check.repeats));
      }
      if (gridStages && options.check.strategies.empty() && n <= kGridCheckLimit) {
        const sim::FlockState state = simulation->flock().read();
        if (!gridCheck) {
          gridCheck.emplace(GridCheck{sim::Simulation(shaders, caps, simulation->settings()), {}});
          for (const primitives::SortVariant& info : primitives::sorters()) gridCheck->sorters.push_back(info.create(shaders, caps));
        }
        for (json& row : checkGrid(*gridCheck, simulation->settings(), state.positions, state.velocities)) {
          if (wanted(row["stage"].get<std::string>().c_str())) caseRows.push_back(std::move(row));
        }
      }
      return caseRows;
    };

    // A row into the table and the JSON.
    auto report = [&](json row) {
      const std::string name = row["strategy"];
      const unsigned n = row["n"].get<unsigned>();
      const auto seed = static_cast<unsigned long long>(row["seed"].get<std::uint64_t>());
      const int f = row["frames"].get<int>();
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
      if (row["weak_bound"].get<bool>()) ++weak;
      if (row.value("above_statistical", false)) ++aboveStatistical;
      if (!row["available"].get<bool>()) {
        ++unavailable;
        std::printf("%-*s %9u %5llu %6d %10s %12s %12s  unavailable: %s\n", w, name.c_str(), n, seed, f, "-", "-", "-",
                    row["reason"].get<std::string>().c_str());
      } else {
        const bool ok = row["pass"].get<bool>();
        ok ? ++passed : ++failed;
        if (row.contains("error_gpu")) {  // a projection: its error and the target, relative to |L00|
          std::printf("%-*s %9u %5llu %6d %10s %12.3e %12.3e  %s  %s\n", w, name.c_str(), n, seed, f, msCell(row["gpu_ms"].get<double>()).c_str(),
                      row["error_gpu"].get<double>(), row["tolerance"].get<double>(), ok ? "pass" : "FAIL",
                      row["detail"].get<std::string>().c_str());
        } else if (row.contains("stage")) {  // a grid or primitive row: the verdict and what was compared
          std::printf("%-*s %9u %5llu %6d %10s %12s %12s  %s  %s\n", w, name.c_str(), n, seed, f, msCell(row["gpu_ms"].get<double>()).c_str(),
                      "-", "-", ok ? "pass" : "FAIL", row["detail"].get<std::string>().c_str());
        } else {
          const json& tol = row.at("tolerance");
          auto axis = [&](int a) { return tol[a].is_number() ? tol[a].get<double>() : INFINITY; };
          const std::string note = row.value("bound_note", std::string());
          std::printf("%-*s %9u %5llu %6d %10s %12.3e %12.3e  %s%s%s%s\n", w, name.c_str(), n, seed, f, msCell(row["gpu_ms"].get<double>()).c_str(),
                      row["error"].get<double>(), std::min({axis(0), axis(1), axis(2)}), ok ? "pass" : "FAIL",
                      row["bounds_exact"].get<bool>() ? "" : " (bounds differ)",
                      row["count_exact"].get<bool>() ? "" : " (boids miscounted)", note.empty() ? "" : ("  " + note).c_str());
        }
      }
      std::fflush(stdout);
      rows.push_back(std::move(row));
    };

    for (std::uint32_t n : options.check.sizes) {
      if (std::string why = sim::checkBuffersFit(n, caps); !why.empty()) {
        std::printf("n=%u skipped: %s\n", n, why.c_str());  // beyond what this GPU can hold
        continue;
      }
      for (std::uint64_t seed : options.check.seeds) {
        struct Case {
          int frames;
          std::vector<json> rows;
          std::string dumpName;
        };
        std::vector<Case> cases;
        const std::string label = "check: n=" + std::to_string(n) + " seed " + std::to_string(seed) + ", ";
        if (wanted("scan")) {
          progress.next(label + "scan");
          cases.push_back({0, checkScans(scans, n, seed, caps, options.check.repeats), {}});
        }
        if (wanted("compact")) {
          progress.next(label + "compact");
          cases.push_back({0, checkCompactions(compactions, n, seed, caps, options.check.repeats), {}});
        }
        if (wanted("sort") && n <= sortPatternLimit) {
          progress.next(label + "sort patterns");
          cases.push_back({0, checkSortPatterns(sorters, n, seed, caps), {}});
        }
        if (flockStages) {
          std::vector<int> frameCases = {0};
          if (frames > 0 && canStep(n)) frameCases.push_back(frames);
          for (int f : frameCases) {
            progress.next(label + (f == 0 ? std::string("the initial flock") : "the flock after " + std::to_string(f) + " frames"));
            Case c{f, {}, {}};
            c.rows = flockRows(n, seed, f, c.dumpName);
            cases.push_back(std::move(c));
          }
        }
        if (wanted("cull")) {
          progress.next(label + "cull");
          Case c{0, {}, {}};
          c.rows = checkCulls(culls, n, seed, caps, options.check.repeats, options.check.dump, c.dumpName);
          cases.push_back(std::move(c));
        }
        if (wanted("splat") && n <= sortPatternLimit) {
          progress.next(label + "splat");
          cases.push_back({0, checkSplats(*splats, n, seed, options.check.repeats), {}});
        }
        progress.clear();
        for (Case& c : cases) {
          for (json& row : c.rows) {
            row["n"] = n;
            row["seed"] = seed;
            row["frames"] = c.frames;
            if (!c.dumpName.empty()) row["positions"] = c.dumpName;
            report(std::move(row));
          }
        }
      }
    }
    if (wanted("sh")) {
      // Not a flock's: once, whatever the sizes. n is the texels projected.
      const auto beginning = [&](const std::string& environment) { progress.next("check: sh, environment " + environment); };
      for (json& row : checkSphericalHarmonics(shaders, caps, options.settings.environment, options.check.repeats, beginning)) {
        progress.clear();
        row["n"] = row.value("texels", 0u);
        row["seed"] = 0;
        row["frames"] = 0;
        report(std::move(row));
      }
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "boids: %s\n", e.what());
    return 1;
  }

  std::printf("\n%d passed, %d failed, %d unavailable (timing: %s)\n", passed, failed, unavailable, timing);
  if (weak > 0 || aboveStatistical > 0) {
    std::printf("%d with a weak worst-case bound (over %g%% of the extent), %d above their statistical bound\n", weak,
                verify::kWeakBoundOfExtent * 100, aboveStatistical);
  }
  if (!options.check.json.empty()) {
    const gl::Caps& c = caps;
    json doc = {{"renderer", c.renderer}, {"version", c.version}, {"timing", timing}, {"passed", passed},
                {"failed", failed}, {"unavailable", unavailable}, {"rows", rows}};
    try {
      writeFileAtomically(options.check.json, doc.dump(1, ' ', false, json::error_handler_t::replace) + "\n");
    } catch (const WriteError& e) {
      std::fprintf(stderr, "boids: %s\n", e.what());
      return 1;
    }
    std::printf("json: %s\n", std::filesystem::absolute(options.check.json).c_str());
  }
  const int debug = glDebugExitCode(options);
  return failed > 0 || passed == 0 ? 1 : debug;
}

}  // namespace boids::app
