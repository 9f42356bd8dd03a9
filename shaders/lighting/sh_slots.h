#ifndef BOIDS_SH_SLOTS_H
#define BOIDS_SH_SLOTS_H
// The spherical-harmonics projection's binding slots, shared by C++ (engine/lighting/) and GLSL.
// The reduce primitive it runs on binds its own (primitives/reduce/reduce_slots.h: the output is
// its REDUCE_SLOT_OUTPUT); these sit past them.
#define SH_SLOT_PARAMS 5    // ShParams
#define SH_SLOT_ROWS 6      // equirect: vec4 per row (cos theta, sin theta, solid angle of a texel, 0);
                            // cube: float per texel of a face (its solid angle; every face alike)
#define SH_SLOT_COLUMNS 7   // equirect: vec4 per column (cos, sin of its azimuth with the yaw; 1 inside the map, 0 padding; 0)

#define SH_UNIT_ENVIRONMENT 0  // texture unit: the equirectangular map (sampler2D)
#define SH_IMAGE_CUBE 0        // image unit: the cube map it is resampled into (imageCube)
#define SH_LOC_YAW 0           // lighting/cube_resample.comp: the environment's rotation about up, radians

#define SH_EQUIRECT 0u  // ShParams' layouts
#define SH_CUBE 1u

#endif
