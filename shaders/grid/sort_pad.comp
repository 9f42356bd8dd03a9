#version 430 core
// Fills the pairs past the real ones, up to the sorted length, with the sentinel.
// Writes SSBO_SORT_PAIRS[count .. padded).
layout(local_size_x = 256) in;
#include "common/bindings.h"
#include "grid/sort_common.glsl"

layout(std430, binding = SSBO_SORT_PAIRS) writeonly buffer Pairs { uvec2 b_pairs[]; };
layout(location = LOC_SORT_COUNT) uniform uvec2 u_range;  // [count, padded)

void main() {
  uint i = u_range.x + gl_GlobalInvocationID.x;
  if (i < u_range.y) b_pairs[i] = kSentinel;
}
