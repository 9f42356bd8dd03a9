#ifndef BOIDS_SH_SLOTS_H
#define BOIDS_SH_SLOTS_H
// The spherical-harmonics projection's binding slots, shared by C++ (engine/lighting/) and GLSL.
// The reduce primitive it runs on binds its own (primitives/reduce/reduce_slots.h: the output is
// its REDUCE_SLOT_OUTPUT); these sit past them.
#define SH_SLOT_PARAMS 5    // ShParams
#define SH_SLOT_ROWS 6      // equirect: vec4 per row (cos theta, sin theta, solid angle of a texel, 0);
                            // cube: float per texel of a face (its solid angle; every face alike)
#define SH_SLOT_COLUMNS 7   // equirect: vec4 per column: cos phi, sin phi, cos 2 phi, sin 2 phi (phi with the yaw; 0 past the map)
#define SH_SLOT_TEXELS 8    // equirect: the map's texels, vec4 (rgb, 0), rows padded with zeros to whole blocks of items

#define SH_UNIT_ENVIRONMENT 0  // texture unit: the equirectangular map (sampler2D) the cube is resampled from
#define SH_IMAGE_CUBE 0        // image unit: the cube map it is resampled into (imageCube)
#define SH_LOC_YAW 0           // lighting/cube_resample.comp: the environment's rotation about up, radians

#define SH_EQUIRECT 0u  // ShParams' layouts
#define SH_CUBE 1u

#endif
