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
#define CULL_SLOT_DISPATCHES 4  // kLevels DispatchIndirectCommands, 16 bytes apart (uvec4, w unused)
#define CULL_LOC_VERTICES 0   // uvec3: each level's mesh vertices
#define CULL_LOC_INSTANCED 1  // uvec3: 1 where the level draws an instance per boid

// A compute pass over a level's list (the splats, render/splat.comp) runs in groups of
// CULL_LIST_GROUP_SIZE; its dispatch command holds at most CULL_LIST_MAX_GROUPS (GL's guaranteed
// group count), and the pass strides over the boids past them.
#define CULL_LIST_GROUP_SIZE 256
#define CULL_LIST_MAX_GROUPS 65535u

#define CULL_NEAR 0u        // the levels of detail, as the predicate's CULL_LEVEL names them
#define CULL_MIDDLE 1u
#define CULL_FAR 2u
#define CULL_HIDDEN 3u      // outside the frustum

#endif
