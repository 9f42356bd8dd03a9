#ifndef BOIDS_SCAN_SLOTS_H
#define BOIDS_SCAN_SLOTS_H
// The scan primitive's binding slots and uniform locations, shared by C++
// (engine/primitives/scan/scan.cpp) and GLSL. Scoped to this primitive: a pass binds its own
// buffers before it dispatches, so these numbers may repeat another module's.

#define SCAN_SLOT_IN 0        // uint inputs
#define SCAN_SLOT_OUT 1       // uint outputs (exclusive prefix sums); may be the input's buffer for reduce-then-scan's levels
#define SCAN_SLOT_TOTALS 2    // reduce-then-scan: one uint per block (reduced, then their scan)
#define SCAN_SLOT_STATUS 3    // decoupled-lookback: two tile counters, then a word per tile: value << 3 | parity << 2 | flag

#define SCAN_LOC_COUNT 0      // elements to scan
#define SCAN_LOC_TILES 1      // decoupled-lookback: tiles in this run
#define SCAN_LOC_PARITY 2     // decoupled-lookback: this run's parity (status words and counter)

#endif
