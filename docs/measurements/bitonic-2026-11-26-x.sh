#!/bin/bash
# Run from the project root on the GPU machine: f884525 built with this hook in bitonicShapeFor:
#   if (const char* e = std::getenv("EXP_SHAPE")) { unsigned t = 0, it = 0;
#     if (log2n > kSortTileBits && std::sscanf(e, "%u:%u", &t, &it) == 2) return {t, kSortMinRunBits, it}; }
# Run x: bitonic-transpose's shapes again after the cheaper compare-exchanges (f884525 with an
# EXP_SHAPE hook: tile:items at every size from 2^13), every power of two from 64K to 16M, each
# shape twice; the registry's shapes (no hook) beside them.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--sorters bitonic-transpose --sizes 65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216 --repeats 30"
./boids bench --sort --sorters bitonic-transpose --sizes 65536 --repeats 30 >/dev/null 2>&1
for i in 1 2; do
  echo "== registry, round $i"; ./boids bench --sort $S 2>&1 | grep -E "^bitonic"
  for sh in 12:3 12:4 11:3 11:4; do echo "== $sh, round $i"; EXP_SHAPE=$sh ./boids bench --sort $S 2>&1 | grep -E "^bitonic"; done
done
