#!/bin/bash
# Keys and values through two shared arrays at once (one barrier a window move) where both fit 16 KiB
# (out/run/split/shaders: bitonic.comp with SPLIT = TILE <= 2048), against the tile in halves (three
# barriers a move). The test build of runs i and j (EXP_TILE: tile at every size). Alternated twice.
cd build/release
X=../../out/run/exp-boids; F="--shader-dir ../../out/run/split/shaders"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "check split, tile 2048: $(EXP_TILE=2048 $X $F check --stages sort --sizes 4097,1000003 2>&1 | tail -1)"
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  echo "== halves, tile 4096, round $i"; EXP_TILE=4096 $X bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  echo "== halves, tile 2048, round $i"; EXP_TILE=2048 $X bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  echo "== split, tile 2048, round $i"; EXP_TILE=2048 $X $F bench --sort $S 2>&1 | grep -E "^bitonic-(transpose|shared)"
done
