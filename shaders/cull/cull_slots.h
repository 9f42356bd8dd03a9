#ifndef BOIDS_CULL_SLOTS_H
#define BOIDS_CULL_SLOTS_H
// The cull's binding slots, shared by C++ (engine/cull/cull.cpp) and GLSL. The compaction it runs
// binds its own (primitives/compact/compact_slots.h: the positions are its input); the cull's
// parameters sit past them.
#define CULL_SLOT_PARAMS 6  // CullParams

#define CULL_NEAR 0u        // the levels of detail, as the predicate's CULL_LEVEL names them
#define CULL_MIDDLE 1u
#define CULL_FAR 2u
#define CULL_HIDDEN 3u      // outside the frustum

#endif
