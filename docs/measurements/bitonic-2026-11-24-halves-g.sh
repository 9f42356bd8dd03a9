#!/bin/bash
# Tiles of 8192 (kSortTile and kTransposeTile 8192, SORT_MAX_STEPS 13: boids-t13) against a4bbeba's 4096.
cd build/release
E=../../exp  # the variants: bitonic-2026-11-24-halves-variants.patch
probe() { $1 --shader-dir $2 check --stages sort --sizes 1048576 --seeds 1 2>&1 | grep "$3" | grep "sorted keys" | head -1 | sed 's/.*difference at 0: (\([0-9]*\),.*/\1/' | awk '{printf "max warp slot %d\n", int(($1-1073741824)/256)}'; }
echo "probe t13 transpose: $(probe $E/boids-t13 $E/sh-t13-probe/shaders bitonic-transpose)"
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  for b in boids-a4bbeba boids-t13; do
    echo "== $b $i"; $E/$b bench --sort $S 2>&1 | grep -E "bitonic-transpose|bitonic-shared"
  done
done
