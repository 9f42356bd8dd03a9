#ifndef BOIDS_COLOUR_BINS_H
#define BOIDS_COLOUR_BINS_H
// The colour histograms' size, shared by C++ and GLSL: speeds over [0, the speed limit], and
// neighbour counts one per bin (255 and more share the last).
#define COLOUR_BINS 256u
#endif
