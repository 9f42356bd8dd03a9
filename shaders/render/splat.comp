#version 430 core
// The compute rasteriser of the far field (after Schuetz, Kerbl and Wimmer, "Software
// Rasterization of 2 Billion Points in Real Time", HPG 2022): each boid of a list is projected
// and shaded once, and every pixel its footprint touches takes the nearest boid by an atomic
// minimum of depth and colour, while a second buffer sums how much of the pixel boids cover (up to
// the whole pixel; as optical depth, every bird's share: u_render.farField). render/splat_resolve.frag
// then writes colour (with that coverage, or 1 - exp(-optical depth), as alpha) and depth into the
// frame, where the meshes, sky and overlays compose with it by the depth test.
//
// The footprint is what the rasteriser would cover for the same level (boid.vert), anti-aliased:
//   - below the far threshold, the far level's square (kDartSplat lengths a side, at least
//     minPointPixels), covering each pixel by its exact overlap (a box filter: no shimmer as it
//     moves by fractions of a pixel);
//   - above it, the dart's outline triangle (nose and wing tips, in its wing plane: the middle
//     level's triangle), each pixel covered by the share of four samples inside it (the 4x MSAA
//     pattern the meshes are drawn with).
// One depth per boid: its centre's, so that a boid's pixels go in front of or behind another's
// together.
//
//   PASS 0: one 64-bit atomicMin of depth << 32 | colour per pixel (GL_NV_shader_atomic_int64);
//           nearest depth wins, the smaller colour on a tie.
//   PASS 1: where 64-bit atomics are missing, the depth alone (32-bit atomicMin), then
//   PASS 2: the colour (atomicMin) at the pixels where this boid's depth is the nearest: the same
//           image as PASS 0, tie for tie.
// Coverage is summed in PASS 0 and 1. Optical depth adds every bird's share (it cannot skip a
// covered pixel), so there a group first sums its birds' shares per pixel in a hash table in
// shared memory (the list is in grid order: a group's birds fall on few pixels), then adds each
// pixel's sum with one atomic; a share that finds no slot in TABLE_PROBES tries adds directly.
//   SPLAT_IDS 1: the boid's index in place of its colour (tests hold the winners to the CPU's).
//   CULLED 1: the boids are a list (SSBO_DRAW_LIST, its count at SPLAT_SLOT_COUNT), dispatched
//             from the cull's command; 0: every boid, u_size.z of them.
// Reads SSBO_POS_IN, SSBO_VEL_IN, SSBO_CAMERA, UBO_RENDER_PARAMS, SSBO_SH, SSBO_SHADE; writes
// SPLAT_SLOT_VISIBILITY and SPLAT_SLOT_COVERAGE (the resolve needs a storage barrier after), and
// the resolve's draw command (a command barrier).
#ifndef PASS
#define PASS 1  // the portable one; engine/render/splats.cpp picks PASS 0 where the extensions are
#endif
#ifndef CULLED
#define CULLED 1
#endif
#ifndef SPLAT_IDS
#define SPLAT_IDS 0
#endif
#define TABLE_BITS 10  // 1024 slots: 8 KiB of keys and sums (the fastest size: docs/PERFORMANCE.md)
#define TABLE_SLOTS (1u << TABLE_BITS)
#define TABLE_PROBES 8
#if PASS == 0
#extension GL_ARB_gpu_shader_int64 : require
#extension GL_NV_shader_atomic_int64 : require
#endif

#include "common/bindings.h"
#include "common/render_params.h"
#include "cull/cull_slots.h"
#include "render/camera.glsl"
#include "render/dart.glsl"
#include "render/dart_basis.glsl"
#include "render/palette.glsl"
#include "render/shading.glsl"
#include "render/splat_slots.h"

layout(local_size_x = CULL_LIST_GROUP_SIZE) in;

