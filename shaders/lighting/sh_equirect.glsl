#ifndef BOIDS_SH_EQUIRECT_GLSL
#define BOIDS_SH_EQUIRECT_GLSL
// Payload: the projection of an equirectangular map (row 0 the zenith). Item k is four texels of
// a row (sh_acc.glsl's itemTexel); each texel's direction and solid angle come from tables the CPU made in double
// (engine/lighting/sh_projection.cpp), so no sine or cosine is taken here in float.
#include "lighting/sh_acc.glsl"

layout(std430, binding = SH_SLOT_ROWS) readonly buffer Rows { vec4 b_rows[]; };        // cos, sin theta; solid angle
layout(std430, binding = SH_SLOT_COLUMNS) readonly buffer Columns { vec4 b_columns[]; };  // cos, sin phi; 1 inside
layout(binding = SH_UNIT_ENVIRONMENT) uniform sampler2D u_environment;

Acc accLoad(uint k) {
  uint item = b_params.run.x + k;
  uint j = itemTexel(item, 0u).y;
  vec4 row = b_rows[j];
  Acc a = accZero();
  for (uint t = 0u; t < 4u; ++t) {
    uint i = itemTexel(item, t).x;
    vec4 column = b_columns[i];
    vec3 radiance = i < b_params.shape.z ? texelFetch(u_environment, ivec2(i, j), 0).rgb : vec3(0.0);
    accAddTexel(a, radiance, vec3(row.y * column.x, row.x, row.y * column.y), row.z * column.z);
  }
  return a;
}

#define ACC_LOAD(k) accLoad(k)

#endif
