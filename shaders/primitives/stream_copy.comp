#version 430 core
// The speed of light for scan and compaction: a plain copy of the same uints, each read once and
// written once, 16 bytes per access, grid-stride, nothing combined. `boids bench --scan` times it
// beside the variants, so their rates read as a fraction of what this GPU streams through GL.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif

layout(local_size_x = GROUP_SIZE) in;
#include "primitives/stream_copy_slots.h"

layout(std430, binding = COPY_SLOT_IN) readonly buffer In { uvec4 b_in4[]; };
layout(std430, binding = COPY_SLOT_OUT) writeonly buffer Out { uvec4 b_out4[]; };
layout(std430, binding = COPY_SLOT_IN) readonly buffer InScalar { uint b_in[]; };
layout(std430, binding = COPY_SLOT_OUT) writeonly buffer OutScalar { uint b_out[]; };
layout(location = COPY_LOC_COUNT) uniform uint u_count;

void main() {
  uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
  uint quads = u_count / 4u;
  for (uint i = gl_GlobalInvocationID.x; i < quads; i += stride) b_out4[i] = b_in4[i];
  uint tail = quads * 4u + gl_GlobalInvocationID.x;
  if (tail < u_count) b_out[tail] = b_in[tail];
}
