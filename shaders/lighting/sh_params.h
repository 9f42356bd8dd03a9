#ifndef BOIDS_SH_PARAMS_H
#define BOIDS_SH_PARAMS_H
// What one projection reads and where it writes, shared by C++ (engine/lighting/sh_projection.cpp)
// and GLSL. An item of the reduction is SH_EQUIRECT_ITEM_TEXELS texels of a row of the map
// (lighting/sh_equirect.glsl), or four of a row of a cube face (lighting/sh_cube.glsl).

#define SH_EQUIRECT_ITEM_TEXELS 4u
#define SH_EQUIRECT_ROW_BLOCK (32u * SH_EQUIRECT_ITEM_TEXELS)  // a row's texels, padded to whole blocks of 32 items
struct ShParams {
  uvec4 shape;  // x: texels per row the items walk (the map's width padded to SH_EQUIRECT_ROW_BLOCK,
                // or the cube's size); y: rows per face (the map's height, or the cube's size); z: the map's
                // width (texels past it are padding, of zero weight); w: unused
  uvec4 run;    // x: the first item this reduction reads (a cube face's own, for its solid-angle
                // sum); y: which ShCoefficients of the output it writes; zw: unused
};

// The nine coefficients as the projection leaves them and the shading reads them: L[k].rgb is
// coefficient k (L00; L1-1, L10, L11; L2-2, L2-1, L20, L21, L22), L[0].w the solid angle the
// projection summed (4 pi when every texel was counted once).
struct ShCoefficients {
  vec4 L[9];
};

#endif
