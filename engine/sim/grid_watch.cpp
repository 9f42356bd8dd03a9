#include "engine/sim/grid_watch.hpp"
#include "engine/sim/watch_world.hpp"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdio>

#include "engine/primitives/sort/sort_watch.hpp"
#include "engine/random.hpp"
#include "engine/sim/audited_searches.hpp"
#include "engine/sim/simulation.hpp"
#include "engine/verify/reference.hpp"

namespace boids::sim {
namespace {

using uint = std::uint32_t;
#include "shaders/grid/row_tile.h"

constexpr std::uint32_t kCells = 4, kSteps = 8;  // cells a side at 27; positions a unit a side
constexpr float kSide = float(kCells);

// The key of p's cell, as grid/grid_cells.glsl computes it (in float), dense or hashed.
std::uint32_t cellKey(const glm::vec4& p, const grid::Geometry& g) {
  const int n = int(g.cellsPerAxis);
  const float inverse = 1.0f / g.edge;
  const auto cell = [&](float c) { return std::uint32_t(std::clamp(int(std::floor((c + 0.5f * kSide) * inverse)), 0, n - 1)); };
  const std::uint32_t x = cell(p.x), y = cell(p.y), z = cell(p.z);
  if (!g.hashed()) return x + g.cellsPerAxis * (y + g.cellsPerAxis * z);
  return (hashedRowKey(y, z, g.cellsPerAxis) + x) & (g.buckets - 1u);
}

void pairLanes(std::vector<lab::Lane>& lanes, const std::string& what, const std::vector<std::pair<std::uint32_t, std::uint32_t>>& p) {
  std::vector<std::uint32_t> keys, boids;
  for (const auto& [k, b] : p) keys.push_back(k), boids.push_back(b);
  lanes.push_back({what + " cell keys", "pairs", {}, keys, 0, lab::Cells::Numbers, false, 0, 2, 0});
  lanes.push_back({what + " boids", "pairs", {}, boids, 0, lab::Cells::Numbers, false, 0, 2, 1});
}

}  // namespace

SimSettings watchSettings(std::uint32_t count, const AuditedSearch& search) {
  SimSettings s;
  s.count = count;
  s.world = WorldMode::Walls;
  s.worldSize = kSide;
  s.wallMargin = 0.5f;
  s.separationRadius = s.alignmentRadius = s.cohesionRadius = 0.99f;
  s.range = 0.99f;
  s.attractorRadius = 0.99f;
  s.roostRadius = 0.5f;
  s.altitudeLow = 0.5f;
  s.altitudeHigh = 1.0f;
  s.neighbours = search.neighbours;
  s.cells = search.cells;
  s.gridKeys = search.keys == GridKeys::Auto ? GridKeys::Dense : search.keys;
  return s;
}

std::vector<glm::vec4> watchFlock(const lab::WatchRequest& request) {
  const std::uint32_t places = kCells * kSteps;  // lattice places a side
  const std::vector<std::uint32_t> values = lab::watchInput(request, places);
  SplitMix64 random(request.seed);
  const auto place = [](std::uint32_t i) { return float(i) / float(kSteps) - 0.5f * kSide; };
  std::vector<glm::vec4> positions;
  for (std::uint32_t v : values) {
    if (request.input == "random") {
      const float x = place(std::uint32_t(random.next() % places)), y = place(std::uint32_t(random.next() % places));
      positions.emplace_back(x, y, place(std::uint32_t(random.next() % places)), 0.0f);
    } else {
      positions.emplace_back(place(v), 0.5f, 0.5f, 0.0f);
    }
  }
  return positions;
}

void xyzLanes(std::vector<lab::Lane>& lanes, const std::string& what, const std::string& source, const std::vector<glm::vec4>& v) {
  for (std::uint32_t axis = 0; axis < 3; ++axis) {
    std::vector<std::uint32_t> words;
    for (const glm::vec4& p : v) words.push_back(std::bit_cast<std::uint32_t>(p[int(axis)]));
    lanes.push_back({what + " " + std::string(1, "xyz"[axis]), source, {}, words, 0, lab::Cells::Floats, false, 0, 4, axis});
  }
}

std::vector<lab::Step> gridSteps(const std::vector<glm::vec4>& positions, const SimSettings& settings, const lab::Context& context,
                                 float cell) {
  const grid::Geometry g = gridGeometry(settings, cell);
  std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs;
  for (std::uint32_t i = 0; i < positions.size(); ++i) pairs.emplace_back(cellKey(positions[i], g), i);
  char edge[16];
  std::snprintf(edge, sizeof edge, "%g", double(g.edge));
  const std::string cells = std::to_string(g.cellsPerAxis) + "^3 cells of " + edge;
  const std::string keying = g.hashed() ? "its row hashed into " + std::to_string(g.buckets) + " buckets, plus x"
                                        : "its key x + n (y + n z)";
  std::vector<lab::Step> steps{{"hash", "each boid's cell (" + cells + ") and " + keying + ", paired with the boid", {}}};
  xyzLanes(steps.back().lanes, "position", "positions", positions);
  pairLanes(steps.back().lanes, "pairs:", pairs);
  const std::uint32_t keys = g.keyCount();
  for (lab::Step& s : primitives::sortSteps(primitives::kDefaultSorter, pairs, keys, context)) steps.push_back(std::move(s));
  std::stable_sort(pairs.begin(), pairs.end());
  std::vector<std::uint32_t> starts(keys + 1, 0u);
  for (const auto& [k, b] : pairs) ++starts[k + 1];
  for (std::uint32_t k = 1; k <= keys; ++k) starts[k] += starts[k - 1];
  steps.push_back({"ranges", "where each of the " + std::to_string(keys) + " keys' boids start in the sorted pairs (an empty key where the next starts)", {}});
  pairLanes(steps.back().lanes, "sorted:", pairs);
  steps.back().lanes.push_back({"cell starts", "starts", {}, starts, 1, lab::Cells::Numbers});
  if (settings.neighbours == Neighbours::GridScattered) return steps;  // no reorder: read through the pairs
  std::vector<glm::vec4> sorted;
  for (const auto& [k, b] : pairs) sorted.push_back(positions[b]);
  steps.push_back({"reorder", "each boid's position copied to its place in cell order: neighbours now read neighbouring memory", {}});
  pairLanes(steps.back().lanes, "sorted:", pairs);
  xyzLanes(steps.back().lanes, "in cell order", "sorted", sorted);
  return steps;
}

lab::Watch watchGrid(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"ranges", request.variant, request.input, {}, {}};
  if (request.variant != "cells") {
    watch.error = "no watch for ranges variant '" + request.variant + "' (those with one: cells)";
    return watch;
  }
  const std::vector<glm::vec4> positions = watchFlock(request);
  const SimSettings settings = watchSettings(std::uint32_t(positions.size()), kAuditedSearches[1]);
  if (const std::string why = validate(settings); !why.empty()) {
    watch.error = "the watch's world: " + why;
    return watch;
  }
  Simulation simulation(context.shaders, context.caps, settings);
  simulation.load({positions, std::vector<glm::vec4>(positions.size(), glm::vec4(0.0f))});
  watch.steps = gridSteps(positions, settings, context);
  lab::Recorder recorder;
  simulation.watchGridWith(&recorder);
  simulation.hash();
  simulation.sortCells();
  simulation.cellRanges();
  simulation.reorder();
  simulation.watchGridWith(nullptr);
  return lab::matched(std::move(watch), recorder);
}

