#!/bin/bash
# Tiles of 4096 in halves: 8 pairs an invocation (h4096-ib3) against 16 (h4096); bitonic-shared in halves too (h4096-sh).
cd build/release
E=../../exp  # the variants: bitonic-2026-11-24-halves-variants.patch
probe() { $1 --shader-dir $2 check --stages sort --sizes 1048576 --seeds 1 2>&1 | grep "$3" | grep "sorted keys" | head -1 | sed 's/.*difference at 0: (\([0-9]*\),.*/\1/' | awk '{printf "max warp slot %d\n", int(($1-1073741824)/256)}'; }
echo "probe h4096-ib3 transpose: $(probe $E/boids-h4096-ib3 $E/sh-new-probe/shaders bitonic-transpose)"
echo "probe h4096-sh shared: $(probe $E/boids-h4096-sh $E/sh-new-probe/shaders bitonic-shared)"
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  for b in boids-diag boids-h4096 boids-h4096-ib3 boids-h4096-sh; do
    echo "== $b $i"; $E/$b bench --sort $S 2>&1 | grep -E "bitonic-transpose|bitonic-shared"
  done
done
