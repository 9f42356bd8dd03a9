#ifndef BOIDS_SH_CUBE_GLSL
#define BOIDS_SH_CUBE_GLSL
// Payload: the projection of a cube map (lighting/cube_resample.comp made it from the
// equirectangular one). Item k is four texels of a face's row (sh_acc.glsl's itemTexel), faces
// +x, -x, +y, -y, +z, -z after one another; each texel's exact solid angle comes from a table the CPU made in double (the same
// on every face), its direction from GL's face table.
#include "lighting/sh_acc.glsl"
#include "lighting/cube_faces.glsl"

layout(std430, binding = SH_SLOT_ROWS) readonly buffer SolidAngles { float b_solidAngles[]; };  // a face's texels
layout(binding = SH_IMAGE_CUBE, rgba32f) readonly uniform imageCube u_cube;

Acc accLoad(uint k) {
  uint item = b_params.run.x + k;
  uint size = b_params.shape.x;
  uint perFace = size * size / 4u;
  uint face = item / perFace;
  uint inFace = item - face * perFace;
  Acc a = accZero();
  for (uint t = 0u; t < 4u; ++t) {
    uvec2 ij = itemTexel(inFace, t);
    vec3 radiance = imageLoad(u_cube, ivec3(ij, face)).rgb;
    accAddTexel(a, radiance, cubeDirection(face, ij.x, ij.y, size), b_solidAngles[ij.y * size + ij.x]);
  }
  return a;
}

#define ACC_LOAD(k) accLoad(k)

#endif
