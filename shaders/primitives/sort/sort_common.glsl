#ifndef BOIDS_SORT_COMMON_GLSL
#define BOIDS_SORT_COMMON_GLSL
// What the sorters sort: uvec2 pairs (key, value), ordered by key, then by value. The values are
// boid indices, unique, so the order is total and every bitonic variant (and std::sort) produces
// the same sequence. Padding past the real pairs holds the sentinel, above every real pair.

const uvec2 kSentinel = uvec2(0xffffffffu);

bool pairLess(uvec2 a, uvec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }

#endif
