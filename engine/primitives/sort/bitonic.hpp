#pragma once
// The bitonic sorts' inside, for the sort (sort.cpp) and its tests: the three variants, their
// shape at each size, and the planning of bitonic-transpose's passes and of the chain that lets
// its dispatches run without a barrier between them. Users of the sort need only sort.hpp.
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "engine/primitives/sort/sort.hpp"

namespace boids::primitives {

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
// The registry's shapes: bitonic-global and bitonic-shared tiles of 4096, 8 pairs an invocation;
// bitonic-transpose's from a table by size (sort.cpp, with the measurement it came from).
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
// A bitonic variant for a watch (engine/primitives/sort/sort_watch.cpp), its pairs padded to the
// next power of two only (not to a tile of kSortTile), so that a small input's network is its own:
// bitonic-global from 2 pairs, the tiled variants in tiles of kWatchBitonicShape (a small input
// spans several).
inline constexpr BitonicShape kWatchBitonicShape{6, kSortMinRunBits, 3};
std::unique_ptr<Sorter> makeBitonicToWatch(const gl::ShaderLibrary& library, const gl::Caps& caps, BitonicVariant variant);
std::unique_ptr<Sorter> makeBitonic(const gl::ShaderLibrary& library, const gl::Caps& caps, BitonicVariant variant,
                                    const BitonicShapes& shapes);

}  // namespace boids::primitives
