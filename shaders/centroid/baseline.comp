#version 430 core
// Baselines for boids bench, dispatched and timed exactly like the strategies:
//   STREAM 0: one group writes one value: the fixed cost of a dispatch and its barrier;
//   STREAM 1: every position read once, four loads in flight, nothing combined across
//             invocations: how fast this GPU streams the input through GL compute.
// Reads CENTROID_SLOT_POSITIONS; writes CENTROID_SLOT_STATS (almost never).

#ifndef STREAM
#define STREAM 1
#endif
#define GROUP_SIZE 256

layout(local_size_x = GROUP_SIZE) in;

#include "centroid/centroid_slots.h"

layout(location = CENTROID_LOC_ITEMS) uniform uint u_inputCount;
layout(std430, binding = CENTROID_SLOT_POSITIONS) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = CENTROID_SLOT_STATS) writeonly buffer Out { vec4 b_out; };

void main() {
#if STREAM
  uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
  uint k = gl_GlobalInvocationID.x;
  vec4 s = vec4(0.0);
  for (; k + 3u * stride < u_inputCount; k += 4u * stride) {
    s += (b_pos[k] + b_pos[k + stride]) + (b_pos[k + 2u * stride] + b_pos[k + 3u * stride]);
  }
  for (; k < u_inputCount; k += stride) s += b_pos[k];
  if (s.x == -1.2345e-30) b_out = s;  // never true for a flock, but the loads must stay
#else
  if (gl_GlobalInvocationID.x == 0u) b_out = vec4(1.0);
#endif
}
