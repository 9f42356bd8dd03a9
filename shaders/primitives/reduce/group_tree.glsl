#ifndef BOIDS_GROUP_TREE_GLSL
#define BOIDS_GROUP_TREE_GLSL
// A workgroup's values combined in shared memory with sequential addressing: at each step the
// lower half combines the upper half, so active invocations stay contiguous and shared-memory banks
// do not conflict (Harris, "Optimizing Parallel Reduction in CUDA", kernel 3). log2(GROUP_SIZE)
// steps. The loop bounds are constants, so compilers unroll it; the barriers stay, because GLSL
// (unlike CUDA's warp-synchronous tail) promises nothing about lanes running in lockstep.
//
// A wide accumulator (the payload defines ACC_WIDE_ITEMS: the SH projection's 112 bytes) first
// folds the group into 64 slots, a quarter of it at a time, so that the tree holds 7 KiB of
// shared memory rather than 28 and more groups share a core (docs/PERFORMANCE.md, "SH projection").
// Call from uniform control flow; every invocation gets the group's total.
// Needs GROUP_SIZE (a power of two), ACC_TYPE and ACC_COMBINE (primitives/reduce/reduce_io.glsl).

#if defined(ACC_WIDE_ITEMS) && GROUP_SIZE > 64
#define TREE_SLOTS 64
#else
#define TREE_SLOTS GROUP_SIZE
#endif

shared ACC_TYPE g_tree[TREE_SLOTS];

#ifdef WATCH_TREE
// A watch's build (engine/primitives/reduce/reduce.cpp, watchPhases): the group's tree copied out
// at phase u_watchPhase (0: as loaded; k: after k halvings), the kernel otherwise unchanged.
layout(std430, binding = REDUCE_SLOT_WATCH) writeonly buffer WatchTree { ACC_TYPE b_watchTree[]; };
layout(location = REDUCE_LOC_WATCH_PHASE) uniform uint u_watchPhase;
void watchTree(uint phase, uint lane) {
  if (phase == u_watchPhase && lane < uint(TREE_SLOTS)) b_watchTree[gl_WorkGroupID.x * uint(TREE_SLOTS) + lane] = g_tree[lane];
}
#define WATCH_TREE_AT(phase) watchTree(phase, lane)
#else
#define WATCH_TREE_AT(phase)  // nothing in the frame's kernels
#endif

ACC_TYPE groupReduce(ACC_TYPE mine) {
  uint lane = gl_LocalInvocationIndex;
  for (uint part = uint(GROUP_SIZE / TREE_SLOTS) - 1u; part > 0u; --part) {  // the fold, when there is one
    if (lane / uint(TREE_SLOTS) == part) g_tree[lane - part * uint(TREE_SLOTS)] = mine;
    barrier();
    if (lane < uint(TREE_SLOTS)) mine = ACC_COMBINE(mine, g_tree[lane]);
    barrier();
  }
  if (lane < uint(TREE_SLOTS)) g_tree[lane] = mine;
  barrier();
  WATCH_TREE_AT(0u);
  for (uint s = uint(TREE_SLOTS) / 2u; s > 0u; s >>= 1u) {
    if (lane < s) g_tree[lane] = ACC_COMBINE(g_tree[lane], g_tree[lane + s]);
    barrier();
    WATCH_TREE_AT(uint(findMSB(uint(TREE_SLOTS) / s)));  // the halvings done
  }
  ACC_TYPE total = g_tree[0];
  barrier();  // the array may be reused right after
  return total;
}

#endif
