#pragma once
// GPU sorts of (key, value) pairs, the heart of the spatial grid: interchangeable variants behind
// one interface, listed in the primitives' registry template. Every variant orders by key,
// then value (a total order: values are unique boid indices), so they all produce exactly
// std::sort's sequence, and switching sorters never changes the flock.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/gl/buffer.hpp"
#include "engine/gl/caps.hpp"
#include "engine/gl/program.hpp"
#include "engine/gl/shader_library.hpp"
#include "engine/primitives/registry.hpp"

namespace boids::primitives {

// The most pairs a shared-memory tile holds: 16 KiB, as they pass in halves. Two groups then share
// an H200 multiprocessor, and a bitonic-transpose pass at 1M pairs runs every group at once
// (bitonicShapeFor says where smaller tiles measured faster). docs/PERFORMANCE.md.
inline constexpr std::uint32_t kSortTile = 4096;
// The grid's sorter: radix. The design keeps a bitonic sort as the default unless a radix sort
// measures over twice as fast; on an H200 radix does at every size from 256K pairs (1M: 72 us
// against bitonic-transpose's 201, docs/PERFORMANCE.md), and it runs on any GL 4.3 driver.
inline constexpr const char* kDefaultSorter = "radix";
// Which sorter measured fastest where (docs/PERFORMANCE.md, bench --sort): said by the panel.
inline constexpr const char* kFastestMeasured =
    "fastest measured on an NVIDIA H200: onesweep up to 1M pairs (1M: onesweep 71 us, radix 72, counting 119, "
    "bitonic-transpose 201 before its dispatches were chained, torch.sort 108.5), radix at 4M and 16M (16M: radix "
    "681 us, onesweep 765, torch.sort 782); on an H100 onesweep up to 4M and radix at 16M (1M: onesweep 76 us, radix "
    "81, bitonic-transpose 151, torch.sort 101 timed as the sorts are); docs/PERFORMANCE.md";
// The fewest consecutive pairs bitonic-transpose reads in a run: 8 uvec2, 64 bytes (on the H200,
// 225 us at 1M pairs against 230.5 with runs of 4, 4680 at 16M against 4753; docs/PERFORMANCE.md).
inline constexpr std::uint32_t kSortMinRun = 8;
inline constexpr std::uint32_t kSortTileBits = 12;   // log2 kSortTile
inline constexpr std::uint32_t kSortMinRunBits = 3;  // log2 kSortMinRun
static_assert(kSortTile == 1u << kSortTileBits && kSortMinRun == 1u << kSortMinRunBits);

// Pairs a sort needs room for: `count` padded to a power of two, at least one tile.
std::uint32_t sortCapacity(std::uint32_t count);

class Sorter {
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

enum class BitonicVariant { Global, Shared, Transpose };

// A bitonic sort's shape at one size, each a log2: the pairs a shared-memory tile holds (6 ..
// kSortTileBits), the fewest consecutive pairs bitonic-transpose's passes read in a run (the low
// index bits every pass holds; below tileBits) and the pairs an invocation keeps in registers in
// the tile passes (3 or 4; the tile sort keeps 16).
struct BitonicShape {
  std::uint32_t tileBits = kSortTileBits, runBits = kSortMinRunBits, itemBits = 3;
};
// A shape for each size, by log2 of the padded size (sortCapacity).
using BitonicShapes = std::function<BitonicShape(std::uint32_t log2n)>;
// The registry's shapes. bitonic-global and bitonic-shared: tiles of 4096, 8 pairs an invocation.
// bitonic-transpose: the faster of tiles of 4096 and 2048 at each size, measured on an H100
// (chained, docs/PERFORMANCE.md runs i and j): 2048 from 8K to 512K pairs (8K: 39 us against 45,
// 64K 57 against 72, 512K 116 against 128), at 2M and 4M (288 against 292, 624 against 646); 4096
// at 1M (169 against 171), 8M and 16M (1430 against 1464, 3030 against 3188), and at 4K and below,
// where it is one dispatch. 8 pairs an invocation below 2M pairs, 16 from there (with tiles of
// 4096 and chained, on an H100: 168 against 172 us at 1M, 646 against 717 at 4M; unchained on the
// H200 16 were the faster from 1M, 698 against 758 at 4M, 2937 against 3289 at 16M).
BitonicShape bitonicShapeFor(BitonicVariant variant, std::uint32_t log2n);

// A step of the bitonic network on 2^log2n pairs: in stage `stage` (merging runs of k = 2^stage
// pairs) every pair i meets pair i ^ 2^bit, ascending where bit `stage` of i is 0. The network is
// the stages 1 .. log2n in order, each the bits stage - 1, ..., 0 in order.
struct BitonicStep {
  std::uint32_t stage = 0, bit = 0;
  friend bool operator==(const BitonicStep&, const BitonicStep&) = default;
};
// One pass of bitonic-transpose after its tile sort: a group per tile holds the 2^tileBits pairs
// whose indices agree outside `heldBits` (a mask of tileBits index bits) and runs `steps`, whose
// stride bits all lie in heldBits.
struct BitonicPass {
  std::uint32_t heldBits = 0;
  std::vector<BitonicStep> steps;
};
// The passes that follow the tile sort (stages 1 .. tileBits) of 2^log2n pairs: the later steps in
// order, packed greedily (a pass takes steps while their stride bits and the runBits lowest bits,
// held for coalescing, number at most tileBits), so the tail of a stage and the head of the next
// share a pass; a pass's spare held bits are the lowest ones not taken. Greedy is optimal here: a
// run of steps that fits a pass still fits once shortened. Pure; empty when log2n <= tileBits.
std::vector<BitonicPass> planBitonicPasses(std::uint32_t log2n, std::uint32_t tileBits = kSortTileBits,
                                           std::uint32_t runBits = kSortMinRunBits);
// bitonic-transpose's dispatches chained, with no memory barrier between them: group g of dispatch
// i + 1 waits only for the groups of dispatch i that wrote the pairs it reads. With F(i) the index
// bits outside dispatch i's held bits (a group's ID deposited there, lowest first), those writers
// are the 2^|F(i) & ~F(i+1)| groups that agree with g on the shared bits F(i) & F(i+1); each of
// them adds 1 to the done count those shared bits pick, and g waits for that count to reach
// 2^|F(i) & ~F(i+1)|. A link gives dispatch i's counts as words from the start of a sort's set,
// and the group ID bits that pick one (bitonic.comp's waitForDispatchBefore and countDone).
struct BitonicLink {
  std::uint32_t waitAt = 0, waitMask = 0, waitFor = 0;  // the counts of the dispatch before (none for the first)
  std::uint32_t doneAt = 0, doneMask = 0;               // this dispatch's counts (none for the last)
};
struct BitonicChain {
  std::vector<BitonicLink> links;  // one per dispatch
  std::uint32_t words = 0;         // done counts a sort uses
};
// The links of dispatches holding heldBits[i] of 2^log2n pairs, in order. Pure.
BitonicChain planBitonicChain(std::span<const std::uint32_t> heldBits, std::uint32_t log2n);
// The bitonic variants with the registry's shapes, or with others (tests shrink them to reach every
// path of the planning at small sizes); throws std::invalid_argument naming a shape it cannot run.
std::unique_ptr<Sorter> makeBitonic(const gl::ShaderLibrary& library, const gl::Caps& caps, BitonicVariant variant);
std::unique_ptr<Sorter> makeBitonic(const gl::ShaderLibrary& library, const gl::Caps& caps, BitonicVariant variant,
                                    const BitonicShapes& shapes);

// The radix sorters (radix.cpp): least-significant digit first over the key bits below keyCount.
std::unique_ptr<Sorter> makeRadix(const gl::ShaderLibrary& library, const gl::Caps& caps);
// alwaysFallBack (tests): every tile counts its predecessors' digits from their inputs instead of
// reading what they published, the path that keeps a pass from hanging where groups are not
// concurrent, made reachable on any context.
std::unique_ptr<Sorter> makeOneSweep(const gl::ShaderLibrary& library, const gl::Caps& caps, bool alwaysFallBack = false);
// How the radix sorters rank a tile on this context, for the lab's description.
std::string radixRanking(const gl::Caps& caps);

}  // namespace boids::primitives
