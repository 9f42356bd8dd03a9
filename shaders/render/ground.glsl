#ifndef BOIDS_GROUND_GLSL
#define BOIDS_GROUND_GLSL
// The ground's size, in half sides of the world: far enough that its edge, faded into the sky,
// lies well beyond the flock.
const float GROUND_REACH = 3.0;
#endif
