#!/bin/bash
# Run from the project root on the GPU machine (a build of 7ca24eb with `bench --sorters` and
# bitonic-2026-11-26-m-to-s-hooks.patch,
# which reads EXP_SHAPES, EXP_TS8K_ITEMS and EXP_DISPATCHES; out/run/<variant>/shaders as in
# bitonic-2026-11-26-o-to-s-variants.diff.txt).
# Compare-exchange as one compare and four selects (sel), turns as predicated complements (tp), both (selt)
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--sorters bitonic-transpose --sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
./boids bench --sort --sorters bitonic-transpose --sizes 4096 --repeats 30 >/dev/null 2>&1  # clocks up
for i in 1 2; do
  for v in committed sel tp selt; do
    F=""; [ $v != committed ] && F="--shader-dir ../../out/run/$v/shaders"
    echo "== $v, tile sort alone, round $i"; EXP_DISPATCHES=1 ./boids $F bench --sort --sorters bitonic-transpose --sizes 4096,1048576 --repeats 30 2>&1 | grep -E "^bitonic"
    echo "== $v, whole sort, round $i"; ./boids $F bench --sort $S 2>&1 | grep -E "^bitonic"
  done
done
