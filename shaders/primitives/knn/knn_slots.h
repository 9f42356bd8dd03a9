#ifndef BOIDS_KNN_SLOTS_H
#define BOIDS_KNN_SLOTS_H
// The k-nearest-neighbour primitive's binding slots and uniform locations, shared by C++
// (engine/primitives/knn/knn.cpp) and GLSL. Scoped to this primitive: a pass binds its own
// buffers before it dispatches, so these numbers may repeat another module's.

#define KNN_SLOT_POSITIONS 0  // vec4 per boid, in Morton order
#define KNN_SLOT_IDS 1        // uint per sorted slot: the boid it holds
#define KNN_SLOT_STARTS 2     // uint per cell of the uniform grid (by its Morton code), and one more
#define KNN_SLOT_OUT 3        // k uints per boid, by boid index: its neighbours, nearest first
#define KNN_SLOT_CODES 4      // uint per sorted slot: its 30-bit Morton code, ascending

#define KNN_LOC_COUNT 0       // boids
#define KNN_LOC_K 1           // neighbours a boid keeps, 1 to KNN_MOST
#define KNN_LOC_ORIGIN 2      // vec3: the bounding cube's lowest corner
#define KNN_LOC_SIDE 3        // float: the cube's side
#define KNN_LOC_LEVEL 4       // uint: the uniform grid's level (its cells 2^level finest cells wide)

#define KNN_LEVELS 10         // Morton bits an axis: 1024 finest cells a side

#define KNN_GROUP 64          // a search's local_size_x: an invocation a boid
#define KNN_MOST 16           // the most neighbours a boid keeps
#define KNN_NONE 0xffffffffu  // an empty place in a list of neighbours (this primitive's, the step's)

#endif
