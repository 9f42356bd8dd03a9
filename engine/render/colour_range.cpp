#include "engine/render/colour_range.hpp"

#include <algorithm>
#include <cstring>

#include "engine/gl/dispatch.hpp"
#include "shaders/common/bindings.h"
#include "shaders/render/colour_bins.h"

namespace boids::render {
namespace {

constexpr double kLow = 0.02, kHigh = 0.98;  // the percentiles at the ramps' ends
constexpr float kEase = 0.25f;               // of the way to a new range per histogram
constexpr double kNeighboursPerBin = 1.0;

}  // namespace

double histogramPercentile(std::span<const std::uint32_t> bins, double fraction, double binsPerUnit) {
  std::uint64_t total = 0;
  for (std::uint32_t b : bins) total += b;
  if (total == 0) return 0.0;
  const double target = fraction * double(total);
  double below = 0;
  for (std::size_t i = 0; i < bins.size(); ++i) {
    if (bins[i] > 0 && below + bins[i] >= target) return (double(i) + (target - below) / bins[i]) / binsPerUnit;
    below += bins[i];
  }
  return double(bins.size()) / binsPerUnit;
}

ColourRange::ColourRange(const gl::ShaderLibrary& library, const gl::Caps& caps)
    : histogram_(gl::Program::compute(library, "render/colour_histogram.comp")),
      caps_(caps),
      bins_("render.colourBins", 2 * COLOUR_BINS * sizeof(std::uint32_t)) {}

void ColourRange::reload(const gl::ShaderLibrary& library) { histogram_ = gl::Program::compute(library, "render/colour_histogram.comp"); }

void ColourRange::update(const gl::Buffer& velocities, std::uint32_t count, float maxSpeed) {
  collect();
  if (readback_.busy() || frame_++ % kInterval != 0 || count == 0) return;
  // Speeds are clamped to the limit by the step: its range, in all but the last bin.
  pendingScale_ = float(COLOUR_BINS - 1u) / std::max(maxSpeed, 1e-6f);
  bins_.zero(2 * COLOUR_BINS * sizeof(std::uint32_t));
  velocities.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_VEL_IN);
  bins_.bindBase(GL_SHADER_STORAGE_BUFFER, SSBO_COLOUR_BINS);
  histogram_.use();
  glUniform2f(LOC_COLOUR_SCALE, pendingScale_, float(kNeighboursPerBin));
  glUniform1ui(LOC_COLOUR_COUNT, count);
  glDispatchCompute(gl::groupsFor(count, 256, caps_, 16, 256), 1, 1);
  glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
  readback_.request({{&bins_, 2 * COLOUR_BINS * sizeof(std::uint32_t)}});
}

void ColourRange::collect() {
  const std::optional<std::vector<std::uint8_t>> bytes = readback_.poll();
  if (!bytes) return;
  std::vector<std::uint32_t> bins(2 * COLOUR_BINS);
  std::memcpy(bins.data(), bytes->data(), bins.size() * sizeof(std::uint32_t));
  const std::span<const std::uint32_t> speeds(bins.data(), COLOUR_BINS), neighbours(bins.data() + COLOUR_BINS, COLOUR_BINS);
  // At least a bin wide, so that a flock all at one speed is not a division by nothing.
  auto range = [](std::span<const std::uint32_t> h, double perUnit) {
    const double lo = histogramPercentile(h, kLow, perUnit), hi = histogramPercentile(h, kHigh, perUnit);
    return glm::vec2(float(lo), float(std::max(hi, lo + 1.0 / perUnit)));
  };
  const glm::vec2 speed = range(speeds, pendingScale_), density = range(neighbours, kNeighboursPerBin);
  speed_ = known_ ? speed_ + kEase * (speed - speed_) : speed;
  density_ = known_ ? density_ + kEase * (density - density_) : density;
  known_ = true;
}

}  // namespace boids::render
