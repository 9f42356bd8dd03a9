#ifndef BOIDS_COMPACT_SLOTS_H
#define BOIDS_COMPACT_SLOTS_H
// The compaction primitive's binding slots and uniform locations, shared by C++
// (engine/primitives/compact/compact.cpp) and GLSL. Scoped to this primitive.

#define COMPACT_SLOT_INPUT 0    // what the predicate reads (the library's own: a uint flag per element, kept where non-zero)
#define COMPACT_SLOT_OUT 1      // uint per kept element: its index
#define COMPACT_SLOT_COUNT 2    // uint: how many were kept (stays on the GPU: indirect draws read it)
#define COMPACT_SLOT_KEEP 3     // scan: 1 or 0 per element, then
#define COMPACT_SLOT_SLOTS 4    //       its exclusive prefix sum: each kept element's slot

#define COMPACT_LOC_COUNT 0     // elements

#endif
