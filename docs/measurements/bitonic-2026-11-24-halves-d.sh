#!/bin/bash
# Bound: what would a group of 2048 pairs with half the shared memory (wrong order; timing only) take?
cd build/release
E=../../exp  # the variants: bitonic-2026-11-24-halves-variants.patch
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  for b in boids-diag boids-ib4 boids-ib4-t12; do
    echo "== $b $i"; $E/$b bench --sort $S 2>&1 | grep -E "bitonic-transpose"
    echo "== $b half $i"; $E/$b --shader-dir $E/sh-half/shaders bench --sort $S 2>&1 | grep -E "bitonic-transpose"
  done
done