layout(std140, binding = UBO_RENDER_PARAMS) uniform RenderParamsBlock { RenderParams u_render; };
layout(std430, binding = SSBO_POS_IN) readonly buffer PosIn { vec4 b_pos[]; };
layout(std430, binding = SSBO_VEL_IN) readonly buffer VelIn { vec4 b_vel[]; };
#if CULLED
layout(std430, binding = SSBO_DRAW_LIST) readonly buffer DrawList { uint b_list[]; };
layout(std430, binding = SPLAT_SLOT_COUNT) readonly buffer Count { uint b_count; };
#endif
#if PASS == 0
layout(std430, binding = SPLAT_SLOT_VISIBILITY) buffer Visibility { uint64_t b_visibility[]; };
#else
layout(std430, binding = SPLAT_SLOT_VISIBILITY) buffer Visibility { uvec2 b_visibility[]; };
#endif
layout(std430, binding = SPLAT_SLOT_COVERAGE) buffer Coverage { uint b_coverage[]; };
layout(std430, binding = SPLAT_SLOT_RESOLVE) writeonly buffer Resolve { uvec4 b_resolve; };

layout(location = SPLAT_LOC_SIZE) uniform uvec3 u_size;
layout(location = SPLAT_LOC_LOD) uniform vec4 u_lod;
layout(location = SPLAT_LOC_LEVEL) uniform int u_level;

// The far field summed as optical depth (else the nearest bird covers a pixel).
bool opticalDepth() { return uint(u_render.farField.x) == FAR_OPTICAL_DEPTH; }

// g_tabled: the group's shares go to its table: s_key (pixel index + 1; 0 for an empty slot) and
// s_sum.
bool g_tabled = false;
#if PASS != 2
shared uint s_key[TABLE_SLOTS];
shared uint s_sum[TABLE_SLOTS];
#endif

// Adds `c` to pixel i's coverage. Nearest: the resolve clamps the sum at one pixel, so a covered
// pixel takes no more; optical depth stops at SPLAT_COVER_MOST (splat_slots.h: why it cannot wrap).
void addCover(uint i, uint c) {
  if (b_coverage[i] < (opticalDepth() ? SPLAT_COVER_MOST : SPLAT_COVER_ONE)) atomicAdd(b_coverage[i], c);
}

// The boid at `depth` in `colour` against pixel i's nearest so far.
void nearest(uint i, uint depth, uint colour) {
#if PASS == 0
  uint64_t v = packUint2x32(uvec2(colour, depth));
  if (v < b_visibility[i]) atomicMin(b_visibility[i], v);
#elif PASS == 1
  if (depth < b_visibility[i].y) atomicMin(b_visibility[i].y, depth);
#else
  // Where this boid's depth is the nearest: the colour (the smaller on a tie, as in PASS 0).
  if (b_visibility[i].y == depth) atomicMin(b_visibility[i].x, colour);
#endif
}

// Adds `c` to pixel i's slot of the group's table; false where TABLE_PROBES slots were taken.
bool addToTable(uint i, uint c) {
#if PASS != 2
  uint key = i + 1u, slot = (i * 2654435761u) >> (32 - TABLE_BITS);  // Knuth's multiplicative hash
  for (int probe = 0; probe < TABLE_PROBES; ++probe, slot = (slot + 1u) & (TABLE_SLOTS - 1u)) {
    uint held = s_key[slot];
    if (held == 0u) held = atomicCompSwap(s_key[slot], 0u, key);
    if (held == 0u || held == key) {
      atomicAdd(s_sum[slot], c);
      return true;
    }
  }
#endif
  return false;
}

// Pixel `px` of the boid at `depth` in `colour`, `cover` of it covered. Reading before the atomic
// skips it where it cannot change anything (a nearer boid is there, or the pixel is covered
// already), which in a flock many boids deep should spare most of them.
void splatPixel(ivec2 px, float cover, uint depth, uint colour) {
  uint i = uint(px.y) * u_size.x + uint(px.x);
  bool optical = opticalDepth();
  uint c = uint(cover * float(optical ? SPLAT_DEPTH_ONE : SPLAT_COVER_ONE) + 0.5);
  if (c == 0u) return;  // PASS 2 walks the same pixels with the same arithmetic as PASS 1
#if PASS != 2
  if (!g_tabled || !addToTable(i, c)) addCover(i, c);
#endif
  nearest(i, depth, colour);
}

