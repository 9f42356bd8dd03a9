#version 430 core
// The splats into the frame (engine/render/splats.cpp): at each pixel where a boid was splatted,
// the nearest one's colour, blended over what is there by the pixel's coverage (or, as optical
// depth, by 1 - exp(-tau): Beer-Lambert through the birds the pixel sums), at its depth, so
// that the depth test composes it with the meshes, sky, ground and world box drawn before. Drawn
// as one triangle over the target (render/present.vert) with depth test and blending on; one
// fragment per pixel, whose colour and depth go to all its samples. Writing gl_FragDepth turns
// early depth tests off, so every pixel's invocation runs, and the pixels a boid touched (those
// with coverage: every atomic of render/splat.comp goes with some) are cleared for the next
// frame here, after they are read, instead of by a pass over the whole buffers before it.
// Reads and clears SPLAT_SLOT_VISIBILITY and SPLAT_SLOT_COVERAGE (storage barriers on both sides).
#include "common/bindings.h"
#include "common/render_params.h"
#include "render/splat_slots.h"

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };

layout(std430, binding = SPLAT_SLOT_VISIBILITY) buffer Visibility { uvec2 b_visibility[]; };
layout(std430, binding = SPLAT_SLOT_COVERAGE) buffer Coverage { uint b_coverage[]; };
layout(location = SPLAT_LOC_SIZE) uniform uvec3 u_size;

out vec4 o_color;

void main() {
  uint i = uint(gl_FragCoord.y) * u_size.x + uint(gl_FragCoord.x);
  uint cover = b_coverage[i];
  if (cover == 0u) discard;
  uvec2 v = b_visibility[i];  // (colour, depth)
  b_visibility[i] = uvec2(SPLAT_CLEAR_DEPTH);
  b_coverage[i] = 0u;
  // The 32-bit passes leave no colour only if their two walks of a footprint rounded apart (the
  // same code, compiled twice): better a pixel of background than one of white.
  if (v.x == SPLAT_CLEAR_DEPTH) discard;
  // Optical depth: the birds' shares summed are the depth tau, the light through them exp(-tau).
  bool optical = uint(u_render.farField.x) == FAR_OPTICAL_DEPTH;
  float covered = float(cover) / float(optical ? SPLAT_DEPTH_ONE : SPLAT_COVER_ONE);  // in pixels
  o_color = vec4(unpackUnorm4x8(v.x).rgb, optical ? 1.0 - exp(-u_render.farField.y * covered) : min(covered, 1.0));
  gl_FragDepth = uintBitsToFloat(v.y);
}
