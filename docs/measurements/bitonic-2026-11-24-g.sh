#!/bin/bash
cd build/release
B="./boids bench --sort --sizes 1048576,4194304 --repeats 60"
for r in 1 2; do
for d in X EXP_SELECT EXP_UNROLL EXP_SELECT,EXP_HOIST EXP_SELECT,EXP_UNROLL,EXP_HOIST; do
echo "== $d $r" >> $OUT/g.txt; EXP_DEFS=$d $B 2>&1 | grep -E "bitonic-trans" >> $OUT/g.txt
done; done
echo "== tile sort only" >> $OUT/g.txt
for d in X EXP_SELECT EXP_UNROLL; do echo "== $d tilesort" >> $OUT/g.txt; EXP_PASSES=1 EXP_DEFS=$d ./boids bench --sort --sizes 1048576 --repeats 60 2>&1 | grep -E "bitonic-trans" >> $OUT/g.txt; done
