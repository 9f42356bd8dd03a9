#pragma once
// The compaction primitive: the indices of the elements a predicate keeps, written densely, and how
// many, left on the GPU (an indirect draw reads the count without the CPU). The library's own
// predicate is a non-zero flag per element; a user defines KEEP(i) for its own kernel (culling).
#include <cstdint>
#include <span>
#include <string>

#include "engine/gl/buffer.hpp"
#include "engine/primitives/registry.hpp"

namespace boids::primitives {

class Compact {
 public:
  virtual ~Compact() = default;
  // Reads `count` uints of `flags`; writes the index of every element with a non-zero flag to
  // `output` (room for `count`) and how many to the first uint of `kept`. In the order of the
  // input where the variant's orderDefined, else in an order of the GPU's. Ends with the barriers
  // that make both visible to storage reads and to indirect commands.
  virtual void run(const gl::Buffer& flags, std::uint32_t count, const gl::Buffer& output, const gl::Buffer& kept) = 0;
  // Why this object cannot compact `count` elements here; empty when it can.
  virtual std::string unavailableFor(std::uint32_t /*count*/) const { return {}; }
};

using CompactVariant = Variant<Compact>;
std::span<const CompactVariant> compactions();

}  // namespace boids::primitives
