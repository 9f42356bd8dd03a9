#version 430 core
// The flock's speeds and neighbour counts as two histograms (COLOUR_BINS bins each), from which
// engine/render/colour_range.cpp takes the percentiles that set the colour ramps' ends: a settled
// flock cruising within 2% of the speed limit still spans the whole speed ramp. Each group counts
// into shared memory, then adds its non-zero bins to the global ones (cleared before the pass).
// x -> bin: floor(x * scale), the last bin holding everything beyond; non-finite values in bin 0.
#include "common/bindings.h"
#include "common/finite.glsl"
#include "render/colour_bins.h"

layout(local_size_x = 256) in;
layout(std430, binding = SSBO_VEL_IN) readonly buffer VelIn { vec4 b_vel[]; };
layout(std430, binding = SSBO_COLOUR_BINS) buffer Bins { uint b_bins[]; };
layout(location = LOC_COLOUR_SCALE) uniform vec2 u_scale;  // bins per unit of speed, per neighbour
layout(location = LOC_COLOUR_COUNT) uniform uint u_count;

shared uint s_bins[2u * COLOUR_BINS];

uint binOf(float x) { return finite1(x) && x > 0.0 ? uint(min(x, float(COLOUR_BINS - 1u))) : 0u; }

void main() {
  for (uint i = gl_LocalInvocationIndex; i < 2u * COLOUR_BINS; i += gl_WorkGroupSize.x) s_bins[i] = 0u;
  barrier();
  for (uint b = gl_GlobalInvocationID.x; b < u_count; b += gl_NumWorkGroups.x * gl_WorkGroupSize.x) {
    vec4 v = b_vel[b];
    atomicAdd(s_bins[binOf(length(v.xyz) * u_scale.x)], 1u);
    atomicAdd(s_bins[COLOUR_BINS + binOf(v.w * u_scale.y)], 1u);
  }
  barrier();
  for (uint i = gl_LocalInvocationIndex; i < 2u * COLOUR_BINS; i += gl_WorkGroupSize.x) {
    if (s_bins[i] != 0u) atomicAdd(b_bins[i], s_bins[i]);
  }
}
