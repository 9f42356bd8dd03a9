#!/bin/bash
# Whole pairs through shared memory (one barrier a window move) where a tile of them fits 16 KiB
# (out/run/full/shaders: bitonic.comp with HALVES = TILE > 2048), against the tiles in halves (three
# barriers a move). The test build of runs i and j (EXP_TILE: tile at every size). Alternated twice.
cd build/release
X=../../out/run/exp-boids; F="--shader-dir ../../out/run/full/shaders"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for t in 2048 1024; do echo "check whole pairs, tile $t: $(EXP_TILE=$t $X $F check --stages sort --sizes 4097,1000003 2>&1 | tail -1)"; done
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  echo "== halves, tile 4096, round $i"; EXP_TILE=4096 $X bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  echo "== halves, tile 2048, round $i"; EXP_TILE=2048 $X bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
  echo "== whole pairs, tile 2048, round $i"; EXP_TILE=2048 $X $F bench --sort $S 2>&1 | grep -E "^bitonic-(transpose|shared)"
  echo "== whole pairs, tile 1024, round $i"; EXP_TILE=1024 $X $F bench --sort $S 2>&1 | grep -E "^bitonic-transpose"
done
