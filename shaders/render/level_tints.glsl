#ifndef BOIDS_LEVEL_TINTS_GLSL
#define BOIDS_LEVEL_TINTS_GLSL
// The levels of detail when tinted: near red, middle amber, far blue (apart in hue and lightness,
// and none of them on the speed ramp). Shared by the shaders (render/palette.glsl) and C++ (the
// panel's legend, through render::levelTint).
const vec3 kTintNear = vec3(0.92, 0.22, 0.22);
const vec3 kTintMiddle = vec3(0.98, 0.72, 0.16);
const vec3 kTintFar = vec3(0.25, 0.60, 1.00);

#endif
