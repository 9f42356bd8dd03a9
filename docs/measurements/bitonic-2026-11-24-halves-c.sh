#!/bin/bash
# Occupancy: is it registers or shared memory that keeps a 4th group of 2048 pairs off an SM? And uint64 registers.
cd build/release
E=../../exp  # the variants: bitonic-2026-11-24-halves-variants.patch
probe() { $1 --shader-dir $2 check --stages sort --sizes 1048576 --seeds 1 2>&1 | grep "bitonic-transpose" | grep "sorted keys" | head -1 | sed 's/.*difference at 0: (\([0-9]*\),.*/\1/' | awk '{printf "max warp slot %d\n", int(($1-1073741824)/256)}'; }
for v in sh-probe sh-probe-half sh-probe-quarter sh-u64-probe; do
  for b in boids-diag boids-ib4 boids-t12 boids-ib4-t12; do echo "probe $v $b: $(probe $E/$b $E/$v/shaders)"; done
done
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  echo "== base $i"; $E/boids-diag bench --sort $S 2>&1 | grep -E "bitonic-transpose|bitonic-shared"
  echo "== u64 $i"; $E/boids-diag --shader-dir $E/sh-u64/shaders bench --sort $S 2>&1 | grep -E "bitonic-transpose|bitonic-shared"
done
