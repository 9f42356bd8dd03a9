#!/bin/bash
# The tile sort with 16 / 8 / 4 pairs an invocation (EXP_TS_ITEMS 4 / 3 / 2; out/run/exp-boids: e404420
# with that environment switch in bitonicProgram), alternated twice; torch.sort in the same lease.
cd build/release
X=../../out/run/exp-boids
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for t in 4 3 2; do echo "check tile sort items $t: $(EXP_TS_ITEMS=$t $X check --stages sort --sizes 4097,65537,1000003 2>&1 | tail -1)"; done
S="--sizes 65536,262144,1048576,4194304 --repeats 30"
for i in 1 2; do
  for t in 4 3 2; do echo "== tile sort items $t, round $i"; EXP_TS_ITEMS=$t $X bench --sort $S 2>&1 | grep -E "^bitonic-(transpose|shared)"; done
done
python3 ../../scripts/torch_sort_bench.py 2>&1 | tail -5
