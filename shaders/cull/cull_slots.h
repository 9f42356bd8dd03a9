#ifndef BOIDS_CULL_SLOTS_H
#define BOIDS_CULL_SLOTS_H
// The cull's binding slots, shared by C++ (engine/cull/cull.cpp) and GLSL. The compaction it runs
// binds its own (primitives/compact/compact_slots.h: the positions are its input); the cull's
// parameters sit past them.
#define CULL_SLOT_PARAMS 6  // CullParams

// cull/commands.comp, a pass of its own: each level's count in, its draw command out.
#define CULL_SLOT_COUNT_NEAR 0    // one uint per level: the compactions' counts
#define CULL_SLOT_COUNT_MIDDLE 1
#define CULL_SLOT_COUNT_FAR 2
#define CULL_SLOT_COMMANDS 3  // kLevels DrawArraysIndirectCommands
#define CULL_LOC_VERTICES 0   // uvec3: each level's mesh vertices
#define CULL_LOC_INSTANCED 1  // uvec3: 1 where the level draws an instance per boid

#define CULL_NEAR 0u        // the levels of detail, as the predicate's CULL_LEVEL names them
#define CULL_MIDDLE 1u
#define CULL_FAR 2u
#define CULL_HIDDEN 3u      // outside the frustum

#endif
