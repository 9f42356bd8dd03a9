#!/bin/bash
# Run from the project root on the GPU machine (a build of 7ca24eb with `bench --sorters` and
# bitonic-2026-11-26-m-to-s-hooks.patch,
# which reads EXP_SHAPES, EXP_TS8K_ITEMS and EXP_DISPATCHES; out/run/<variant>/shaders as in
# bitonic-2026-11-26-o-to-s-variants.diff.txt).
# Candidates on top of predicated turns and max = a ^ c ^ min (tpx): the held window's shared-memory
# addresses kept between moves where an invocation holds 8 pairs (tpxa3), and with that the
# tile-order reads' and writes' pair indices from one map per bit (tpxas); torch.sort after.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--sorters bitonic-transpose,bitonic-shared --sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
./boids bench --sort --sorters bitonic-transpose --sizes 4096 --repeats 30 >/dev/null 2>&1  # clocks up
for i in 1 2; do
  for v in committed tpx tpxa3 tpxas; do
    F=""; [ $v != committed ] && F="--shader-dir ../../out/run/$v/shaders"
    echo "== $v, round $i"; ./boids $F bench --sort $S 2>&1 | grep -E "^bitonic"
  done
done
python3 ../../scripts/torch_sort_bench.py
