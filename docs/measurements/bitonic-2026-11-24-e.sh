#!/bin/bash
cd build/release
B="./boids bench --sort --sizes 1048576,4194304,16777216 --repeats 60"
for r in 1 2; do
echo "== uniforms $r" >> $OUT/e.txt; $B 2>&1 | grep -E "bitonic-trans" >> $OUT/e.txt
echo "== runs compiled in $r" >> $OUT/e.txt; EXP_SPECIAL=1 $B 2>&1 | grep -E "bitonic-trans" >> $OUT/e.txt
echo "== runs, hoisted $r" >> $OUT/e.txt; EXP_SPECIAL=1 EXP_DEFS=EXP_HOIST $B 2>&1 | grep -E "bitonic-trans" >> $OUT/e.txt
done
echo "== all compiled in" >> $OUT/e.txt; EXP_SPECIAL=1 EXP_ALL=1 $B 2>&1 | grep -E "bitonic-trans" >> $OUT/e.txt
