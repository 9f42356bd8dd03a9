#!/bin/bash
# Run from the project root on the GPU machine (a build of 7ca24eb with `bench --sorters` and
# bitonic-2026-11-26-m-to-s-hooks.patch,
# which reads EXP_SHAPES, EXP_TS8K_ITEMS and EXP_DISPATCHES; out/run/<variant>/shaders as in
# bitonic-2026-11-26-o-to-s-variants.diff.txt).
# Where bitonic-transpose's time goes at 1M: the sort stopped after its first k dispatches
# (EXP_DISPATCHES, a test hook: a wrong order past k), k = 1 (the tile sort alone) .. 13, twice.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for i in 1 2; do
  ./boids bench --sort --sorters bitonic-transpose,radix,onesweep --sizes 4096,1048576 --repeats 30 2>&1 | grep -E "^(bitonic|radix|onesweep)"
  for k in 1 2 3 4 5 6 7 8 9 10 11 12 13; do
    echo "== k=$k round $i"; EXP_DISPATCHES=$k ./boids bench --sort --sorters bitonic-transpose --sizes 1048576 --repeats 30 2>&1 | grep -E "^bitonic"
  done
done
