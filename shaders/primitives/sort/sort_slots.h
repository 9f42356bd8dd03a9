#ifndef BOIDS_SORT_SLOTS_H
#define BOIDS_SORT_SLOTS_H
// The sort primitive's binding slots and uniform locations, shared by C++
// (engine/primitives/sort/sort.cpp) and GLSL. Scoped to this primitive: a sort binds its own
// buffers before it dispatches.

#define SORT_SLOT_PAIRS 0      // uvec2 (key, value) pairs being sorted, in place
#define SORT_SLOT_COUNTS 1     // counting: a count per key, then (scanned) each key's first slot, then its end
#define SORT_SLOT_SCATTERED 2  // counting: the pairs by key in arrival order, before the rank pass

#define SORT_LOC_COUNT 0       // pairs to sort (bitonic: with the padded size, [count, padded))
#define SORT_LOC_STAGE 1       // bitonic: (k, j) = size of the sequences being merged, compare distance

// bitonic.comp's general tile pass (MODE 2), set per dispatch from the pass plan. Arrays take one
// location per element, so each starts where the one before ends.
#define SORT_MAX_RUNS 3        // runs of held index bits, and of the other (group) bits, a pass may have
#define SORT_MAX_STEPS 12      // steps a pass may run: at most one per held bit (kSortTile's 12)
#define SORT_LOC_PASS 2        // uvec3: (steps, read straight from memory, write straight to memory)
#define SORT_LOC_HELD 3        // uvec3[SORT_MAX_RUNS]: (slot shift, mask, index shift) per run of held bits
#define SORT_LOC_FREE 6        // uvec3[SORT_MAX_RUNS]: (group ID shift, mask, index shift) per run of the others
#define SORT_LOC_STEPS 9       // uvec4[SORT_MAX_STEPS]: (stride slot bit, window, direction slot mask, direction base mask)
#define SORT_LOC_END 21        // the first location past the steps

#endif
