#pragma once
// The reduce primitive: all items of an input combined into one value by an associative combine,
// with the payload (what an item is, how two combine, where the result goes) a GLSL file the
// kernels include (shaders/primitives/reduce/reduce_io.glsl says what it defines). The flock's
// centroid and bounds are one payload (engine/centroid/), the tests' sum and maximum of uints
// another, and the spherical-harmonics projection of an environment (engine/lighting) a third; every
// variant runs on every payload, with no copied tree.
#include <cstdint>
#include <span>
#include <string>
#include <utility>

#include "engine/gl/buffer.hpp"
#include "engine/gl/watch.hpp"
#include "engine/primitives/registry.hpp"
#include "engine/verify/error_model.hpp"
#include "shaders/primitives/reduce/reduce_slots.h"

namespace boids::primitives {

struct ReducePayload {
  const char* shader;  // the payload's GLSL file, relative to shaders/
  // Items a grid-stride pass gives each invocation, at most kMaxPartials groups allowing: a few
  // for a small item (the centroid's 16 bytes); one for a heavy one (the spherical-harmonics
  // projection's texels and 28 sums), so that more invocations hide its latency.
  std::uint32_t itemsPerInvocation = 8;
  // A wide accumulator (the projection's 28 floats): its kernels get ACC_WIDE_ITEMS, so that a
  // short run keeps one item in flight and the group tree folds into 64 slots first
  // (shaders/primitives/reduce/reduce_io.glsl, group_tree.glsl), sparing registers and shared memory.
  bool wide = false;
  // The most groups a grid-stride pass starts (0: as many as its partials allow, 1024): a wide
  // payload's invocations are heavy, and fewer groups that all fit the GPU at once beat a second wave.
  std::uint32_t mostGroups = 0;
  // Invocations a group of the grid-stride and multipass variants (a power of two): 256; a watch's
  // payload takes 8, so that a small input spans several groups (engine/primitives/reduce/reduce_watch.cpp).
  std::uint32_t group = 256;

  // The define through which a kernel includes it (#include REDUCE_PAYLOAD).
  std::pair<std::string, std::string> define() const { return {"REDUCE_PAYLOAD", std::string("\"") + shader + "\""}; }
};

class Reduce : public gl::Watchable {
 public:
  virtual ~Reduce() = default;
  // Empty when this variant can reduce `count` items here, else why not.
  virtual std::string unavailableFor(std::uint32_t /*count*/) const { return {}; }
  // Reduces `count` >= 1 items: `input` (when given; a payload that reads a texture binds it
  // itself) is bound to REDUCE_SLOT_INPUT and `output` to REDUCE_SLOT_OUTPUT, where the payload's
  // ACC_STORE writes. Ends with the barrier that makes the output visible to storage reads and
  // buffer copies.
  virtual void run(const gl::Buffer* input, std::uint32_t count, const gl::Buffer& output) = 0;
  // The rounding a float sum in this payload goes through, for the checks' tolerances.
  virtual verify::ErrorModel errorModel(std::uint32_t count) const = 0;
  // What this instance does where the context decides (e.g. the subgroup size): shown in the UI.
  virtual std::string detail() const { return {}; }
};

// The most partials a grid-stride pass writes (the final pass reads them 4 an invocation), and
// two-pass-64's invocations (shaders/primitives/reduce/reduce_slots.h).
inline constexpr std::uint32_t kReduceMostPartials = 1024;
inline constexpr std::uint32_t kTwoPassInvocations = REDUCE_TWO_PASS_INVOCATIONS;

using ReduceVariant = Variant<Reduce, const ReducePayload&>;
std::span<const ReduceVariant> reductions();
// The fastest at 1M and 16M (docs/PERFORMANCE.md, "Reduce").
inline constexpr const char* kDefaultReduce = "tree";

// Empty when `iterations` loop iterations in one invocation fit the driver's limit, else why not.
std::string loopLimitProblem(std::uint64_t iterations, std::uint64_t limit);
std::uint32_t ceilLog2(std::uint64_t v);

}  // namespace boids::primitives
