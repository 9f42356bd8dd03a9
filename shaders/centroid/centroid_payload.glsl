#ifndef BOIDS_CENTROID_PAYLOAD_GLSL
#define BOIDS_CENTROID_PAYLOAD_GLSL
// The flock's centroid and bounds as a payload of the reduce primitive
// (primitives/reduce/reduce_io.glsl): a running sum and a running box. Combining is associative
// (the sum up to rounding), so any order or tree shape gives the same answer within the error
// bound of its depth (engine/verify/error_model.hpp).
#include "centroid/centroid_slots.h"
#include "common/flock_stats.h"

struct Acc {
  vec4 sum;  // xyz: sum of positions; w: how many (a float count is exact up to 2^24)
  vec3 lo;
  vec3 hi;
};

Acc accEmpty() {
  const float inf = uintBitsToFloat(0x7f800000u);
  return Acc(vec4(0.0), vec3(inf), vec3(-inf));
}

Acc accAdd(Acc a, Acc b) { return Acc(a.sum + b.sum, min(a.lo, b.lo), max(a.hi, b.hi)); }

layout(std430, binding = CENTROID_SLOT_POSITIONS) readonly buffer Positions { vec4 b_pos[]; };
layout(std430, binding = CENTROID_SLOT_STATS) writeonly buffer Stats { FlockStats b_stats; };

Acc accLoad(uint k) {
  vec3 p = b_pos[k].xyz;
  return Acc(vec4(p, 1.0), p, p);
}

// The centroid divides by the flock's size; w reports how many boids were actually counted, so
// that a check can tell a skipped or doubled boid from rounding.
void accStore(Acc a) { b_stats = FlockStats(vec4(a.sum.xyz / float(u_total), a.sum.w), vec4(a.lo, 0.0), vec4(a.hi, 0.0)); }

#define ACC_TYPE Acc
#define ACC_IDENTITY accEmpty()
#define ACC_COMBINE(a, b) accAdd(a, b)
#define ACC_LOAD(k) accLoad(k)
#define ACC_STORE(a) accStore(a)

#ifdef REDUCE_SUBGROUPS  // the kernel enabled GL_KHR_shader_subgroup_arithmetic
Acc accSubgroup(Acc a) { return Acc(subgroupAdd(a.sum), subgroupMin(a.lo), subgroupMax(a.hi)); }
#define ACC_SUBGROUP_COMBINE(a) accSubgroup(a)
#endif

#endif
