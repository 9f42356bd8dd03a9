#pragma once
// The scan primitive: exclusive prefix sums of uints, output[i] = input[0] + ... + input[i-1]
// (modulo 2^32), out of place. Used by the counting sort's offsets and by compaction's slots.
#include <cstdint>
#include <span>

#include "engine/gl/buffer.hpp"
#include "engine/gl/watch.hpp"
#include "engine/primitives/registry.hpp"

namespace boids::primitives {

class Scan : public gl::Watchable {
 public:
  virtual ~Scan() = default;
  // Reads `count` uints of `input` and writes their exclusive prefix sums to `output`, another
  // buffer with room for `count`. Ends with the barrier that makes `output` visible to storage reads.
  virtual void run(const gl::Buffer& input, const gl::Buffer& output, std::uint32_t count) = 0;
  // The inputs' total must stay below this for the sums to be right; 0: any uints (sums modulo 2^32).
  virtual std::uint64_t totalLimit() const { return 0; }
  // Elements a tile (a group's share of the array).
  virtual std::uint32_t tile() const = 0;
};

using ScanVariant = Variant<Scan>;
std::span<const ScanVariant> scans();
inline constexpr const char* kDefaultScan = "reduce-then-scan";

// decoupled-lookback whose tiles never read their predecessors' sums and always reduce their inputs
// instead: the fallback path that keeps the pass from hanging where groups do not run concurrently,
// made reachable for the tests at sizes where its quadratic work is small.
std::unique_ptr<Scan> makeDecoupledLookbackAlwaysFallingBack(const gl::ShaderLibrary& library, const gl::Caps& caps);

}  // namespace boids::primitives
