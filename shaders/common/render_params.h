#ifndef BOIDS_RENDER_PARAMS_H
#define BOIDS_RENDER_PARAMS_H
// Contents of the render uniform block, shared by C++ and GLSL (same std140 rules as SimParams).
struct RenderParams {
  vec4 lighting;   // x: exposure (linear, over the environment's radiance); y: the environment's yaw
                   // (radians); z: the key light's strength; w: unused
  vec4 world;      // xyz half extent of the world cube, w 1 for walls, 0 for wrap-around
  float boidScale; // length of a boid mesh in world units
  float maxSpeed;  // speed that maps to the top of the colour ramp
  float fogDensity;
  float pixelScale; // pixels per world unit at clip w = 1 (the projection's y scale times half the height)
  float lodTint;    // 1: each level of detail in its own tint
  float padding0, padding1, padding2;
};

#endif
