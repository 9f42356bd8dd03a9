#ifndef BOIDS_SH_ACC_GLSL
#define BOIDS_SH_ACC_GLSL
// The spherical-harmonics projection as a payload of the reduce primitive
// (primitives/reduce/reduce_io.glsl), the part both layouts share: the accumulator, the
// compensated add of an invocation's run and the store. The layouts' payloads
// (lighting/sh_equirect.glsl, lighting/sh_cube.glsl) add the load of an item: texels of a row.
#include "lighting/sh_slots.h"
#include "lighting/sh_params.h"
#include "lighting/sh_basis.glsl"

// The 27 sums (coefficient k's channel c at 3k + c), then the solid angle: 28 floats in seven
// named vec4s (no arrays, so nothing is indexed at run time and nothing leaves registers), 112
// bytes, so a group of 256 keeps its tree in 28 KiB of shared memory (GL promises 32).
//   a: L0 rgb, L1 r   b: L1 gb, L2 rg   c: L2 b, L3 rgb   d: L4 rgb, L5 r
//   e: L5 gb, L6 rg   f: L6 b, L7 rgb   g: L8 rgb, solid angle
struct Acc {
  vec4 a, b, c, d, e, f, g;
};

layout(std430, binding = SH_SLOT_PARAMS) readonly buffer Params { ShParams b_params; };
layout(std430, binding = REDUCE_SLOT_OUTPUT) writeonly buffer Output { ShCoefficients b_sh[]; };

Acc accZero() { return Acc(vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0), vec4(0.0)); }

Acc accAdd(Acc x, Acc y) { return Acc(x.a + y.a, x.b + y.b, x.c + y.c, x.d + y.d, x.e + y.e, x.f + y.f, x.g + y.g); }

// Neumaier's compensated add of x into (sum, lost), lane by lane: what the sum's rounding lost is
// kept, so a long run (single-thread's: every item) adds a few ulps of its total rather than one
// per item. The variants with short runs do without (reduce_io.glsl, LONG_RUNS). `precise` keeps
// the compiler from simplifying (s - t) + x to 0.
void addCompensated(inout vec4 sum, inout vec4 lost, vec4 x) {
  precise vec4 t = sum + x;
  precise vec4 sumBigger = (sum - t) + x;
  precise vec4 xBigger = (x - t) + sum;
  lost += mix(xBigger, sumBigger, greaterThanEqual(abs(sum), abs(x)));
  sum = t;
}

void accAddCompensated(inout Acc sum, inout Acc lost, Acc x) {
  addCompensated(sum.a, lost.a, x.a);
  addCompensated(sum.b, lost.b, x.b);
  addCompensated(sum.c, lost.c, x.c);
  addCompensated(sum.d, lost.d, x.d);
  addCompensated(sum.e, lost.e, x.e);
  addCompensated(sum.f, lost.f, x.f);
  addCompensated(sum.g, lost.g, x.g);
}

void accStore(Acc s) {
  uint slot = b_params.run.y;
  b_sh[slot].L[0] = vec4(s.a.xyz, s.g.w);
  b_sh[slot].L[1] = vec4(s.a.w, s.b.xy, 0.0);
  b_sh[slot].L[2] = vec4(s.b.zw, s.c.x, 0.0);
  b_sh[slot].L[3] = vec4(s.c.yzw, 0.0);
  b_sh[slot].L[4] = vec4(s.d.xyz, 0.0);
  b_sh[slot].L[5] = vec4(s.d.w, s.e.xy, 0.0);
  b_sh[slot].L[6] = vec4(s.e.zw, s.f.x, 0.0);
  b_sh[slot].L[7] = vec4(s.f.yzw, 0.0);
  b_sh[slot].L[8] = vec4(s.g.xyz, 0.0);
}

#define ACC_TYPE Acc
#define ACC_IDENTITY accZero()
#define ACC_COMBINE(a, b) accAdd(a, b)
#define ACC_ADD_COMPENSATED(sum, lost, x) accAddCompensated(sum, lost, x)
#define ACC_STORE(a) accStore(a)

#ifdef REDUCE_SUBGROUPS  // the kernel enabled GL_KHR_shader_subgroup_arithmetic
Acc accSubgroup(Acc s) {
  return Acc(subgroupAdd(s.a), subgroupAdd(s.b), subgroupAdd(s.c), subgroupAdd(s.d), subgroupAdd(s.e), subgroupAdd(s.f),
             subgroupAdd(s.g));
}
#define ACC_SUBGROUP_COMBINE(a) accSubgroup(a)
#endif

#endif
