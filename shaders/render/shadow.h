#ifndef BOIDS_SHADOW_H
#define BOIDS_SHADOW_H
// The flock's shadow on the ground, shared by C++ and GLSL: SHADOW_SIZE x SHADOW_SIZE texels over
// the world's floor, blurred with a Gaussian of SHADOW_SIGMA texels (cut at SHADOW_RADIUS), in
// tiles of SHADOW_TILE x SHADOW_TILE.
#define SHADOW_SIZE 128u
#define SHADOW_RADIUS 6
#define SHADOW_SIGMA 2.5
#define SHADOW_TILE 16u
#endif
