#pragma once
// GPU sorts of (key, value) pairs, the heart of the spatial grid: interchangeable variants behind
// one interface, listed in the primitives' registry template. Every variant orders by key,
// then value (a total order: values are unique boid indices), so they all produce exactly
// std::sort's sequence, and switching sorters never changes the flock.
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/gl/watch.hpp"
#include "engine/primitives/registry.hpp"

namespace boids::primitives {

// The most pairs a shared-memory tile holds: 16 KiB, as they pass in halves.
inline constexpr std::uint32_t kSortTile = 4096;
// The grid's sorter unless the settings name another: radix, which runs on any GL 4.3 driver
// (why: docs/PERFORMANCE.md, "Sort" and "The frame").
inline constexpr const char* kDefaultSorter = "radix";
// The fewest consecutive pairs bitonic-transpose reads in a run: 8 uvec2, 64 bytes.
inline constexpr std::uint32_t kSortMinRun = 8;
inline constexpr std::uint32_t kSortTileBits = 12;   // log2 kSortTile
inline constexpr std::uint32_t kSortMinRunBits = 3;  // log2 kSortMinRun
static_assert(kSortTile == 1u << kSortTileBits && kSortMinRun == 1u << kSortMinRunBits);

// Pairs a sort needs room for: `count` padded to a power of two, at least one tile.
std::uint32_t sortCapacity(std::uint32_t count);

class Sorter : public gl::Watchable {
 public:
  virtual ~Sorter() = default;
  // Sorts the first `count` uvec2 pairs of `pairs` (room for sortCapacity(count)); every key is
  // below `keyCount`. Ends with the barrier that makes the pairs visible to storage reads.
  virtual void sort(const gl::Buffer& pairs, std::uint32_t count, std::uint32_t keyCount) = 0;
  virtual std::string unavailableFor(std::uint32_t /*count*/) const { return {}; }
  // Why it cannot sort keys below `keyCount`, at most `mostOfOneKey` pairs sharing a key, here or
  // in reasonable time (counting keeps a counter per key and reads k^2 pairs for a key of k); empty: it can.
  virtual std::string unavailableForKeys(std::uint32_t /*keyCount*/, std::uint32_t /*mostOfOneKey*/) const { return {}; }
  // Waits that gave up since the sorter was made (bitonic-transpose's chained dispatches, where a
  // group waits on the groups of the dispatch before): a sort that had one may be out of order.
  // Reads GPU memory (a stall): for checks and tests.
  virtual std::uint32_t stalledWaits() const { return 0; }
};

// orderDefined: exactly std::sort's order on (key, value). The radix sorters order by key and keep
// the input order within a key (stable), which is that order when values ascend in the input, as
// the grid's boid indices do (each pair's value is its index); the bitonic and counting sorts need
// nothing of the values.
using SortVariant = Variant<Sorter>;
std::span<const SortVariant> sorters();
const SortVariant* findSorter(std::string_view name);

// The radix sorters (radix.cpp): least-significant digit first over the key bits below keyCount.
// toWatch: the kernels at a watch's shape (engine/lab/watch.hpp): tiles of radixTile(caps, true)
// pairs, a small input spanning several, and at most kWatchRadixDigitBits bits a digit.
inline constexpr std::uint32_t kRadixDigitBits = 8, kWatchRadixDigitBits = 5;  // the most bits a digit
std::unique_ptr<Sorter> makeRadix(const gl::ShaderLibrary& library, const gl::Caps& caps, bool toWatch = false);
// alwaysFallBack (tests): every tile counts its predecessors' digits from their inputs instead of
// reading what they published, the path that keeps a pass from hanging where groups are not
// concurrent, made reachable on any context.
std::unique_ptr<Sorter> makeOneSweep(const gl::ShaderLibrary& library, const gl::Caps& caps, bool alwaysFallBack = false,
                                     bool toWatch = false);
std::uint32_t radixTile(const gl::Caps& caps, bool toWatch = false);  // pairs a tile
// How the radix sorters rank a tile on this context, for the lab's description.
std::string radixRanking(const gl::Caps& caps);

}  // namespace boids::primitives
