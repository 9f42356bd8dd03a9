#pragma once
// The compaction primitive: the indices of the elements a predicate keeps, written densely, and how
// many, left on the GPU (an indirect draw reads the count without the CPU). Every variant is
// generic over the predicate, a GLSL file that defines KEEP(i) (like the reduce primitive's
// payload): the library's own keeps non-zero flags; culling's keeps the boids of one level.
#include <cstdint>
#include <span>
#include <string>

#include "engine/gl/buffer.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/gl/watch.hpp"
#include "engine/primitives/registry.hpp"

namespace boids::primitives {

struct CompactPredicate {
  const char* shader;   // defines KEEP(i), relative to shaders/
  gl::Defines defines;  // the predicate's own (e.g. which level of detail it keeps)

  // The defines through which compact.comp includes it (#include COMPACT_PREDICATE).
  gl::Defines all() const {
    gl::Defines d = defines;
    d.emplace_back("COMPACT_PREDICATE", std::string("\"") + shader + "\"");
    return d;
  }
};
// Keeps the elements whose flag (a uint of the input) is non-zero.
inline const CompactPredicate kFlagsPredicate{"primitives/compact/flags_predicate.glsl", {}};

class Compact : public gl::Watchable {
 public:
  virtual ~Compact() = default;
  // Binds `input` where the predicate reads it (COMPACT_SLOT_INPUT; anything else it reads, its user
  // binds); writes the index of every element i < `count` it keeps to `output` (room for `count`)
  // and how many to the first uint of `kept`. In the order of the
  // input where the variant's orderDefined, else in an order of the GPU's. Ends with the barriers
  // that make both visible to storage reads and to indirect commands.
  virtual void run(const gl::Buffer& input, std::uint32_t count, const gl::Buffer& output, const gl::Buffer& kept) = 0;
  // Why this object cannot compact `count` elements here; empty when it can.
  virtual std::string unavailableFor(std::uint32_t /*count*/) const { return {}; }
};

using CompactVariant = Variant<Compact, const CompactPredicate&>;
// ballot-tiles' elements an invocation a step (compact.comp's ITEMS).
inline constexpr std::uint32_t kBallotItems = 8;
std::span<const CompactVariant> compactions();

}  // namespace boids::primitives
