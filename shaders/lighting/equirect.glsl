#ifndef BOIDS_EQUIRECT_GLSL
#define BOIDS_EQUIRECT_GLSL
// Where a world direction falls in an equirectangular map turned by `yaw` about up: texture
// coordinates with u the azimuth (texel i's centre at (i + 1/2) / W looks at phi + yaw,
// engine/verify/sh.hpp) and v the polar angle from the zenith (row 0 at the top, v = 0).
vec2 equirectUv(vec3 d, float yaw) {
  const float kTwoPi = 6.28318530717958648, kPi = 3.14159265358979324;
  float phi = atan(d.z, d.x) - yaw;
  return vec2(fract(phi / kTwoPi), acos(clamp(d.y, -1.0, 1.0)) / kPi);
}

#endif
