#ifndef BOIDS_CENTROID_SLOTS_H
#define BOIDS_CENTROID_SLOTS_H
// The centroid strategies' binding slots and uniform locations, shared by C++ (engine/centroid/)
// and GLSL. Every strategy reads the positions and writes one FlockStats where the reduce
// primitive's payload does (centroid_payload.glsl), so the generic variants and the strategies of
// their own bind the same two; the rest are the strategies' own.
// Relative, so that C++ finds it as well as the shader library.
#include "../primitives/reduce/reduce_slots.h"

#define CENTROID_SLOT_POSITIONS REDUCE_SLOT_INPUT  // vec4 per boid, xyz used
#define CENTROID_SLOT_STATS REDUCE_SLOT_OUTPUT     // FlockStats
#define CENTROID_SLOT_ACCUM 5                      // atomic: the global accumulators
#define CENTROID_SLOT_COMPANION 6                  // mipmap: the companion tree's FlockStats (its bounds)

#define CENTROID_LOC_ITEMS REDUCE_LOC_ITEMS        // items a pass reads
#define CENTROID_LOC_BOID_COUNT REDUCE_LOC_TOTAL   // the flock's size, the divisor of the centroid
#define CENTROID_LOC_SCALE 2                       // atomic: fixed-point units per world unit (a power of two)
#define CENTROID_LOC_SIDE 3                        // mipmap: the side of its square texture
#define CENTROID_LOC_LEVEL 4                       // mipmap: the last level

#endif
