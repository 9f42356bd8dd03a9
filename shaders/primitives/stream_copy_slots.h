#ifndef BOIDS_STREAM_COPY_SLOTS_H
#define BOIDS_STREAM_COPY_SLOTS_H
// The streaming-copy baseline's slots, shared by C++ (engine/primitives/baseline.cpp) and GLSL.
#define COPY_SLOT_IN 0
#define COPY_SLOT_OUT 1
#define COPY_LOC_COUNT 0  // uints to copy
#endif
