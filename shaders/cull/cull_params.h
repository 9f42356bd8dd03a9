#ifndef BOIDS_CULL_PARAMS_H
#define BOIDS_CULL_PARAMS_H
// What the cull tests every boid against, shared by C++ (engine/cull/cull.hpp) and GLSL.
struct CullParams {
  mat4 viewProj;  // the frustum: a boid's sphere must be inside all six planes of this matrix
  vec4 lod;       // x: the sphere's radius (world units); y: pixels per world unit at clip w = 1
                  // (the projection's y scale times half the viewport's height); z: the near level's
                  // least projected radius in pixels; w: the far level's most
};

#endif
