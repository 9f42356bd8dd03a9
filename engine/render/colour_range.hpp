#pragma once
// The ends of the speed and density colour ramps, adapted to the flock: every few frames a pass
// histograms the speeds and neighbour counts on the GPU (render/colour_histogram.comp), the bins
// come back without stalling (gl::AsyncReadback), and the 2nd and 98th percentiles become the
// ramp's ends, eased toward so the colours do not flicker. A flock that cruises at the speed
// limit still spans the whole speed ramp; a school's dense core stands out from its edges.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include <glm/vec2.hpp>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/readback.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::render {

// The value below which `fraction` of the histogram's mass lies, with bins of width 1/`binsPerUnit`
// from 0 (linear within the bin). Empty histogram: 0.
double histogramPercentile(std::span<const std::uint32_t> bins, double fraction, double binsPerUnit);

class ColourRange {
 public:
  ColourRange(const gl::ShaderLibrary& library, const gl::Caps& caps);
  void reload(const gl::ShaderLibrary& library);

  // Every kInterval frames (when the last request is back): the histograms of `velocities` (the
  // step's output: xyz velocity, w neighbours) queued and read back later. Collects what is back.
  void update(const gl::Buffer& velocities, std::uint32_t count, float maxSpeed);
  // The ramps' ends, [low, high]: speeds in units per time unit, neighbours. Before the first
  // histogram is back: the whole speed range and 0..32 neighbours.
  glm::vec2 speed() const { return speed_; }
  glm::vec2 density() const { return density_; }

  static constexpr int kInterval = 4;

 private:
  void collect();

  gl::Program histogram_;
  gl::Caps caps_;
  gl::Buffer bins_;
  gl::AsyncReadback readback_;
  float pendingScale_ = 1.0f;  // bins per unit of speed of the request in flight
  int frame_ = 0;
  bool known_ = false;
  glm::vec2 speed_{0.0f, 1.0f}, density_{0.0f, 32.0f};
};

}  // namespace boids::render
