#!/bin/bash
# bitonic-transpose's shape by size: tiles of 4096 / 2048 / 1024 pairs, 8 or 16 pairs an invocation in
# the passes (EXP_WIDE: the log2 size from which 16; 0 always, 32 never), runs of 8 pairs. A test
# build of 4a1072e reading EXP_TILE and EXP_WIDE in the registry (out/run/exp-boids). Alternated twice.
cd build/release
X=../../out/run/exp-boids
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
V="4096,21 4096,0 2048,32 2048,0 1024,32 1024,0"
for v in $V; do IFS=, read t w <<< "$v"; echo "check tile $t wide $w: $(EXP_TILE=$t EXP_WIDE=$w $X check --stages sort --sizes 4097,1000003 2>&1 | tail -1)"; done
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  for v in $V; do IFS=, read t w <<< "$v"; echo "== tile $t wide $w, round $i"; EXP_TILE=$t EXP_WIDE=$w $X bench --sort $S 2>&1 | grep -E "^bitonic-transpose"; done
done
python3 ../../scripts/torch_sort_bench.py 2>&1 | tail -5
