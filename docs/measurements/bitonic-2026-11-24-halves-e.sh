#!/bin/bash
# bitonic-transpose with 16 pairs an invocation and tiles through shared memory in halves (SORT_HALVES):
# tiles of 2048 / 4096, and 8 pairs an invocation with halves; against the build before (boids-diag = aef9845 + a CPU-time print).
cd build/release
E=../../exp  # the variants: bitonic-2026-11-24-halves-variants.patch
probe() { $1 --shader-dir $2 check --stages sort --sizes 1048576 --seeds 1 2>&1 | grep "bitonic-transpose" | grep "sorted keys" | head -1 | sed 's/.*difference at 0: (\([0-9]*\),.*/\1/' | awk '{printf "max warp slot %d\n", int(($1-1073741824)/256)}'; }
for b in boids-h2048 boids-h4096 boids-h2048-ib3; do echo "probe $b: $(probe $E/$b $E/sh-new-probe/shaders)"; done
for b in boids-h2048 boids-h4096; do echo "check $b"; $E/$b check --stages sort 2>&1 | grep -E "FAIL|passed" | tail -5; done
S="--sizes 65536,262144,524288,1048576,2097152,4194304,16777216 --repeats 30"
for i in 1 2; do
  for b in boids-diag boids-h2048 boids-h4096 boids-h2048-ib3; do
    echo "== $b $i"; $E/$b bench --sort $S 2>&1 | grep -E "bitonic-transpose"
  done
done
