#ifndef BOIDS_RENDER_PARAMS_H
#define BOIDS_RENDER_PARAMS_H
// Contents of the render uniform block, shared by C++ and GLSL (same std140 rules as SimParams).
struct RenderParams {
  vec4 lightDir;   // xyz unit vector toward the light
  vec4 world;      // xyz half extent of the world cube, w 1 for walls, 0 for wrap-around
  float boidScale; // length of a boid mesh in world units
  float maxSpeed;  // speed that maps to the top of the colour ramp
  float fogDensity;
  float padding0;
};

#endif
