#ifndef BOIDS_CUBE_FACES_GLSL
#define BOIDS_CUBE_FACES_GLSL
// The unit direction of texel (i, j) of face `face` (+x, -x, +y, -y, +z, -z) of a cube map of
// `size` x `size` texels: GL 4.6's table 8.19 read backwards, face coordinates sc = 2 (i + 1/2) /
// size - 1, tc likewise from j (exact in float for a power-of-two size). As
// engine/verify/sh.cpp's cubeDirection.
vec3 cubeDirection(uint face, uint i, uint j, uint size) {
  float sc = float(2u * i + 1u) / float(size) - 1.0;
  float tc = float(2u * j + 1u) / float(size) - 1.0;
  vec3 d;
  switch (face) {
    case 0u: d = vec3(1.0, -tc, -sc); break;
    case 1u: d = vec3(-1.0, -tc, sc); break;
    case 2u: d = vec3(sc, 1.0, tc); break;
    case 3u: d = vec3(sc, -1.0, -tc); break;
    case 4u: d = vec3(sc, -tc, 1.0); break;
    default: d = vec3(-sc, -tc, -1.0); break;
  }
  return normalize(d);
}

#endif