lab::Watch watchNeighbours(const lab::WatchRequest& request, const lab::Context& context) {
  lab::Watch watch{"neighbours", request.variant, request.input, {}, {}};
  const AuditedSearch* search = nullptr;
  std::string names;
  for (const AuditedSearch& a : kAuditedSearches) {
    if (request.variant == a.name) search = &a;
    names += (names.empty() ? "" : ", ") + std::string(a.name);
  }
  if (!search) {
    watch.error = "no watch for neighbours variant '" + request.variant + "' (those with one: " + names + ")";
    return watch;
  }
  const std::vector<glm::vec4> positions = watchFlock(request);
  const SimSettings settings = watchSettings(std::uint32_t(positions.size()), *search);
  if (const std::string why = validate(settings); !why.empty()) {
    watch.error = "the watch's world: " + why;
    return watch;
  }
  watch.steps = gridSteps(positions, settings, context);
  // The audit: per boid, what the step would see within the largest radius (count, and two
  // order-free hashes of the indices: sim_step_grid.comp's AUDIT), against the O(N) search.
  const gpu::SimParams params = toGpu(settings);
  std::vector<std::uint32_t> count, sum, xorHash;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const verify::NeighbourSet ref = verify::referenceNeighbours(positions, i, params);
    if (ref.ambiguous) watch.error = "boid " + std::to_string(i) + " has a neighbour on the radius: the model cannot say";
    count.push_back(ref.count), sum.push_back(ref.sum), xorHash.push_back(ref.xorHash);
  }
  watch.steps.push_back({"audit", "an invocation a boid walks the cells around its own, as the step does, and counts and hashes "
                                  "the boids within the radius (what the step would see), written at the boid's index", {}});
  auto& lanes = watch.steps.back().lanes;
  lanes.push_back({"neighbours within the radius", "audit", {}, count, 0, lab::Cells::Numbers, false, 0, 4, 0});
  lanes.push_back({"their indices' sum hash", "audit", {}, sum, 0, lab::Cells::Numbers, false, 0, 4, 1});
  lanes.push_back({"their indices' xor hash", "audit", {}, xorHash, 0, lab::Cells::Numbers, false, 0, 4, 2});
  Simulation simulation(context.shaders, context.caps, settings);
  simulation.load({positions, std::vector<glm::vec4>(positions.size(), glm::vec4(0.0f))});
  lab::Recorder recorder;
  simulation.auditNeighbours(&recorder);
  return lab::matched(std::move(watch), recorder);
}

}  // namespace boids::sim
