#!/bin/bash
# Program binaries (what do they hold?), occupancy probe and pass shapes: 16 pairs an invocation, tiles of 4096.
cd build/release
E=../../exp  # the variants: bitonic-2026-11-24-halves-variants.patch
mkdir -p $OUT/dump
DUMP_PROGRAMS=$OUT/dump $E/boids-dump bench --sort --sizes 1048576 --repeats 1 > /dev/null 2>&1
cd $OUT/dump
for f in prog-*.txt; do if grep -q bitonic $f; then b=${f%.txt}.bin; echo "== $f $(tr '\n' ' ' < $f) size $(stat -c %s $b)"; strings -n 6 $b | head -5; strings -n 6 $b | grep -i -E "instructions|regs|R-reg|NVcp|!!" | head -10; fi; done > $OUT/dump-strings.txt 2>&1
for f in prog-*.bin; do cuobjdump --dump-sass $f > /dev/null 2>&1 && echo "cuobjdump ok $f"; grep -c $'\x7fELF' $f >/dev/null && echo "ELF magic in $f"; done >> $OUT/dump-strings.txt 2>&1
cd - > /dev/null
tar czf $OUT/dump.tgz -C $OUT dump && rm -rf $OUT/dump
for b in boids-diag boids-ib4 boids-t12 boids-ib4-t12; do
  echo "== probe $b"; $E/$b --shader-dir $E/sh-probe/shaders check --stages sort --sizes 1048576 --seeds 1 2>&1 | grep "bitonic-transpose" | grep "sorted keys" | head -1
done
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  for b in boids-diag boids-ib4 boids-t12 boids-ib4-t12; do
    echo "== $b $i"; $E/$b bench --sort $S 2>&1 | grep -E "bitonic-transpose"
    echo "== $b empty $i"; $E/$b --shader-dir $E/sh-empty/shaders bench --sort --sizes 1048576 --repeats 30 2>&1 | grep -E "bitonic-transpose"
  done
done
