#!/bin/bash
# Run from the project root on the GPU machine, $OUT set: c8ec565's Release build in build/release,
# 6d48db4's boids in out/run/base-boids, and out/run/c3/shaders: shaders/ with the compare-exchange of
# bitonic.comp as `Item high = max(a, c); r_items[m] = a ^ c ^ high; r_items[l] = high;`.
# Run u: the pass's steps marked where a stage starts, their strides given in the window, and the
# tile sort turning once a stage (this build) against 6d48db4 (out/run/base-boids); and this build
# with the lesser of a pair as a ^ c ^ max instead of the greater as a ^ c ^ min (out/run/c3).
# Alternated twice, 30 runs a case, torch.sort after.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--sorters bitonic-transpose,bitonic-shared --sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  echo "== 6d48db4, round $i"; ../../out/run/base-boids bench --sort $S 2>&1 | grep -E "^bitonic"
  echo "== steps marked, round $i"; ./boids bench --sort $S 2>&1 | grep -E "^bitonic"
  echo "== steps marked, lesser by XOR, round $i"; ./boids --shader-dir ../../out/run/c3/shaders bench --sort $S 2>&1 | grep -E "^bitonic"
done
echo "== check, steps marked: $(./boids check --stages sort --sizes 1,63,65,4097,65537,1000003 2>&1 | tail -1)"
python3 ../../scripts/torch_sort_bench.py
