#ifndef BOIDS_SPLAT_SLOTS_H
#define BOIDS_SPLAT_SLOTS_H
// The compute rasteriser's slots and constants (render/splat.comp, render/splat_resolve.frag,
// engine/render/splats.cpp), shared by C++ and GLSL. The splat pass also reads the draw's shared
// slots (common/bindings.h): positions, velocities, camera, render parameters, harmonics, shade.
#define SPLAT_SLOT_VISIBILITY 21  // uvec2 per pixel: (colour RGBA8, depth as float bits), read as one
                                  // uint64 depth << 32 | colour where 64-bit atomics exist
#define SPLAT_SLOT_COVERAGE 22    // uint per pixel: coverage summed over the boids that touch it (SPLAT_COVER_ONE
                                  // a pixel; optical depth: SPLAT_DEPTH_ONE)
#define SPLAT_SLOT_COUNT 23       // uint: the boids in the list (the cull's count of the level)
#define SPLAT_SLOT_RESOLVE 24     // DrawArraysIndirectCommand of the resolve: 3 vertices once a boid was splatted, else 0

#define SPLAT_LOC_SIZE 0   // uvec3: the target's width and height in pixels, the boids (unculled pass)
#define SPLAT_LOC_LOD 1    // vec4: the cull's lod (dart sphere radius, pixels per unit at w = 1, near px, far px)
#define SPLAT_LOC_LEVEL 2  // int: the level of detail the list holds (its tint)

// Coverage in 1/SPLAT_COVER_ONE of a pixel: a quarter of a pixel (one of the four samples a
// triangle is tested at) is exact. Optical depth is summed in 1/SPLAT_DEPTH_ONE of a pixel, fine
// enough for a far bird's true cross-section (a few thousandths of a pixel at 16M framed whole),
// and a pixel takes no more once it holds SPLAT_COVER_MOST (4096 whole pixels of depth: opaque at
// the least opacity, 0.01). One add is at most a group's sum, 256 birds' shares (under 2^24), so
// the sum wraps only if over 240 such adds, each of 256 birds covering the whole pixel, pass the
// check at once.
#define SPLAT_COVER_ONE 256u
#define SPLAT_DEPTH_ONE 65536u
#define SPLAT_COVER_MOST 0x10000000u
// The widest footprint, in pixels, one invocation walks: 128 x 128 pixels (16K iterations, under
// llvmpipe's 65535 loop iterations per invocation). Nearer darts are clipped to it.
#define SPLAT_MAX_SIDE 128
#define SPLAT_CLEAR_DEPTH 0xFFFFFFFFu  // no boid: farther than any depth in [0, 1], and no colour

#endif
