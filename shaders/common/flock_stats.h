#ifndef BOIDS_FLOCK_STATS_H
#define BOIDS_FLOCK_STATS_H
// What a reduction leaves on the GPU for the step (centroid pull) and, later, the camera.
struct FlockStats {
  vec4 meanPosition;  // the centroid ("centroid" is a GLSL keyword): xyz mean position, w the number
                      // of boids the reduction counted (exact up to 2^24; checks compare it with N)
  vec4 boundsMin;     // xyz
  vec4 boundsMax;     // xyz
};

#endif
