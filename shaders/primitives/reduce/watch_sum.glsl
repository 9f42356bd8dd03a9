// The watch's payload (engine/primitives/reduce/reduce_watch.cpp): the sum of uints, one word an
// item, a partial and the result, so that each cell a watch shows is one number.
layout(std430, binding = REDUCE_SLOT_INPUT) readonly buffer In { uint b_in[]; };
layout(std430, binding = REDUCE_SLOT_OUTPUT) writeonly buffer Out { uint b_out; };
#define ACC_TYPE uint
#define ACC_IDENTITY 0u
#define ACC_COMBINE(a, b) ((a) + (b))
#define ACC_LOAD(k) b_in[k]
#define ACC_STORE(a) b_out = (a)
#ifdef REDUCE_SUBGROUPS
#define ACC_SUBGROUP_COMBINE(a) subgroupAdd(a)
#endif
