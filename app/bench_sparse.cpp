// boids bench --sparse: the grid in a world far larger than the flock. The CIS 565 flock (its
// rules and density, so every boid has the neighbours it has in bench --frame) placed in a world
// wider by a factor, so that the world holds from a quarter of a cell per boid (the CIS 565 world
// itself) to 64; at each, the grid's passes and the step (the compute of a frame but the
// reduction) with dense keys, one per cell, and with hashed keys, about two per boid
// (engine/grid/geometry.hpp). What sim::kDenseCellsPerBoid is chosen from.
#include <cmath>
#include <cstdio>

#include "app/bench.hpp"
#include "engine/gl/timer.hpp"
#include "engine/sim/initial_state.hpp"
#include "engine/sim/simulation.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;

constexpr double kCellsPerBoid[] = {0.25, 1, 2, 4, 8, 16, 64};
constexpr sim::GridKeys kKeys[] = {sim::GridKeys::Dense, sim::GridKeys::Hashed};
constexpr int kWarmSteps = 20, kTimedSteps = 40;

const char* keysName(sim::GridKeys keys) { return keys == sim::GridKeys::Dense ? "dense" : "hashed"; }

// The CIS 565 flock of `n` (a wrap-around world at its density) in a world `scale` times as wide,
// the flock where it was, near the centre.
struct SparseCase {
  sim::SimSettings settings;
  sim::FlockState flock;
};
SparseCase sparseCase(const Options& options, std::uint32_t n, double scale, sim::GridKeys keys) {
  const sim::SimSettings school = sim::cis565Scenario(n, options.settings.sim);
  SparseCase c{school, sim::initialState(school)};
  c.settings.worldSize = static_cast<float>(school.worldSize * scale);
  c.settings.wallMargin = c.settings.worldSize / 10;
  c.settings.gridKeys = keys;
  return c;
}

// Why dense keys cannot be had in this world: more than 32-bit keys, or a starts buffer over the
// storage-block limit or the memory.
std::string denseUnavailable(const sim::SimSettings& s, const gl::Caps& caps) {
  const grid::Geometry g = sim::gridGeometry(s);
  if (g.cellsPerAxis == sim::kMostDenseCellsPerAxis) return "more than 1024^3 cells";
  const std::uint64_t bytes = (g.cellCount() + 1) * 4;
  if (caps.maxShaderStorageBlockSize > 0 && bytes > std::uint64_t(caps.maxShaderStorageBlockSize)) {
    return std::to_string(bytes >> 20) + " MiB of cell starts, over the storage-block limit";
  }
  if (caps.memoryAvailable > 0 && sim::estimateGpuBytes(s.count) + bytes > std::uint64_t(caps.memoryAvailable)) {
    return std::to_string(bytes >> 20) + " MiB of cell starts, over the memory";
  }
  return {};
}

}  // namespace

int sparseCases(const Options& options, const gl::Caps& caps) {
  int cases = 0;
  for (std::uint32_t n : options.bench.gridSizes) {
    if (sim::checkCountFits(n, caps, sim::Neighbours::GridCoherent).empty()) cases += int(std::size(kCellsPerBoid) * std::size(kKeys));
  }
  return cases;
}

json sparseBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, Progress& progress) {
  json rows = json::array();
  std::printf("\nsparse worlds: the CIS 565 flock in a world holding more cells per boid; the grid's passes and the "
              "step, medians of %d steps after %d:\n", kTimedSteps, kWarmSteps);
  std::printf("%10s %14s %12s %8s  %11s\n", "n", "cells/boid", "cells", "keys", "median ms");
  for (std::uint32_t n : options.bench.gridSizes) {
    if (std::string why = sim::checkCountFits(n, caps, sim::Neighbours::GridCoherent); !why.empty()) {
      std::printf("n=%u skipped: %s\n", n, why.c_str());
      continue;
    }
    for (const double cellsPerBoid : kCellsPerBoid) {
      for (const sim::GridKeys keys : kKeys) {
        // Cells per boid at the CIS 565 density: 1 / (density reach^3) = 0.26, times scale^3.
        const double scale = std::cbrt(cellsPerBoid / 0.25);
        SparseCase c = sparseCase(options, n, scale, keys);
        progress.next("bench --sparse: n=" + std::to_string(n) + ", " + std::to_string(cellsPerBoid) + " cells per boid, " +
                      keysName(keys));
        const grid::Geometry g = sim::gridGeometry(c.settings);
        json row = {{"n", n}, {"cells_per_boid", cellsPerBoid}, {"cells", g.cellCount()}, {"keys", keysName(keys)},
                    {"key_count", g.keyCount()}};
        if (std::string why = keys == sim::GridKeys::Dense ? denseUnavailable(c.settings, caps) : ""; !why.empty()) {
          progress.clear();
          std::printf("%10u %14g %12llu %8s  unavailable: %s\n", n, cellsPerBoid, static_cast<unsigned long long>(g.cellCount()),
                      keysName(keys), why.c_str());
          row.update({{"available", false}, {"reason", why}});
          rows.push_back(row);
          continue;
        }
        sim::Simulation simulation(shaders, caps, c.settings, options.settings.reduce);
        simulation.load(c.flock);
        for (int k = 0; k < kWarmSteps; ++k) simulation.step();
        const double ms = gl::median(gl::timeRuns([&](int) { simulation.step(); }, kTimedSteps));
        progress.clear();
        std::printf("%10u %14g %12llu %8s  %11.4f\n", n, cellsPerBoid, static_cast<unsigned long long>(g.cellCount()),
                    keysName(keys), ms);
        std::fflush(stdout);
        row.update({{"available", true}, {"median_ms", ms}});
        rows.push_back(row);
      }
    }
  }
  return rows;
}

}  // namespace boids::app
