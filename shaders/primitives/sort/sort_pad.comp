#version 430 core
// Fills the pairs past the real ones, up to the sorted length, with the sentinel.
// Writes SORT_SLOT_PAIRS[count .. padded).
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;
#include "primitives/sort/sort_slots.h"
#include "primitives/sort/sort_common.glsl"

layout(std430, binding = SORT_SLOT_PAIRS) writeonly buffer Pairs { uvec2 b_pairs[]; };
layout(location = SORT_LOC_COUNT) uniform uvec2 u_range;  // [count, padded)

void main() {
  for (uint i = u_range.x + gl_GlobalInvocationID.x; i < u_range.y; i += gl_NumWorkGroups.x * uint(GROUP_SIZE)) {
    b_pairs[i] = kSentinel;
  }
}
