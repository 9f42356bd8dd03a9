#version 430 core
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
// Variant subgroup: like tree, but the group's combine uses the payload's subgroup combine
// (GL_KHR_shader_subgroup: subgroupAdd/Min/Max across the lanes of a subgroup, in registers), then
// one shared-memory step across the group's subgroups. Two dispatches, as tree.

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef SUBGROUP_SLOTS
#define SUBGROUP_SLOTS GROUP_SIZE  // a group's subgroups at most (C++ passes GROUP_SIZE / the subgroup size)
#endif

layout(local_size_x = GROUP_SIZE) in;

#define REDUCE_SUBGROUPS 1  // the payload may use subgroup operations
#include "primitives/reduce/reduce_io.glsl"

#ifndef ACC_SUBGROUP_COMBINE
#error "the subgroup variant needs the payload's ACC_SUBGROUP_COMBINE(a)"
#endif

// One slot per subgroup (a wide payload's 28 KiB, were it one per invocation, would cost the
// groups an SM can hold).
shared ACC_TYPE g_subgroups[SUBGROUP_SLOTS];

void main() {
  ACC_TYPE mine = ACC_SUBGROUP_COMBINE(loadRun(gl_GlobalInvocationID.x, gl_NumWorkGroups.x * uint(GROUP_SIZE), true));
  if (subgroupElect()) g_subgroups[gl_SubgroupID] = mine;
  barrier();
  if (gl_SubgroupID != 0u) return;
  ACC_TYPE group = ACC_IDENTITY;
  for (uint s = gl_SubgroupInvocationID; s < gl_NumSubgroups; s += gl_SubgroupSize) group = ACC_COMBINE(group, g_subgroups[s]);
  group = ACC_SUBGROUP_COMBINE(group);
  if (subgroupElect()) {
#if WRITES_PARTIALS
    b_partialsOut[gl_WorkGroupID.x] = group;
#else
    ACC_STORE(group);
#endif
  }
}
