#ifndef BOIDS_REDUCE_IO_GLSL
#define BOIDS_REDUCE_IO_GLSL
// The inputs and outputs shared by the compute reductions. A shader declares what it reads and
// writes by defining, before including this file:
//   READS_POSITIONS  -> b_pos[]       (SSBO_POS_IN)
//   READS_PARTIALS   -> b_partials[]  (SSBO_PARTIALS, read)
//   WRITES_PARTIALS  -> b_partialsOut[] (SSBO_PARTIALS when reading positions, else SSBO_PARTIALS_OUT)
//   WRITES_STATS     -> b_stats       (SSBO_FLOCK_STATS)
#include "common/bindings.h"
#include "common/flock_stats.h"
#include "reduce/reduce_common.glsl"

layout(location = LOC_REDUCE_INPUT_COUNT) uniform uint u_inputCount;  // items this pass reads
layout(location = LOC_REDUCE_BOID_COUNT) uniform uint u_boidCount;    // the divisor of the centroid

#ifdef READS_POSITIONS
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
Acc loadItem(uint k) { return accPoint(b_pos[k].xyz); }
#endif
#ifdef READS_PARTIALS
layout(std430, binding = SSBO_PARTIALS) readonly buffer PartialsIn { ReducePartial b_partials[]; };
Acc loadItem(uint k) { return accFromPartial(b_partials[k]); }
#endif
#ifdef WRITES_PARTIALS
#ifdef READS_PARTIALS
layout(std430, binding = SSBO_PARTIALS_OUT) writeonly buffer PartialsOut { ReducePartial b_partialsOut[]; };
#else
layout(std430, binding = SSBO_PARTIALS) writeonly buffer PartialsOut { ReducePartial b_partialsOut[]; };
#endif
#endif
#ifdef WRITES_STATS
layout(std430, binding = SSBO_FLOCK_STATS) writeonly buffer Stats { FlockStats b_stats; };
#endif

#endif
