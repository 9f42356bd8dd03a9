#ifndef BOIDS_SH_BASIS_GLSL
#define BOIDS_SH_BASIS_GLSL
// Ramamoorthi and Hanrahan's nine real spherical harmonics and their irradiance formula, in the
// world's frame: their (x, y, z), z up, is the world's (x, -z, y) (engine/verify/sh.hpp, the CPU
// reference, says the same). Needs lighting/sh_params.h.

// Their constants in full: 1/(2 sqrt(pi)), sqrt(3/(4 pi)), sqrt(15/(4 pi)), sqrt(5/(16 pi)), sqrt(15/(16 pi)).
const float kShY00 = 0.28209479177387814;
const float kShY1 = 0.48860251190291992;
const float kShY2 = 1.0925484305920792;
const float kShY20 = 0.31539156525252005;
const float kShY22 = 0.54627421529603959;

// (The projection evaluates the nine functions inline: lighting/sh_cube.glsl's accAddTexel, and
// lighting/sh_equirect.glsl's row and column factors.)

// Irradiance at unit world normal n (R&H's equation 13): the radiance convolved with the clamped
// cosine, so a constant radiance of 1 gives pi. c1..c5 = (pi/4) Y22, (pi/3) Y1, (pi/4) 3 Y20,
// pi Y00, (pi/4) Y20.
vec3 shIrradiance(ShCoefficients sh, vec3 n) {
  const float c1 = 0.42904276540489171, c2 = 0.51166335397324424, c3 = 0.74312386830112710,
              c4 = 0.88622692545275801, c5 = 0.24770795610037571;
  float x = n.x, y = -n.z, z = n.y;
  return c1 * sh.L[8].rgb * (x * x - y * y) + c3 * sh.L[6].rgb * z * z + c4 * sh.L[0].rgb - c5 * sh.L[6].rgb +
         2.0 * c1 * (sh.L[4].rgb * x * y + sh.L[7].rgb * x * z + sh.L[5].rgb * y * z) +
         2.0 * c2 * (sh.L[3].rgb * x + sh.L[1].rgb * y + sh.L[2].rgb * z);
}

// The world direction of the first band's gradient: where the environment's light comes from, on
// the whole (Sloan, "Stupid Spherical Harmonics Tricks"), weighted by luminance.
vec3 shDominantDirection(ShCoefficients sh) {
  const vec3 luma = vec3(0.2126, 0.7152, 0.0722);
  vec3 rh = vec3(dot(sh.L[3].rgb, luma), dot(sh.L[1].rgb, luma), dot(sh.L[2].rgb, luma));  // R&H's (x, y, z)
  vec3 world = vec3(rh.x, rh.z, -rh.y);
  float len = length(world);
  return len > 1e-12 ? world / len : vec3(0.0, 1.0, 0.0);
}

#endif
