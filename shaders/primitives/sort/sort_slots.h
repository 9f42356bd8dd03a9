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

#endif
