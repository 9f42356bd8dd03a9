#!/bin/bash
cd build/release
B="bench --sort --sizes 1048576,4194304,16777216 --repeats 30"
for r in 1 2; do
  echo "== old $r" >> $OUT/m.txt; ../../exp/boids-old --shader-dir ../../exp/v-cur/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/m.txt
  echo "== a $r" >> $OUT/m.txt; ../../exp/boids-a --shader-dir ../../exp/v-a/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/m.txt
  echo "== a+r3 $r" >> $OUT/m.txt; ../../exp/boids-r3 --shader-dir ../../exp/v-a/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/m.txt
done
../../exp/boids-a --shader-dir ../../exp/v-a/shaders check --stages sort > $OUT/check-a.txt 2>&1; echo "check a rc $?" >> $OUT/m.txt; tail -1 $OUT/check-a.txt >> $OUT/m.txt
