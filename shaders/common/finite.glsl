#ifndef BOIDS_FINITE_GLSL
#define BOIDS_FINITE_GLSL
// Finite, tested on the bits (exponent all ones: infinity or NaN). Not with comparisons: GLSL does
// not promise that one with a NaN is false, and compilers reorder them as if no NaN came (Mesa's
// llvmpipe on some CPUs takes NaN >= 0.0 for true).
bool finite1(float x) { return (floatBitsToUint(x) & 0x7f800000u) != 0x7f800000u; }
bool finite2(vec2 v) { return all(notEqual(floatBitsToUint(v) & 0x7f800000u, uvec2(0x7f800000u))); }
bool finite3(vec3 v) { return all(notEqual(floatBitsToUint(v) & 0x7f800000u, uvec3(0x7f800000u))); }
#endif
