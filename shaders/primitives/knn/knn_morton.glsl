// The Morton order the kNN searches read: a cell of level m (2^m finest cells wide, its integer
// coordinates c below 1024 >> m) holds the sorted slots whose codes run from morton(c) << 3m up to
// (morton(c) + 1) << 3m, found by binary search in the codes. After knn_list.glsl.

layout(std430, binding = KNN_SLOT_CODES) readonly buffer Codes { uint b_codes[]; };
layout(location = KNN_LOC_ORIGIN) uniform vec3 u_origin;
layout(location = KNN_LOC_SIDE) uniform float u_side;

#include "primitives/knn/morton.h"

uint morton(uvec3 c) { return mortonSpread(c.x) | (mortonSpread(c.y) << 1) | (mortonSpread(c.z) << 2); }

// The first sorted slot in [lo, hi) whose code is at least `code` (hi where there is none).
uint firstAtLeastIn(uint code, uint lo, uint hi) {
  while (lo < hi) {
    const uint mid = (lo + hi) >> 1;
    if (b_codes[mid] < code) lo = mid + 1u; else hi = mid;
  }
  return lo;
}
uint firstAtLeast(uint code) { return firstAtLeastIn(code, 0u, u_count); }

// The sorted slots of the level-m cell at c: [x, y).
uvec2 cellSlots(uint m, uvec3 c) {
  const uint first = morton(c) << (3u * m);
  return uvec2(firstAtLeast(first), m == uint(KNN_LEVELS) ? u_count : firstAtLeast(first + (1u << (3u * m))));
}

float finestEdge() { return u_side / float(1u << KNN_LEVELS); }

// The finest cell a point is in (clamped into the cube).
uvec3 finestCell(vec3 p) { return uvec3(clamp(ivec3(floor((p - u_origin) / finestEdge())), ivec3(0), ivec3((1 << KNN_LEVELS) - 1))); }
