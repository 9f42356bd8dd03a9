#ifndef BOIDS_REDUCE_SLOTS_H
#define BOIDS_REDUCE_SLOTS_H
// The reduce primitive's binding slots and uniform locations, shared by C++
// (engine/primitives/reduce/reduce.cpp) and GLSL. Scoped to this primitive: a pass binds its own
// buffers before it dispatches, so these numbers may repeat another module's.

#define REDUCE_SLOT_INPUT 0         // what the payload's ACC_LOAD reads (a payload reading a texture ignores it)
#define REDUCE_SLOT_PARTIALS 1      // one ACC_TYPE per group of the pass before
#define REDUCE_SLOT_PARTIALS_OUT 2  // one ACC_TYPE per group of this pass
#define REDUCE_SLOT_OUTPUT 3        // what the payload's ACC_STORE writes
#define REDUCE_SLOT_TICKET 4        // single-pass: the count of groups done
#define REDUCE_SLOT_WATCH 9         // a watch's copy of each group's tree at one phase (WATCH_TREE builds only): past
                                    // the payloads' own slots (the projection's 5 to 8)

#define REDUCE_TWO_PASS_INVOCATIONS 64  // two-pass-64's one group (two_pass_64.comp)

#define REDUCE_LOC_ITEMS 0          // items this pass reads (inputs or partials)
#define REDUCE_LOC_TOTAL 1          // items of the whole reduction (a mean's divisor)
#define REDUCE_LOC_WATCH_PHASE 2    // WATCH_TREE builds: the tree's phase copied out (0: loaded, k: after k halvings)

#endif
