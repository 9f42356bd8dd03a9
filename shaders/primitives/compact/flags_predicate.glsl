#ifndef BOIDS_FLAGS_PREDICATE_GLSL
#define BOIDS_FLAGS_PREDICATE_GLSL
// The compaction library's own predicate: element i is kept where its flag (a uint of the input,
// COMPACT_SLOT_INPUT) is non-zero. A predicate file defines KEEP(i) and declares what it reads;
// the program's defines name it (COMPACT_PREDICATE "path"), so every variant serves every user.

layout(std430, binding = COMPACT_SLOT_INPUT) readonly buffer Flags { uint b_flags[]; };
#define KEEP(i) (b_flags[i] != 0u)

#endif
