#!/bin/bash
# Run from the project root on the GPU machine: f884525 built with this hook in bitonicProgram (sort.cpp):
#   if (mode == 1 && std::getenv("EXP_TS_ITEMS")) itemBits = std::atoi(std::getenv("EXP_TS_ITEMS"));
# Run y: the tile sort with 8 pairs an invocation (512 invocations a tile of 4096, which keep their
# window's addresses) against 16 (as committed), after the cheaper compare-exchanges: f884525 with
# an EXP_TS_ITEMS hook (the tile sort's items, log2). Alternated twice; the tile sort alone too.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--sorters bitonic-transpose,bitonic-shared --sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
./boids bench --sort --sorters bitonic-transpose --sizes 65536 --repeats 30 >/dev/null 2>&1
for i in 1 2; do
  for t in 4 3; do
    echo "== tile sort items 2^$t, round $i"; EXP_TS_ITEMS=$t ./boids bench --sort $S 2>&1 | grep -E "^bitonic"
  done
done
echo "== check, 2^3: $(EXP_TS_ITEMS=3 ./boids check --stages sort --sizes 1,63,65,4097,65537,1000003 2>&1 | tail -1)"
