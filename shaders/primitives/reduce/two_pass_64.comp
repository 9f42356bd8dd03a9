#version 430 core
// Variant two-pass-64: 64 invocations each reduce a share of the items to a partial of their own;
// a second, tiny pass (one invocation) combines the 64 partials. Two ways to share the items out:
//   row    (PATTERN_COLUMN 0): invocation i reads i, i + 64, i + 128, ...: at every step the 64
//          invocations read 64 neighbouring items, so each request is one contiguous line;
//   column (PATTERN_COLUMN 1): invocation i reads one contiguous slice of ceil(N / 64) items: at
//          every step the invocations read addresses a slice apart, 64 separate requests.

#ifndef READS_PARTIALS
#define READS_PARTIALS 0  // 0: pass 0, inputs -> 64 partials; 1: pass 1, the 64 partials -> output
#endif
#define WRITES_PARTIALS (1 - READS_PARTIALS)
#ifndef PATTERN_COLUMN
#define PATTERN_COLUMN 0
#endif
#define INVOCATIONS REDUCE_TWO_PASS_INVOCATIONS

#include "primitives/reduce/reduce_io.glsl"

#if READS_PARTIALS
layout(local_size_x = 1) in;

void main() {
  ACC_TYPE acc = ACC_IDENTITY;
  for (uint k = 0u; k < uint(INVOCATIONS); ++k) acc = ACC_COMBINE(acc, loadItem(k));
  ACC_STORE(acc);
}
#else
layout(local_size_x = INVOCATIONS) in;

void main() {
  uint i = gl_LocalInvocationIndex;
  ACC_TYPE acc = ACC_IDENTITY;
#if PATTERN_COLUMN
  uint slice = (u_items + uint(INVOCATIONS) - 1u) / uint(INVOCATIONS);
  uint end = min(u_items, (i + 1u) * slice);
  for (uint k = i * slice; k < end; ++k) acc = ACC_COMBINE(acc, loadItem(k));
#else
  for (uint k = i; k < u_items; k += uint(INVOCATIONS)) acc = ACC_COMBINE(acc, loadItem(k));
#endif
  b_partialsOut[i] = acc;
}
#endif
