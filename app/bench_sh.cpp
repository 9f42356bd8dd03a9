// boids bench --sh: the environment's spherical-harmonics projection, every variant in both
// layouts, from 256 x 128 to 4096 x 2048 texels, beside the CPU projections (double, and serial
// float as DirectXTK does it) on the same machine, and a streaming copy of as many bytes as the
// map holds (its speed of light).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>

#include "app/modes.hpp"
#include "engine/gl/timer.hpp"
#include "engine/lighting/environment.hpp"
#include "engine/lighting/sh_projection.hpp"
#include "engine/primitives/baseline.hpp"

namespace boids::app {
namespace {

using json = nlohmann::json;
using lighting::ShLayout;

constexpr std::uint32_t kHeights[] = {128, 256, 512, 1024, 2048};  // maps twice as wide
// Bytes copied before every timed GPU run, outside its timestamps, so the map is read from memory
// and not from the last run's lines in L2 (60 MB on an H200; a 2048 x 1024 map is 32 MB).
constexpr std::size_t kScrubBytes = std::size_t(256) << 20;

double seconds(const std::function<void()>& work) {
  const auto start = std::chrono::steady_clock::now();
  work();
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// Median milliseconds of `runs` GPU runs of `work`, each after the scrub.
double gpuMedianMs(const std::function<void()>& work, int runs, const gl::Buffer& scrubA, const gl::Buffer& scrubB) {
  std::vector<double> ms;
  for (int r = 0; r < runs + 2; ++r) {
    scrubB.copyFrom(scrubA, kScrubBytes);
    const std::vector<double> one = gl::timeRuns([&](int) { work(); }, 1);
    if (r >= 2) ms.push_back(one[0]);  // two warm-ups
  }
  return gl::median(ms);
}

}  // namespace

json shBench(const Options& options, const gl::ShaderLibrary& shaders, const gl::Caps& caps, std::string& csv) {
  json rows = json::array();
  lighting::ShProjector projector(shaders, caps);
  primitives::StreamCopy copy(shaders, caps);
  const gl::Buffer scrubA("bench.sh.scrubA", kScrubBytes), scrubB("bench.sh.scrubB", kScrubBytes);
  const int runs = std::clamp(options.bench.repeats, 5, 50);
  std::printf("\n%-22s %-9s %11s %10s %11s %11s %9s\n", "sh projection", "layout", "texels", "median us", "floor us",
              "x serial", "of L00");
  auto cell = [](const json& r, const char* key, const char* format) {
    char text[32] = "-";
    if (r.contains(key)) std::snprintf(text, sizeof text, format, r[key].get<double>());
    return std::string(text);
  };
  auto print = [&](const json& r) {
    std::printf("%-22s %-9s %11u %10.2f %11s %11s %9s\n", r["variant"].get<std::string>().c_str(),
                r["layout"].get<std::string>().c_str(), r["texels"].get<unsigned>(), r["median_us"].get<double>(),
                cell(r, "floor_us", "%.2f").c_str(), cell(r, "speedup_over_serial", "%.0f").c_str(), cell(r, "error", "%.1e").c_str());
    std::fflush(stdout);
    csv += "sh," + r["variant"].get<std::string>() + "/" + r["layout"].get<std::string>() + "," +
           std::to_string(r["texels"].get<unsigned>()) + "," + std::to_string(runs) + "," +
           std::to_string(r["median_us"].get<double>()) + "\n";
    rows.push_back(r);
  };
  // Every variant in `layout`: its median beside the floor and the serial CPU loop, and its error
  // against the double projection `reference`.
  auto timeVariants = [&](ShLayout layout, std::uint32_t texels, double floorUs, double serialUs,
                          const verify::sh::Coefficients& reference) {
    for (const char* variant : lighting::kShVariants) {
      json row = {{"variant", variant}, {"layout", lighting::layoutName(layout)}, {"texels", texels}};
      if (std::string why = projector.unavailable(variant, layout); !why.empty()) {
        std::printf("%-22s %-9s %11u  unavailable: %s\n", variant, lighting::layoutName(layout), texels, why.c_str());
        row["available"] = false;
        row["reason"] = why;
        rows.push_back(row);
        continue;
      }
      const int variantRuns = variant == std::string_view("single-thread") ? 3 : runs;
      const double ms = gpuMedianMs([&] { projector.project(variant, layout); }, variantRuns, scrubA, scrubB);
      row["available"] = true;
      row["median_us"] = ms * 1e3;
      row["floor_us"] = floorUs;
      row["speedup_over_serial"] = serialUs / (ms * 1e3);
      row["error"] = verify::sh::relativeError(projector.read().L, reference);
      print(row);
    }
  };
  for (std::uint32_t height : kHeights) {
    const std::uint32_t width = 2 * height, texels = width * height;
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
    const std::uint32_t words = texels * 4;
    const gl::Buffer from("bench.sh.copyFrom", std::size_t(words) * 4), to("bench.sh.copyTo", std::size_t(words) * 4);
    const double copyMs = gpuMedianMs([&] { copy.run(from, to, words); }, runs, scrubA, scrubB);
    const double bytesPerSecond = 2.0 * double(words) * 4.0 / (copyMs * 1e-3);
    const double floorUs = double(texels) * 16.0 / bytesPerSecond * 1e6;
    print({{"variant", "cpu/double"}, {"layout", "equirect"}, {"texels", texels}, {"median_us", gl::median(doubleS) * 1e6},
           {"cpu", true}});
    print({{"variant", "cpu/serial-float"}, {"layout", "equirect"}, {"texels", texels}, {"median_us", serialUs}, {"cpu", true},
           {"error", verify::sh::relativeError(serial, reference)}});
    print({{"variant", "baseline/stream-copy"}, {"layout", "-"}, {"texels", texels}, {"median_us", copyMs * 1e3},
           {"bytes_per_second", bytesPerSecond}});
    timeVariants(ShLayout::Equirect, texels, floorUs, serialUs, reference);
    if (height != 1024) continue;
    // The cube (its size is its own: once, from the 2048 x 1024 map): the resample, the DirectXTK
    // loop on its texels, and each variant.
    const std::uint32_t cubeTexels = 6 * projector.cubeSize() * projector.cubeSize();
    const std::vector<glm::vec3> cube = projector.readCube();
    const verify::sh::Coefficients cubeReference = verify::sh::projectCube(cube, projector.cubeSize());
    verify::sh::Coefficients cubeSerial{};
    const double cubeSerialUs = seconds([&] { cubeSerial = verify::sh::projectCubeSerialFloat(cube, projector.cubeSize()); }) * 1e6;
    print({{"variant", "cpu/serial-float"}, {"layout", "cube"}, {"texels", cubeTexels}, {"median_us", cubeSerialUs},
           {"cpu", true}, {"error", verify::sh::relativeError(cubeSerial, cubeReference)}});
    print({{"variant", "resample"}, {"layout", "cube"}, {"texels", cubeTexels},
           {"median_us", gpuMedianMs([&] { projector.resampleCube(); }, runs, scrubA, scrubB) * 1e3}});
    timeVariants(ShLayout::Cube, cubeTexels, double(cubeTexels) * 16.0 / bytesPerSecond * 1e6, cubeSerialUs, cubeReference);
  }
  return rows;
}

}  // namespace boids::app
