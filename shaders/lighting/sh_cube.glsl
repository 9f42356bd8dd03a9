#ifndef BOIDS_SH_CUBE_GLSL
#define BOIDS_SH_CUBE_GLSL
// Payload: the projection of a cube map (lighting/cube_resample.comp made it from the
// equirectangular one). Item k is four texels of a face's row (itemTexel), faces
// +x, -x, +y, -y, +z, -z after one another; each texel's exact solid angle comes from a table the CPU made in double (the same
// on every face), its direction from GL's face table.
#include "lighting/sh_acc.glsl"
#include "lighting/cube_faces.glsl"

// A texel's radiance times the nine functions at its centre `dir` times its solid angle, into `s`.
void accAddTexel(inout Acc s, vec3 radiance, vec3 dir, float solidAngle) {
  // R&H's nine functions (lighting/sh_basis.glsl) with their frame's x, y, z.
  float x = dir.x, y = -dir.z, z = dir.y;
  float y1 = kShY1 * y, y2 = kShY1 * z, y3 = kShY1 * x;
  float y4 = kShY2 * x * y, y5 = kShY2 * y * z, y6 = kShY20 * (3.0 * z * z - 1.0), y7 = kShY2 * x * z,
        y8 = kShY22 * (x * x - y * y);
  vec3 w = radiance * solidAngle;
  s.a += vec4(w * kShY00, w.r * y1);
  s.b += vec4(w.gb * y1, w.rg * y2);
  s.c += vec4(w.b * y2, w * y3);
  s.d += vec4(w * y4, w.r * y5);
  s.e += vec4(w.gb * y5, w.rg * y6);
  s.f += vec4(w.b * y6, w * y7);
  s.g += vec4(w * y8, solidAngle);
}

// Texel t (0 to 3) of item `inFace`, counted from the first row of its face: four side by side.
// (Interleaving neighbouring items' texels, as the map's items do, measured slower here.)
uvec2 itemTexel(uint inFace, uint t) {
  uint rowItems = b_params.shape.x / 4u;
  uint j = inFace / rowItems;
  return uvec2((inFace - j * rowItems) * 4u + t, j);
}

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
