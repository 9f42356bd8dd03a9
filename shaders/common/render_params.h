#ifndef BOIDS_RENDER_PARAMS_H
#define BOIDS_RENDER_PARAMS_H
// Contents of the render uniform block, shared by C++ and GLSL (same std140 rules as SimParams).
struct RenderParams {
  vec4 lighting;   // x: exposure (linear, over the environment's radiance); y: the environment's yaw
                   // (radians); z: the key light's strength; w: unused
  vec4 world;      // xyz half extent of the world cube, w 1 for walls, 0 for wrap-around
  vec4 colour;     // x, y: the colour ramp's low and high ends, in the mode's quantity (speed in units
                   // per time unit, or neighbours); z: the mode (COLOUR_*); w: unused
  float boidScale; // length of a boid mesh in world units
  float maxSpeed;  // the simulation's speed limit
  float fogDensity;
  float pixelScale; // pixels per world unit at clip w = 1 (the projection's y scale times half the height)
  float lodTint;    // 1: each level of detail in its own tint
  float minPointPixels; // the far level's smallest point, so that a large flock far away does not vanish
  float viewportWidth, viewportHeight;  // pixels (the markers' lines are a few pixels wide)
  vec4 motion;     // x: the bank (position.w, banked flight) that rolls a dart by 45 degrees, 0: none
                   // (clamped flight); yzw: unused
  vec4 farField;   // how the splats cover a pixel: x FAR_NEAREST or FAR_OPTICAL_DEPTH; y (optical depth)
                   // the depth of a pixel one bird covers whole (its cross-section); zw: unused
};

// What a boid's colour shows (render/palette.glsl).
#define COLOUR_HEADING 0u  // the direction it flies: hue by compass heading, lighter climbing
#define COLOUR_SPEED 1u    // its speed, on a ramp over the flock's own range
#define COLOUR_DENSITY 2u  // how many boids are within the largest radius (the step counts them)
#define COLOUR_PLUMAGE 3u  // a starling's dark plumage: one albedo, coloured by the environment's light

// How the splats cover a pixel (render/splat.comp, render/splat_resolve.frag).
#define FAR_NEAREST 0u        // the nearest bird's colour over the pixel's covered share (at most all)
#define FAR_OPTICAL_DEPTH 1u  // every bird's covered share adds to the pixel's optical depth tau: opacity 1 - exp(-tau)

#endif
