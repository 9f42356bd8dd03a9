#ifndef BOIDS_REDUCE_IO_GLSL
#define BOIDS_REDUCE_IO_GLSL
// What every reduction kernel reads and writes, and its payload. The program's defines name the
// payload file (REDUCE_PAYLOAD "path"), which defines, for any associative combine:
//   ACC_TYPE             the accumulator (a struct or a vector: partials are stored as it is)
//   ACC_IDENTITY         the value that combines with anything to that thing
//   ACC_COMBINE(a, b)    the combine
//   ACC_LOAD(k)          input item k as an ACC_TYPE (from REDUCE_SLOT_INPUT, or a texture)
//   ACC_STORE(a)         writes the whole reduction's result (to REDUCE_SLOT_OUTPUT)
//   ACC_SUBGROUP_COMBINE(a)  optional, where REDUCE_SUBGROUPS is defined (the kernel enabled
//                        GL_KHR_shader_subgroup_arithmetic): the combine across a subgroup
//   ACC_ADD_COMPENSATED(sum, lost, x)  optional: a compensated add (Kahan, Neumaier) of x into
//                        sum, keeping what rounding lost in `lost`; a kernel whose runs are long
//                        (LONG_RUNS 1: single-thread's run is every item) then uses it, so its
//                        run rounds like a short one
// ACC_WIDE_ITEMS is defined for a wide accumulator (ReducePayload::wide, from C++): an item is
// already several loads, so short runs keep one in flight (four would cost the registers that let
// more invocations hide latency; a long run, alone on its core, keeps four), and the group tree
// folds before it combines (group_tree.glsl).
// u_items and u_total are declared before the payload, so its load and store may use them.
// A kernel picks its passes' ends with READS_PARTIALS and WRITES_PARTIALS (0 or 1).
#include "primitives/reduce/reduce_slots.h"

#ifndef READS_PARTIALS
#define READS_PARTIALS 0
#endif
#ifndef WRITES_PARTIALS
#define WRITES_PARTIALS 0
#endif
#ifndef LONG_RUNS
#define LONG_RUNS 0  // 1: each invocation's run is long (single-thread)
#endif

layout(location = REDUCE_LOC_ITEMS) uniform uint u_items;
layout(location = REDUCE_LOC_TOTAL) uniform uint u_total;

#include REDUCE_PAYLOAD

#if !defined(ACC_TYPE) || !defined(ACC_IDENTITY) || !defined(ACC_COMBINE) || !defined(ACC_LOAD) || !defined(ACC_STORE)
#error "a reduce payload defines ACC_TYPE, ACC_IDENTITY, ACC_COMBINE(a, b), ACC_LOAD(k) and ACC_STORE(a)"
#endif

#if READS_PARTIALS
layout(std430, binding = REDUCE_SLOT_PARTIALS) readonly buffer PartialsIn { ACC_TYPE b_partialsIn[]; };
ACC_TYPE loadItem(uint k) { return b_partialsIn[k]; }
#else
ACC_TYPE loadItem(uint k) { return ACC_LOAD(k); }
#endif
#if WRITES_PARTIALS
layout(std430, binding = REDUCE_SLOT_PARTIALS_OUT) writeonly buffer PartialsOut { ACC_TYPE b_partialsOut[]; };
#endif

// This invocation's grid-stride run of the pass's items, combined as they load ("first add during
// load"); with four loads in flight, four requests a coalesced stride apart, combined pairwise.
#if defined(ACC_ADD_COMPENSATED) && LONG_RUNS
#define RUN_COMPENSATED 1
#define RUN_ADD(acc, lost, x) ACC_ADD_COMPENSATED(acc, lost, x)
#else
#define RUN_ADD(acc, lost, x) acc = ACC_COMBINE(acc, x)
#endif
ACC_TYPE loadRun(uint first, uint stride, bool fourInFlight) {
  uint k = first;
  ACC_TYPE acc = ACC_IDENTITY;
  ACC_TYPE lost = ACC_IDENTITY;  // with a compensated add: what the run's rounding lost
#if defined(ACC_WIDE_ITEMS) && !LONG_RUNS
  fourInFlight = false;
#endif
  if (fourInFlight) {
    for (; k + 3u * stride < u_items; k += 4u * stride) {
      ACC_TYPE a = ACC_COMBINE(loadItem(k), loadItem(k + stride));
      ACC_TYPE b = ACC_COMBINE(loadItem(k + 2u * stride), loadItem(k + 3u * stride));
      RUN_ADD(acc, lost, ACC_COMBINE(a, b));
    }
  }
  for (; k < u_items; k += stride) RUN_ADD(acc, lost, loadItem(k));
#ifdef RUN_COMPENSATED
  acc = ACC_COMBINE(acc, lost);
#endif
  return acc;
}

#endif
