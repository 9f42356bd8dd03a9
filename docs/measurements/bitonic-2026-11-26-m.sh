#!/bin/bash
# Run from the project root on the GPU machine (a build of 7ca24eb with `bench --sorters` and
# bitonic-2026-11-26-m-to-s-hooks.patch,
# which reads EXP_SHAPES, EXP_TS8K_ITEMS and EXP_DISPATCHES; out/run/<variant>/shaders as in
# bitonic-2026-11-26-o-to-s-variants.diff.txt).
# Tiles of 8192 pairs (32 KiB in halves, 11 dispatches at 1M against 13) against the committed
# shapes, bitonic-transpose alone, alternated twice, 30 runs a case. EXP_SHAPES / EXP_TS8K_ITEMS:
# test hooks of this build (log2n:tileBits:itemBits per size; the 8192 tile sort's items).
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--sorters bitonic-transpose --sizes 65536,262144,1048576,2097152,4194304,8388608,16777216 --repeats 30"
B=""; C=""; D=""
for n in 14 15 16 17 18 19 20; do B="$B$n:13:3,"; C="$C$n:13:3,"; D="$D$n:13:4,"; done
for n in 21 22 23 24; do B="$B$n:13:4,"; C="$C$n:13:3,"; D="$D$n:13:4,"; done
for i in 1 2; do
  echo "== committed, round $i"; ./boids bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  echo "== 8192, items 8 < 2M, 16 from, round $i"; EXP_SHAPES=$B ./boids bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  echo "== 8192, items 8, round $i"; EXP_SHAPES=$C ./boids bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  echo "== 8192, items 16, round $i"; EXP_SHAPES=$D ./boids bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  echo "== 8192, items 8 < 2M, 16 from, tile sort 8, round $i"; EXP_TS8K_ITEMS=3 EXP_SHAPES=$B ./boids bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
done
echo "== check, 8192 shapes"; EXP_SHAPES=$B ./boids check --stages sort --sizes 1,63,65,4097,8193,65537,1000003,4194305 2>&1 | grep -E "transpose.*FAIL|passed|failed" | tail -5
python3 ../../scripts/torch_sort_bench.py
