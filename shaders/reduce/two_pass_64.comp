#version 430 core
// Strategy two-pass-64: 64 invocations each reduce a share of the boids to a partial of their own;
// a second, tiny pass (one invocation) adds up the 64 partials. Two ways to share the boids out:
//   row    (PATTERN_COLUMN 0): invocation i reads i, i + 64, i + 128, ...: at every step the 64
//          invocations read 64 neighbouring boids, so each request is one contiguous 1 KiB line;
//   column (PATTERN_COLUMN 1): invocation i reads one contiguous slice of ceil(N / 64) boids: at
//          every step the invocations read addresses a slice apart, 64 separate requests.
// Pass 0 reads SSBO_POS_IN, writes SSBO_PARTIALS[0..63]; pass 1 reads them, writes SSBO_FLOCK_STATS.

#ifndef FINAL_PASS
#define FINAL_PASS 0
#endif
#ifndef PATTERN_COLUMN
#define PATTERN_COLUMN 0
#endif
#define INVOCATIONS 64

#if FINAL_PASS
layout(local_size_x = 1) in;
#define READS_PARTIALS
#define WRITES_STATS
#else
layout(local_size_x = INVOCATIONS) in;
#define READS_POSITIONS
#define WRITES_PARTIALS
#endif
#include "reduce/reduce_io.glsl"

void main() {
  Acc acc = accEmpty();
#if FINAL_PASS
  for (uint k = 0u; k < uint(INVOCATIONS); ++k) acc = accAdd(acc, loadItem(k));
  b_stats = statsFromAcc(acc, u_boidCount);
#else
  uint i = gl_LocalInvocationIndex;
#if PATTERN_COLUMN
  uint slice = (u_inputCount + uint(INVOCATIONS) - 1u) / uint(INVOCATIONS);
  uint end = min(u_inputCount, (i + 1u) * slice);
  for (uint k = i * slice; k < end; ++k) acc = accAdd(acc, loadItem(k));
#else
  for (uint k = i; k < u_inputCount; k += uint(INVOCATIONS)) acc = accAdd(acc, loadItem(k));
#endif
  b_partialsOut[i] = partialFromAcc(acc);
#endif
}
