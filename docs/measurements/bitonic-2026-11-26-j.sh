#!/bin/bash
# bitonic-transpose at every power of two from 8K to 16M pairs with tiles of 4096 and of 2048 (8 pairs an
# invocation in the passes below 2^21, 16 from there), alternated twice. The test build of run i
# (out/run/exp-boids: 4a1072e reading EXP_TILE and EXP_WIDE in the registry).
cd build/release
X=../../out/run/exp-boids
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--sizes 8192,16384,32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216 --repeats 30"
for i in 1 2; do
  for t in 4096 2048; do echo "== tile $t, round $i"; EXP_TILE=$t $X bench --sort $S 2>&1 | grep -E "^bitonic-transpose"; done
done
