#version 430 core
// Exclusive prefix sum of uints, reduce-then-scan (Merrill and Garland, "Single-pass Parallel
// Prefix Scan with Decoupled Look-back", 2016, section 3's baseline): each block of TILE inputs is
// reduced to its total; the totals are scanned (the same way, recursively, by the C++ side);
// each block is then scanned again from its inputs, seeded with its total's prefix. Reads the
// input twice and writes the output once: 3n words of traffic, any length, sums modulo 2^32.
//   MODE 0: SCAN_SLOT_IN -> SCAN_SLOT_TOTALS[block]   (block totals)
//   MODE 1: SCAN_SLOT_IN, SCAN_SLOT_TOTALS (scanned) -> SCAN_SLOT_OUT
//   MODE 2: as MODE 1 for a single block, with no totals (the whole array fits one tile)

#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef VEC
#define VEC 4      // uvec4s per invocation: a tile of GROUP_SIZE * 16 uints
#endif
#ifndef SUBGROUPS
#define SUBGROUPS 0
#endif
#ifndef MODE
#define MODE 0
#endif
#if SUBGROUPS
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#endif

layout(local_size_x = GROUP_SIZE) in;
#include "primitives/scan/scan_slots.h"

layout(std430, binding = SCAN_SLOT_IN) readonly buffer In4 { uvec4 b_in4[]; };
layout(std430, binding = SCAN_SLOT_IN) readonly buffer In { uint b_in[]; };
layout(std430, binding = SCAN_SLOT_OUT) writeonly buffer Out4 { uvec4 b_out4[]; };
layout(std430, binding = SCAN_SLOT_OUT) writeonly buffer Out { uint b_out[]; };
layout(std430, binding = SCAN_SLOT_TOTALS) buffer Totals { uint b_totals[]; };
layout(location = SCAN_LOC_COUNT) uniform uint u_count;

#include "primitives/scan/scan_tile.glsl"

void main() {
  uint blocks = (u_count + uint(TILE) - 1u) / uint(TILE);
  for (uint block = gl_WorkGroupID.x; block < blocks; block += gl_NumWorkGroups.x) {  // uniform per group
    uint start = block * uint(TILE);
#if MODE == 0
    uint total = reduceTile(start);
    if (gl_LocalInvocationID.x == 0u) b_totals[block] = total;
#else
    uvec4 values[VEC];
    scanTile(start, values);
#if MODE == 1
    storeTile(start, values, b_totals[block]);
#else
    storeTile(start, values, 0u);
#endif
#endif
  }
}
