#!/bin/bash
# Chained bitonic-transpose (cee9ac9) with other shapes, read from the environment by a test build
# (out/exp-boids: EXP_TILE pairs a tile, EXP_ITEM_BITS log2 pairs an invocation in the passes):
# tiles of 4096 / 2048, 16 / 8 pairs an invocation. torch.sort in the same lease.
# The test build: cee9ac9 with the two environment switches above (Transpose only; bitonic-shared unchanged). H100.
cd build/release
X=../../out/exp-boids
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in "4096 4" "2048 4" "4096 3" "2048 3"; do set -- $v; echo "check tile $1 items $2: $(EXP_TILE=$1 EXP_ITEM_BITS=$2 $X check --stages sort --sizes 4097,1000003 2>&1 | tail -1)"; done
S="--sizes 262144,1048576,4194304 --repeats 30"
for i in 1 2; do
  for v in "4096 4" "2048 4" "4096 3" "2048 3"; do set -- $v
    echo "== tile $1 items $2, $i"; EXP_TILE=$1 EXP_ITEM_BITS=$2 $X bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  done
done
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json 2>&1 | tail -5
