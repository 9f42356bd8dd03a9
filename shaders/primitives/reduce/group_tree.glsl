#ifndef BOIDS_GROUP_TREE_GLSL
#define BOIDS_GROUP_TREE_GLSL
// A workgroup's values combined in shared memory with sequential addressing: at each step the
// lower half combines the upper half, so active invocations stay contiguous and shared-memory banks
// do not conflict (Harris, "Optimizing Parallel Reduction in CUDA", kernel 3). log2(GROUP_SIZE)
// steps. The loop bounds are constants, so compilers unroll it; the barriers stay, because GLSL
// (unlike CUDA's warp-synchronous tail) promises nothing about lanes running in lockstep.
// Call from uniform control flow; every invocation gets the group's total.
// Needs GROUP_SIZE (a power of two), ACC_TYPE and ACC_COMBINE (primitives/reduce/reduce_io.glsl).

shared ACC_TYPE g_tree[GROUP_SIZE];

ACC_TYPE groupReduce(ACC_TYPE mine) {
  uint lane = gl_LocalInvocationIndex;
  g_tree[lane] = mine;
  barrier();
  for (uint s = uint(GROUP_SIZE) / 2u; s > 0u; s >>= 1u) {
    if (lane < s) g_tree[lane] = ACC_COMBINE(g_tree[lane], g_tree[lane + s]);
    barrier();
  }
  ACC_TYPE total = g_tree[0];
  barrier();  // the array may be reused right after
  return total;
}

#endif
