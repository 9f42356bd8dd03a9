#ifndef BOIDS_GROUP_TREE_GLSL
#define BOIDS_GROUP_TREE_GLSL
// A workgroup's values combined in shared memory with sequential addressing: at each step the
// lower half adds the upper half, so active invocations stay contiguous and shared-memory banks
// do not conflict (Harris, "Optimizing Parallel Reduction in CUDA", kernel 3). log2(GROUP_SIZE)
// steps. The loop bounds are constants, so compilers unroll it; the barriers stay, because GLSL
// (unlike CUDA's warp-synchronous tail) promises nothing about lanes running in lockstep.
// Call from uniform control flow; every invocation gets the group's total.
// Needs GROUP_SIZE (a power of two) and reduce/reduce_common.glsl.

shared vec4 g_sum[GROUP_SIZE];
shared vec3 g_lo[GROUP_SIZE];
shared vec3 g_hi[GROUP_SIZE];

Acc groupReduce(Acc mine) {
  uint lane = gl_LocalInvocationIndex;
  g_sum[lane] = mine.sum;
  g_lo[lane] = mine.lo;
  g_hi[lane] = mine.hi;
  barrier();
  for (uint s = uint(GROUP_SIZE) / 2u; s > 0u; s >>= 1u) {
    if (lane < s) {
      g_sum[lane] += g_sum[lane + s];
      g_lo[lane] = min(g_lo[lane], g_lo[lane + s]);
      g_hi[lane] = max(g_hi[lane], g_hi[lane + s]);
    }
    barrier();
  }
  Acc total = Acc(g_sum[0], g_lo[0], g_hi[0]);
  barrier();  // the arrays may be reused right after
  return total;
}

#endif
