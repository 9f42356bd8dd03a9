#ifndef BOIDS_BINDINGS_H
#define BOIDS_BINDINGS_H
// Binding points, shared by C++ (#include "shaders/common/bindings.h") and GLSL
// (#include "common/bindings.h"), so that a number is written once.

// Shader storage blocks
#define SSBO_POS_IN 0       // vec4 per boid: xyz position, w unused (1)
#define SSBO_VEL_IN 1       // vec4 per boid: xyz velocity, w the local density (neighbour count)
#define SSBO_POS_OUT 2
#define SSBO_VEL_OUT 3
#define SSBO_FLOCK_STATS 4  // FlockStats: centroid and bounds (the centroid strategies write it through their own slot)
#define SSBO_CAMERA 8       // CameraState: written by the CPU (orbit) or by the follow pass
#define SSBO_GRID_PAIRS 9   // uvec2 (cell, boid) pairs the grid hashes, sorts (primitives/sort binds them itself) and reads
#define SSBO_RANGE_GAPS 10  // uint count, then uvec4 pieces: runs of empty cells too long for one invocation (grid_ranges.comp)
#define SSBO_CELL_STARTS 11 // uint per grid cell + 1: first sorted slot of its boids (grid_ranges.comp)
#define SSBO_SORTED_POS 12  // positions gathered into sorted order (the coherent grid)
#define SSBO_SORTED_VEL 13
#define SSBO_HEALTH 14      // uint: boids the step repaired after they turned non-finite, since the flock was made
#define SSBO_DRAW_LIST 15   // uint per drawn boid: its index (the cull's list of the level being drawn)
#define SSBO_CULL_PARAMS 16 // CullParams the cull last used (the frozen frustum's lines read it)
#define SSBO_SH 17          // ShCoefficients: the environment's nine spherical harmonics (engine/lighting)
#define SSBO_COLOUR_BINS 18 // uint[2 x COLOUR_BINS]: the flock's speeds and neighbour counts (render/colour_histogram.comp)
#define SSBO_SHADOW 19      // uint per ground texel: boids above it (render/shadow_splat.comp)
#define SSBO_SHADE 20       // ShadeConstants: the frame's shared shading terms (render/shade_constants.comp)
#define SSBO_REACH 21       // uint[2]: the topological step's sampled k-th distances (sum, 1/256 units) and their count
#define SSBO_PREDATOR 22    // vec4[3]: the predator (sim/predator.comp): position, velocity and time, the point the flock flees
#define SSBO_TIES 23        // uint per 32 sorted slots: the boids whose k nearest a tie touched (sim/sim_step_grid.comp)
#define SSBO_KEPT_IN 24     // uint[k] per boid: the neighbours it keeps between reactions (sim/sim_step_grid.comp)
#define SSBO_KEPT_OUT 25
#define SSBO_SLOT_OF 26     // uint per boid: its sorted slot in this step (sim/slot_of.comp)

// Uniform blocks
#define UBO_SIM_PARAMS 0
#define UBO_RENDER_PARAMS 1

// Texture units
#define UNIT_ENVIRONMENT 0  // the environment's equirectangular map (the sky, the boids' rim)
#define UNIT_SHADOW 1       // the flock's shadow on the ground, blurred (render/shadow_blur.comp)
#define UNIT_PRESENT 2      // the scene at --render-scale, stretched over the window (render/present.frag)

// Uniform locations (explicit, so no look-up by name is ever needed)
#define LOC_CAMERA_ORBIT 5        // yaw, pitch, vertical field of view, aspect
#define LOC_CAMERA_FOLLOW 6       // smoothing (0..1 per frame), zoom factor, 1 to jump, the view's centre x (NDC)
#define LOC_CAMERA_VIEWER 16      // 1: the eye stands on the ground (render/camera_follow.comp); the eye's height
                                  // (world y); 1 / sin of the angle it looks up at the flock; unused
#define LOC_BACKGROUND 17         // the background: 1 to draw the ground, 0 for the sky alone
#define LOC_MARKER_CPU 7          // the CPU centroid (w 1 when known)
#define LOC_MARKER_SIZE 8         // half length of a marker's arms
#define LOC_MARKER_GPU 14         // the GPU centroid of the frame the CPU checked (w 1 when known)
#define LOC_GRID_COUNTS 9         // the grid's passes: boids (and cells, where a pass needs them)
#define LOC_COLOUR_SCALE 10       // the colour histogram's bins per unit of speed and per neighbour
#define LOC_COLOUR_COUNT 11       // the colour histogram's boid count
#define LOC_SHADOW 12             // the shadow passes: the floor's half side and texels per unit (splat), darkness (blur)
#define LOC_SHADOW_COUNT 13       // the shadow splat's boid count
#define LOC_CELLS_FLOCK 15        // the cell overlay, hashed keys: the flock's boids, and 1 when it is in sorted order

// Vertex attributes of the boid mesh
#define ATTR_POSITION 0
#define ATTR_NORMAL 1

#endif
