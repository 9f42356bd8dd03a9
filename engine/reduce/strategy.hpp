#pragma once
// The flock's centroid (mean position) and bounds on the GPU, by ten interchangeable strategies
// behind one interface. Each writes one FlockStats into a buffer that stays on the GPU (the step's
// centroid pull and the follow camera read it there). The registry lists them in the order the
// panel and the tables show them.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/shader_library.hpp"

namespace boids::reduce {

struct Input {
  const gl::Buffer* positions = nullptr;  // count vec4 (xyz used)
  std::uint32_t count = 0;                // at least 1
  float coordinateBound = 1.0f;           // every |coordinate| is at most this (the fixed-point range)
};

// How far the GPU's float sum can be from the exact one, for the tolerance of the checks
// (verify::centroidTolerance): every position's contribution passes through at most `additions`
// rounded float additions; `divisorAdditions` rounded operations went into the divisor (0 when it
// is the exact count); `sumQuantum` is the total absolute error of a fixed-point stage, in
// position units summed over all boids.
struct ErrorModel {
  std::uint64_t additions = 0;
  std::uint64_t divisorAdditions = 0;
  double sumQuantum = 0.0;
};

class Strategy {
 public:
  virtual ~Strategy() = default;
  // Empty when this strategy can reduce `count` boids here, else why not.
  virtual std::string unavailableFor(std::uint32_t /*count*/) const { return {}; }
  // Reads in.positions; writes one FlockStats to `stats`; ends with the barrier that makes it
  // visible to shader storage reads.
  virtual void reduce(const Input& in, const gl::Buffer& stats) = 0;
  virtual ErrorModel errorModel(std::uint32_t count, float coordinateBound) const = 0;
  // What this instance does where the context decides (e.g. which atomics): shown in the UI.
  virtual std::string detail() const { return {}; }
};

struct StrategyInfo {
  const char* name;
  const char* description;  // one line, for the panel and --help
  const char* bounds;       // how the bounds are found
  // Empty when the context can run it at all, else the reason ("GL_KHR_shader_subgroup missing").
  std::string (*unavailableReason)(const gl::Caps& caps);
  std::unique_ptr<Strategy> (*create)(const gl::ShaderLibrary& library, const gl::Caps& caps);
};

std::span<const StrategyInfo> strategies();
const StrategyInfo* findStrategy(std::string_view name);  // nullptr when unknown
inline constexpr const char* kDefaultStrategy = "tree";  // the fastest on the H200 at 1M and 16M (docs/PERFORMANCE.md)

}  // namespace boids::reduce
