#ifndef BOIDS_SH_EQUIRECT_GLSL
#define BOIDS_SH_EQUIRECT_GLSL
// Payload: the projection of an equirectangular map (row 0 the zenith), read from a storage
// buffer of its texels (plain loads are faster than texelFetch here: docs/PERFORMANCE.md, "SH
// projection"). Item k is SH_EQUIRECT_ITEM_TEXELS texels of one row, interleaved with its 31
// neighbours' (sh_equirect_item), so that each load of 32 neighbouring invocations reads 32
// texels in a row.
//
// On a row every function of the nine is a factor of the row's polar angle times one of 1, cos
// phi, sin phi, cos 2 phi, sin 2 phi (R&H's x = sin theta cos phi, y = -sin theta sin phi, z = cos
// theta): so each texel adds its radiance times those five (15 sums), and the item multiplies
// the five sums by its row's factors once (engine/lighting/sh_projection.cpp makes both tables in
// double, solid angle included; the shader takes no sine or cosine of its own).
#include "lighting/sh_acc.glsl"

// Two vec4 per row: (F0, F2, F3, F4), (F6, F7, F8, solid angle of a texel), with F1 = -F3 and
// F5 = -F7: coefficient k of a texel is Fk times its column's factor times its radiance.
layout(std430, binding = SH_SLOT_ROWS) readonly buffer Rows { vec4 b_rows[]; };
// One vec4 per column: cos phi, sin phi, cos 2 phi, sin 2 phi, phi with the yaw.
layout(std430, binding = SH_SLOT_COLUMNS) readonly buffer Columns { vec4 b_columns[]; };
// The map's texels (rgb, 0), rows of shape.x: the width padded with zeros to whole blocks.
layout(std430, binding = SH_SLOT_TEXELS) readonly buffer Texels { vec4 b_texels[]; };

// Item `item`'s row and first column: rows hold whole blocks of 32 items, and texel t of an item
// is 32 t past its first.
uvec2 sh_equirect_item(uint item) {
  uint rowItems = b_params.shape.x / SH_EQUIRECT_ITEM_TEXELS;
  uint j = item / rowItems;
  uint inRow = item - j * rowItems;
  return uvec2((inRow & ~31u) * SH_EQUIRECT_ITEM_TEXELS + (inRow & 31u), j);
}

Acc accLoad(uint k) {
  uvec2 first = sh_equirect_item(b_params.run.x + k);
  uint j = first.y, width = b_params.shape.z;
  // The five sums of radiance times 1, cos phi, sin phi, cos 2 phi, sin 2 phi (padding adds
  // nothing: its texels and columns are zero).
  vec3 s0 = vec3(0.0), sc = vec3(0.0), ss = vec3(0.0), sc2 = vec3(0.0), ss2 = vec3(0.0);
  for (uint t = 0u; t < SH_EQUIRECT_ITEM_TEXELS; ++t) {
    uint i = first.x + 32u * t;
    vec3 radiance = b_texels[j * b_params.shape.x + i].rgb;
    vec4 column = b_columns[i];
    s0 += radiance;
    sc += radiance * column.x;
    ss += radiance * column.y;
    sc2 += radiance * column.z;
    ss2 += radiance * column.w;
  }
  // The item's texels inside the map, for the solid angle: those of first, first + 32, ... below the width.
  float texels = first.x < width ? float(min((width - first.x + 31u) / 32u, SH_EQUIRECT_ITEM_TEXELS)) : 0.0;
  vec4 f = b_rows[2u * j], g = b_rows[2u * j + 1u];  // f: F0, F2, F3, F4   g: F6, F7, F8, solid angle
  // Acc's packing (sh_acc.glsl): a: L0 rgb, L1 r   b: L1 gb, L2 rg   c: L2 b, L3 rgb   d: L4 rgb, L5 r
  //                              e: L5 gb, L6 rg   f: L6 b, L7 rgb   g: L8 rgb, solid angle
  vec3 l1 = -f.z * ss, l2 = f.y * s0, l5 = -g.y * ss, l6 = g.x * s0;
  return Acc(vec4(f.x * s0, l1.r), vec4(l1.gb, l2.rg), vec4(l2.b, f.z * sc), vec4(f.w * ss2, l5.r),
             vec4(l5.gb, l6.rg), vec4(l6.b, g.y * sc), vec4(g.z * sc2, g.w * texels));
}

#define ACC_LOAD(k) accLoad(k)

#endif