// [lo, hi] pixels of a footprint spanning [a, b] in window coordinates, on the target and at most
// SPLAT_MAX_SIDE wide (around the centre `c`).
ivec2 pixelSpan(float a, float b, float c, uint size) {
  int half_ = SPLAT_MAX_SIDE / 2;
  int lo = max(int(floor(a)), max(int(floor(c)) - half_, 0));
  int hi = min(int(floor(b)), min(int(floor(c)) + half_ - 1, int(size) - 1));
  return ivec2(lo, hi);
}

// Length of [a, b] inside [x, x + 1].
float overlap(float a, float b, float x) { return max(min(b, x + 1.0) - max(a, x), 0.0); }

// The far level's square: side `side` pixels about `centre`, each pixel covered by its overlap
// times `weight` (optical depth: the bird's own area over the square's, when the square is the
// smallest point drawn and the bird less).
void splatSquare(vec2 centre, float side, float weight, uint depth, uint colour) {
  vec2 lo = centre - 0.5 * side, hi = centre + 0.5 * side;
  ivec2 xs = pixelSpan(lo.x, hi.x, centre.x, u_size.x), ys = pixelSpan(lo.y, hi.y, centre.y, u_size.y);
  for (int y = ys.x; y <= ys.y; ++y) {
    float cy = overlap(lo.y, hi.y, float(y));
    for (int x = xs.x; x <= xs.y; ++x) splatPixel(ivec2(x, y), cy * overlap(lo.x, hi.x, float(x)) * weight, depth, colour);
  }
}

// Twice the signed area of (a, b, p): positive where p is left of a -> b.
float edge(vec2 a, vec2 b, vec2 p) { return (b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x); }
bool insideTriangle(vec2 a, vec2 b, vec2 c, vec2 p) { return edge(a, b, p) >= 0.0 && edge(b, c, p) >= 0.0 && edge(c, a, p) >= 0.0; }

// The outline triangle (window coordinates), each pixel covered by the share of the 4x MSAA
// samples (the standard pattern, in sixteenths of a pixel from its centre) inside it.
void splatTriangle(vec2 a, vec2 b, vec2 c, vec2 centre, uint depth, uint colour) {
  if (edge(a, b, c) < 0.0) {  // counter-clockwise, so that inside is left of every edge
    vec2 t = b;
    b = c;
    c = t;
  }
  vec2 lo = min(a, min(b, c)), hi = max(a, max(b, c));
  ivec2 xs = pixelSpan(lo.x, hi.x, centre.x, u_size.x), ys = pixelSpan(lo.y, hi.y, centre.y, u_size.y);
  for (int y = ys.x; y <= ys.y; ++y) {
    for (int x = xs.x; x <= xs.y; ++x) {
      vec2 q = vec2(x, y) + 0.5;  // written out, not a loop: llvmpipe counts loop iterations
      int inside = int(insideTriangle(a, b, c, q + vec2(-2, -6) / 16.0)) + int(insideTriangle(a, b, c, q + vec2(6, -2) / 16.0)) +
                   int(insideTriangle(a, b, c, q + vec2(-6, 2) / 16.0)) + int(insideTriangle(a, b, c, q + vec2(2, 6) / 16.0));
      splatPixel(ivec2(x, y), 0.25 * float(inside), depth, colour);
    }
  }
}

vec2 toWindow(vec4 clip) { return (clip.xy / clip.w * 0.5 + 0.5) * vec2(u_size.xy); }

