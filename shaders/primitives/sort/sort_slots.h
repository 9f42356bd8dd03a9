#ifndef BOIDS_SORT_SLOTS_H
#define BOIDS_SORT_SLOTS_H
// The sort primitive's binding slots and uniform locations, shared by C++
// (engine/primitives/sort/sort.cpp, radix.cpp) and GLSL. Scoped to this primitive: a sort binds
// its own buffers before it dispatches.

#define SORT_PAD_WORD 0xffffffffu  // both words of the padding pair past the real ones (sort_common.glsl)

#define SORT_SLOT_PAIRS 0      // uvec2 (key, value) pairs being sorted, in place
#define SORT_SLOT_COUNTS 1     // counting: a count per key, then (scanned) each key's first slot, then its end
#define SORT_SLOT_SCATTERED 2  // counting: the pairs by key in arrival order, before the rank pass
#define SORT_SLOT_RADIX_IN 3   // radix, onesweep: the pairs a digit pass reads
#define SORT_SLOT_RADIX_OUT 4  // radix, onesweep: where it writes them, ordered by its digit
#define SORT_SLOT_DIGITS 5     // radix: a count per (digit, tile), digit-major, then their exclusive scan
#define SORT_SLOT_STATUS 6     // onesweep: a tile counter per pass, two sets of each pass's digit counts,
                               // then a status word per (pass, tile, digit)
#define SORT_SLOT_CHAIN 7      // bitonic-transpose, chained: a stall count, then two sets of done counts

#define SORT_LOC_COUNT 0       // pairs to sort (bitonic: with the padded size, [count, padded))
#define SORT_LOC_STAGE 1       // bitonic: (k, j) = size of the sequences being merged, compare distance
// radix.comp (radix, onesweep):
#define SORT_LOC_RADIX 2       // (pairs, this pass's shift, digit bits, tiles)
#define SORT_LOC_RADIX_PASS 3  // onesweep: the digit pass (histogram: how many passes)
#define SORT_LOC_RADIX_COPY 4  // 1 when the counting pass copies the pairs for an odd number of passes
#define SORT_LOC_RADIX_PARITY 5  // onesweep: which of two sets of digit counts this sort uses

// bitonic.comp's general tile pass (MODE 2), set per dispatch from the pass plan. Arrays take one
// location per element, so each starts where the one before ends.
#define SORT_MAX_RUNS 3        // runs of held index bits, and of the other (group) bits, a pass may have
#define SORT_MAX_STEPS 12      // steps a pass may run: at most one per held bit (kSortTile's 12)
#define SORT_LOC_PASS 2        // uvec3: (steps, read straight from memory, write straight to memory)
#define SORT_LOC_HELD 3        // uvec3[SORT_MAX_RUNS]: (slot shift, mask, index shift) per run of held bits
#define SORT_LOC_FREE 6        // uvec3[SORT_MAX_RUNS]: (group ID shift, mask, index shift) per run of the others
#define SORT_LOC_STEPS 9       // uvec4[SORT_MAX_STEPS]: (stride's bit in the window | SORT_STEP_STARTS_STAGE where the
                               // step's stage differs from the step's before, window, direction slot mask, direction base mask)
#define SORT_STEP_STARTS_STAGE 0x100u
#define SORT_LOC_TURNS 21      // uvec3, tile sort and tile pass: (memory holds the pairs turned for the first
                               // step's stage, exit direction slot mask, exit direction base mask)
#define SORT_LOC_WAIT 22       // uvec3, chained: (first done count of the dispatch before + 1, or 0: no wait;
                               // the group ID bits that pick this group's count among them; the count to wait for)
#define SORT_LOC_DONE 23       // uvec4, chained: (first done count of this dispatch + 1, or 0; the group ID bits
                               // that pick this group's; tile sort: first word of the other set, its words)
#define SORT_LOC_END 24        // the first location past them

#endif
