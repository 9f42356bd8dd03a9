#ifndef BOIDS_SHADE_CONSTANTS_H
#define BOIDS_SHADE_CONSTANTS_H
// What every boid's and the ground's shading share in a frame, made once from the nine
// coefficients (render/shade_constants.comp) rather than at every vertex.
struct ShadeConstants {
  vec4 keyDirection;   // xyz: the environment's dominant direction (its L1 band's luminance)
  vec4 keyIrradiance;  // rgb: the irradiance the harmonics give facing it
  vec4 haze;           // rgb: the fog's colour, a dim share of the light from above
  vec4 ambient;        // rgb: the environment's mean radiance (L00 Y00): the rim's light
};
#endif
