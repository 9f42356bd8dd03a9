#pragma once
// The flock's centroid (mean position) and bounds on the GPU, by interchangeable strategies behind
// one interface: every variant of the reduce primitive with the centroid payload
// (shaders/centroid/centroid_payload.glsl), and three of the centroid's own (additive-blend and
// mipmap on the graphics pipeline, atomic on integer atomics). Each writes one FlockStats into a
// buffer that stays on the GPU (the step's centroid pull and the follow camera read it there).
// The registry lists them in the order the panel and the tables show them.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/watch.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/primitives/reduce/reduce.hpp"
#include "engine/primitives/registry.hpp"
#include "engine/verify/error_model.hpp"

namespace boids::centroid {

struct Input {
  const gl::Buffer* positions = nullptr;  // count vec4 (xyz used)
  std::uint32_t count = 0;                // at least 1
  float coordinateBound = 1.0f;           // every |coordinate| is at most this (the fixed-point range)
};

// Watchable: its passes can be stepped (engine/lab/watch.hpp; the generic variants through the
// reduce primitive's own watch).
class Reducer : public gl::Watchable {
 public:
  virtual ~Reducer() = default;
  // Empty when this strategy can reduce `count` boids here, else why not.
  virtual std::string unavailableFor(std::uint32_t /*count*/) const { return {}; }
  // Reads in.positions; writes one FlockStats to `stats`; ends with the barrier that makes it
  // visible to shader storage reads.
  virtual void reduce(const Input& in, const gl::Buffer& stats) = 0;
  // How far the float centroid can be from the exact one (verify::centroidTolerance).
  virtual verify::ErrorModel errorModel(std::uint32_t count, float coordinateBound) const = 0;
  // What this instance does where the context decides (e.g. which atomics): shown in the UI.
  virtual std::string detail() const { return {}; }
};

// A variant of the registry template, with how the strategy finds the bounds.
struct CentroidVariant : primitives::Variant<Reducer> {
  const char* bounds;
};

std::span<const CentroidVariant> centroidVariants();
const CentroidVariant* findCentroidVariant(std::string_view name);  // nullptr when unknown
inline constexpr const char* kDefaultCentroidVariant = primitives::kDefaultReduce;

// The centroid and bounds as a payload of the reduce primitive.
inline constexpr primitives::ReducePayload kPayload{"centroid/centroid_payload.glsl"};

}  // namespace boids::centroid
