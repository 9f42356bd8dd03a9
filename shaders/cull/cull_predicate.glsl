#ifndef BOIDS_CULL_PREDICATE_GLSL
#define BOIDS_CULL_PREDICATE_GLSL
// The compaction primitive's predicate for culling: keeps the boids whose level is CULL_LEVEL
// (defined by the program). The positions are the compaction's input.
#include "cull/cull_slots.h"
#include "cull/cull_params.h"
#include "cull/cull.glsl"

layout(std430, binding = COMPACT_SLOT_INPUT) readonly buffer Positions { vec4 b_positions[]; };
layout(std430, binding = CULL_SLOT_PARAMS) readonly buffer Params { CullParams b_cull; };

#define KEEP(i) (cullLevel(b_cull, b_positions[i].xyz) == uint(CULL_LEVEL))

#endif
