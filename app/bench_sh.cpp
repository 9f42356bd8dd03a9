// boids bench --sh: the environment's spherical-harmonics projection, every variant in both
// layouts, from 256 x 128 to 4096 x 2048 texels, beside the CPU projections (double, and serial
// float as DirectXTK does it) on the same machine, and a streaming copy of as many bytes as the
// map holds (its speed of light). Every GPU run starts with a cold L2 (ColdRuns, app/bench.hpp).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>

#include "app/bench.hpp"
#include "engine/gl/timer.hpp"
#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;
using lighting::ShLayout;

constexpr std::uint32_t kHeights[] = {128, 256, 512, 1024, 2048};  // maps twice as wide
constexpr std::uint32_t kCubeHeight = 1024;                        // the cube is resampled from this map
constexpr int kMostRuns = 50, kSingleThreadRuns = 3;               // single-thread: seconds a run at 4096x2048

double seconds(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

int shBenchCases() {
  const int variants = static_cast<int>(std::size(lighting::kShVariants));
  int cases = 0;
  for (std::uint32_t height : kHeights) cases += (1 + variants) * (height == kCubeHeight ? 2 : 1);
  return cases;
}

json shBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, std::string& csv,
             ColdRuns& cold, Progress& progress) {
  json rows = json::array();
  lighting::ShProjector projector(shaders, caps);
  const int runs = std::clamp(options.bench.repeats, 5, kMostRuns);
  RunsCut cut(options.bench.repeats);
  std::printf("\n%-22s %-9s %11s %5s  %10s %11s %11s %9s\n", "sh projection", "layout", "texels", "runs", "median us",
              "floor us", "x serial", "of L00");
  auto cell = [](const json& r, const char* key, const char* format) {
    char text[32] = "-";
    if (r.contains(key)) std::snprintf(text, sizeof text, format, r[key].get<double>());
    return std::string(text);
  };
  auto print = [&](const json& r) {
    progress.clear();
    std::printf("%-22s %-9s %11u %5d%c %10.2f %11s %11s %9s\n", r["variant"].get<std::string>().c_str(),
                r["layout"].get<std::string>().c_str(), r["texels"].get<unsigned>(), r["runs"].get<int>(),
                r.value("runs_cut", false) ? '*' : ' ', r["median_us"].get<double>(), cell(r, "floor_us", "%.2f").c_str(),
                cell(r, "speedup_over_serial", "%.0f").c_str(), cell(r, "error", "%.1e").c_str());
    std::fflush(stdout);
    csv += "sh," + r["variant"].get<std::string>() + "/" + r["layout"].get<std::string>() + "," +
           std::to_string(r["texels"].get<unsigned>()) + "," + std::to_string(r["runs"].get<int>()) + "," +
           std::to_string(r["median_us"].get<double>()) + "\n";
    rows.push_back(r);
  };
  // A GPU row timed with `gpuRuns` cold runs (fewer than --repeats: cut by the cap, or single-thread's).
  auto gpuRow = [&](json row, int gpuRuns, const std::function<void()>& work) {
    const std::string name = row["variant"].get<std::string>() + " " + row["layout"].get<std::string>() + " " +
                             std::to_string(row["texels"].get<unsigned>());
    const std::string why = gpuRuns < runs ? "single-thread's fixed " + std::to_string(kSingleThreadRuns) + " (seconds a run)"
                                           : "the cap of " + std::to_string(kMostRuns) + " per case";
    cut.note(row, name, gpuRuns, why);
    row["median_us"] = cold.medianMs(work, gpuRuns) * 1e3;
    return row;
  };
  // Every variant in `layout`: its median beside the floor and the serial CPU loop, and its error
  // against the double projection `reference`.
  auto timeVariants = [&](ShLayout layout, std::uint32_t texels, double floorUs, double serialUs,
                          const verify::sh::Coefficients& reference, const std::string& size) {
    for (const char* variant : lighting::kShVariants) {
      progress.next("bench --sh: " + std::string(variant) + " " + lighting::layoutName(layout) + " " + size);
      json row = {{"variant", variant}, {"layout", lighting::layoutName(layout)}, {"texels", texels}};
      if (std::string why = projector.unavailable(variant, layout); !why.empty()) {
        progress.clear();
        std::printf("%-22s %-9s %11u  unavailable: %s\n", variant, lighting::layoutName(layout), texels, why.c_str());
        row["available"] = false;
        row["reason"] = why;
        rows.push_back(row);
        continue;
      }
      const int variantRuns = variant == std::string_view("single-thread") ? kSingleThreadRuns : runs;
      row = gpuRow(row, variantRuns, [&] { projector.project(variant, layout); });
      row["available"] = true;
      row["floor_us"] = floorUs;
      row["speedup_over_serial"] = serialUs / row["median_us"].get<double>();
      row["error"] = verify::sh::relativeError(projector.read().L, reference);
      print(row);
    }
  };
  for (std::uint32_t height : kHeights) {
    const std::uint32_t width = 2 * height, texels = width * height;
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    progress.next("bench --sh: " + size + ", the CPU projections and the copy");
    const lighting::Environment env = lighting::builtInEnvironment("sky", width, height);
    projector.setEnvironment(env);
    projector.setYaw(0.5f);
    const double yaw = 0.5;
    // The CPU: the double reference (compensated) and the serial float loop, once each (they take
    // up to seconds; the median of three where they are quick).
    verify::sh::Coefficients reference{}, serial{};
    std::vector<double> doubleS, serialS;
    for (int r = 0; r < (texels <= (1u << 20) ? 3 : 1); ++r) {
      doubleS.push_back(seconds([&] { reference = verify::sh::projectEquirect(env.texels, width, height, yaw); }));
      serialS.push_back(seconds([&] { serial = verify::sh::projectEquirectSerialFloat(env.texels, width, height, yaw); }));
    }
    const double serialUs = gl::median(serialS) * 1e6;
    // The speed of light: a streaming copy of the map's bytes (read and written), as a rate.
    json copyRow = {{"variant", "baseline/stream-copy"}, {"layout", "-"}, {"texels", texels}};
    const std::string copyWhy = "the cap of " + std::to_string(kMostRuns) + " per case";
    cut.note(copyRow, "baseline/stream-copy " + std::to_string(texels), runs, copyWhy);
    const ColdRuns::Copy copy = cold.copy(std::size_t(texels) * 16, runs);
    copyRow["median_us"] = copy.medianMs * 1e3;
    copyRow["bytes_per_second"] = copy.bytesPerSecond;
    const double floorUs = double(texels) * 16.0 / copy.bytesPerSecond * 1e6;
    print({{"variant", "cpu/double"}, {"layout", "equirect"}, {"texels", texels}, {"runs", doubleS.size()},
           {"median_us", gl::median(doubleS) * 1e6}, {"cpu", true}});
    print({{"variant", "cpu/serial-float"}, {"layout", "equirect"}, {"texels", texels}, {"runs", serialS.size()},
           {"median_us", serialUs}, {"cpu", true}, {"error", verify::sh::relativeError(serial, reference)}});
    print(copyRow);
    timeVariants(ShLayout::Equirect, texels, floorUs, serialUs, reference, size);
    if (height != kCubeHeight) continue;
    // The cube (its size is its own: once, from the 2048 x 1024 map): the resample, the DirectXTK
    // loop on its texels, and each variant.
    const std::uint32_t side = projector.cubeSize(), cubeTexels = 6 * side * side;
    const std::string cubeSize = std::to_string(side) + "x" + std::to_string(side) + "x6";
    progress.next("bench --sh: " + cubeSize + ", the resample and the serial CPU projection");
    const std::vector<glm::vec3> cube = projector.readCube();
    const verify::sh::Coefficients cubeReference = verify::sh::projectCube(cube, side);
    verify::sh::Coefficients cubeSerial{};
    const double cubeSerialUs = seconds([&] { cubeSerial = verify::sh::projectCubeSerialFloat(cube, side); }) * 1e6;
    print({{"variant", "cpu/serial-float"}, {"layout", "cube"}, {"texels", cubeTexels}, {"runs", 1},
           {"median_us", cubeSerialUs}, {"cpu", true}, {"error", verify::sh::relativeError(cubeSerial, cubeReference)}});
    print(gpuRow({{"variant", "resample"}, {"layout", "cube"}, {"texels", cubeTexels}}, runs, [&] { projector.resampleCube(); }));
    timeVariants(ShLayout::Cube, cubeTexels, double(cubeTexels) * 16.0 / copy.bytesPerSecond * 1e6, cubeSerialUs,
                 cubeReference, cubeSize);
  }
  progress.clear();
  cut.footnote();
  return rows;
}

}  // namespace boids::app
