#version 430 core
// One simulation step with the O(N^2) neighbour search: every boid visits every other boid.
// The boids are streamed through shared memory one tile (one workgroup's worth) at a time, as in
// the classic n-body kernel (Nyland, Harris, Prins: GPU Gems 3, ch. 31).
// Reads:  SSBO_POS_IN, SSBO_VEL_IN, SSBO_FLOCK_STATS (centroid), UBO_SIM_PARAMS
// Writes: SSBO_POS_OUT, SSBO_VEL_OUT (w: the local density, localDensity() in sim/boid_rules.glsl)

#ifndef GROUP_SIZE
#define GROUP_SIZE 128  // invocations per workgroup = boids per shared-memory tile
#endif

layout(local_size_x = GROUP_SIZE) in;

#include "common/bindings.h"
#include "common/sim_params.h"
#include "common/flock_stats.h"

layout(std140, binding = UBO_SIM_PARAMS) uniform SimParamsBlock { SimParams u_sim; };
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_posIn[]; };
layout(std430, binding = SSBO_VEL_IN) readonly buffer VelIn { vec4 b_velIn[]; };
layout(std430, binding = SSBO_POS_OUT) writeonly buffer PosOut { vec4 b_posOut[]; };
layout(std430, binding = SSBO_VEL_OUT) writeonly buffer VelOut { vec4 b_velOut[]; };
layout(std430, binding = SSBO_FLOCK_STATS) readonly buffer Stats { FlockStats b_stats; };

#include "sim/boid_rules.glsl"
#include "sim/repair.glsl"

shared vec4 g_pos[GROUP_SIZE];
shared vec4 g_vel[GROUP_SIZE];

void stepGroup(uint i) {
  uint count = u_sim.boidCount;
  uint lane = gl_LocalInvocationID.x;
  bool isBoid = i < count;  // the last group may run past the flock
  vec4 own = isBoid ? b_posIn[i] : vec4(0);
  vec3 p = own.xyz;
  vec3 v = isBoid ? b_velIn[i].xyz : vec3(0);

  RuleSums sums = rulesBegin();
  for (uint tile = 0u; tile < count; tile += uint(GROUP_SIZE)) {
    uint j = tile + lane;
    g_pos[lane] = j < count ? b_posIn[j] : vec4(0);
    g_vel[lane] = j < count ? b_velIn[j] : vec4(0);
    barrier();
    uint inTile = min(uint(GROUP_SIZE), count - tile);
    for (uint k = 0u; k < inTile; ++k) {
      if (tile + k != i) rulesAccumulate(sums, p, g_pos[k].xyz, g_vel[k].xyz);
    }
    barrier();  // the tile is overwritten next iteration
  }
  if (!isBoid) return;

  vec3 newPos, newVel;
  float newBank;
  rulesFinish(sums, p, v, own.w, b_stats.meanPosition.xyz, newPos, newVel, newBank);
  repairNonFinite(p, v, newPos, newVel, i);
  b_posOut[i] = vec4(newPos, newBank);
  b_velOut[i] = vec4(newVel, localDensity(sums));  // w: neighbours within the largest radius
}

void main() {
  // Group-stride, so a dispatch clamped to the context's group count still steps every boid; the
  // bound is the same for the whole group, which keeps the barriers in uniform control flow.
  uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
  for (uint first = gl_WorkGroupID.x * uint(GROUP_SIZE); first < u_sim.boidCount; first += stride) {
    stepGroup(first + gl_LocalInvocationID.x);
  }
}