void splatBoid(uint boid) {
  vec4 position = b_pos[boid];
  vec3 p = position.xyz;
  precise vec4 clip = b_camera.viewProj * vec4(p, 1.0);
  if (clip.w <= 0.0) return;  // behind the eye
  precise float z = clip.z / clip.w * 0.5 + 0.5;
  if (z < 0.0 || z > 1.0) return;  // before the near plane or past the far one, as a mesh would be clipped
  uint depth = floatBitsToUint(z);
  vec2 centre = toWindow(clip);

  // Oriented and shaded as boid.vert orients and shades the middle and far levels.
  vec4 velocity = b_vel[boid];
  mat3 basis = dartBasis(velocity.xyz, position.w, u_render.motion.x);
  vec3 right = basis[0], up = basis[1], forward = basis[2];
  float scale = u_render.boidScale;
#if SPLAT_IDS
  uint colour = boid;
#else
  // Alpha 0 (the resolve takes alpha from coverage): no colour packs to SPLAT_CLEAR_DEPTH's value.
  uint colour = packUnorm4x8(vec4(shadeBoid(boidAlbedo(velocity, u_level, u_render), up, p, b_camera.eye.xyz, u_render), 0.0));
#endif

  // The cull's measure (cull/cull.glsl): the dart's sphere, projected, in pixels.
  float radius = u_lod.x * u_lod.y / clip.w;
  if (radius < u_lod.w) {
    // Optical depth takes the bird's own cross-section, spread over the smallest point's square.
    float side = kDartSplat * scale * u_render.pixelScale / clip.w, drawn = max(u_render.minPointPixels, side);
    float weight = opticalDepth() ? (side / drawn) * (side / drawn) : 1.0;
    splatSquare(centre, drawn, weight, depth, colour);
    return;
  }
  vec4 nose = b_camera.viewProj * vec4(p + (right * kDartNose.x + forward * kDartNose.z) * scale, 1.0);
  vec4 left = b_camera.viewProj * vec4(p + (right * kDartLeft.x + forward * kDartLeft.z) * scale, 1.0);
  vec4 wing = b_camera.viewProj * vec4(p + (right * kDartRight.x + forward * kDartRight.z) * scale, 1.0);
  if (min(nose.w, min(left.w, wing.w)) <= 0.0) return;  // reaches behind the eye: too near to splat
  splatTriangle(toWindow(nose), toWindow(left), toWindow(wing), centre, depth, colour);
}

uint listed(uint t) {
#if CULLED
  return b_list[t];
#else
  return t;
#endif
}

#if PASS != 2
// Birds [base, base + group size) of `boids` as optical depth, through the group's table. The
// whole group calls it (its barriers), with the same `base`; each invocation clears and flushes
// the same slots, so a flush needs no barrier before the next clear.
void splatTabled(uint base, uint boids) {
  for (uint k = gl_LocalInvocationID.x; k < TABLE_SLOTS; k += gl_WorkGroupSize.x) s_key[k] = s_sum[k] = 0u;
  memoryBarrierShared();
  barrier();
  uint t = base + gl_LocalInvocationID.x;
  g_tabled = true;
  if (t < boids) splatBoid(listed(t));
  g_tabled = false;
  memoryBarrierShared();
  barrier();
  for (uint k = gl_LocalInvocationID.x; k < TABLE_SLOTS; k += gl_WorkGroupSize.x) {
    if (s_key[k] != 0u) addCover(s_key[k] - 1u, s_sum[k]);
  }
}
#endif

void main() {
#if CULLED
  uint boids = b_count;
#else
  uint boids = u_size.z;
#endif
  // A frame with no boid splatted skips the resolve (its draw command stays at 0 vertices).
  if (gl_GlobalInvocationID.x == 0u && boids > 0u) b_resolve.x = 3u;
  // The dispatch holds at most CULL_LIST_MAX_GROUPS groups: stride over the rest.
  uint stride = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
#if PASS != 2
  if (opticalDepth()) {
    for (uint base = gl_WorkGroupID.x * gl_WorkGroupSize.x; base < boids; base += stride) splatTabled(base, boids);
    return;
  }
#endif
  for (uint t = gl_GlobalInvocationID.x; t < boids; t += stride) splatBoid(listed(t));
}
