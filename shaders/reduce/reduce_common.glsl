#ifndef BOIDS_REDUCE_COMMON_GLSL
#define BOIDS_REDUCE_COMMON_GLSL
// What every centroid/bounds reduction combines: a running sum and a running box. Combining is
// associative (the sum up to rounding), so any order or tree shape gives the same answer within
// the error bound of its depth (engine/cpu/reference.cpp).
// Needs common/flock_stats.h.

struct Acc {
  vec4 sum;  // xyz: sum of positions; w: how many (a float count is exact up to 2^24)
  vec3 lo;
  vec3 hi;
};

Acc accEmpty() {
  const float inf = uintBitsToFloat(0x7f800000u);
  return Acc(vec4(0.0), vec3(inf), vec3(-inf));
}

Acc accPoint(vec3 p) { return Acc(vec4(p, 1.0), p, p); }

Acc accAdd(Acc a, Acc b) { return Acc(a.sum + b.sum, min(a.lo, b.lo), max(a.hi, b.hi)); }

Acc accFromPartial(ReducePartial q) { return Acc(q.sum, q.lo.xyz, q.hi.xyz); }

ReducePartial partialFromAcc(Acc a) { return ReducePartial(a.sum, vec4(a.lo, 0.0), vec4(a.hi, 0.0)); }

// The centroid divides by the flock's size; w reports how many boids were actually counted, so
// that a check can tell a skipped or doubled boid from rounding.
FlockStats statsFromAcc(Acc a, uint boidCount) {
  return FlockStats(vec4(a.sum.xyz / float(boidCount), a.sum.w), vec4(a.lo, 0.0), vec4(a.hi, 0.0));
}

#endif
