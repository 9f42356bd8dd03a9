#ifndef BOIDS_SORT_COMMON_GLSL
#define BOIDS_SORT_COMMON_GLSL
// What the sorters sort: uvec2 pairs (key, value), ordered by key, then by value. The values are
// boid indices, unique, so the order is total and every bitonic variant (and std::sort) produces
// the same sequence. Padding past the real pairs holds the sentinel, above every real pair.

const uvec2 kSentinel = uvec2(SORT_PAD_WORD);  // (primitives/sort/sort_slots.h, included first)

#ifdef SORT_INT64
// One 64-bit compare: key << 32 | value orders exactly as (key, value). The including shader
// enables GL_ARB_gpu_shader_int64 (an #extension line must precede its declarations).
bool pairLess(uvec2 a, uvec2 b) { return packUint2x32(a.yx) < packUint2x32(b.yx); }
#else
bool pairLess(uvec2 a, uvec2 b) { return a.x < b.x || (a.x == b.x && a.y < b.y); }
#endif

#endif
