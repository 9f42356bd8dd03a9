#!/bin/bash
cd build/release
B="bench --sort --sizes 65536,131072,262144,524288,1048576,2097152,4194304,8388608 --repeats 20"
for r in 1 2; do
  echo "== a $r" >> $OUT/m.txt; ../../exp/boids-a --shader-dir ../../exp/v-a/shaders $B 2>&1 | grep -E "bitonic-trans|rror" >> $OUT/m.txt
  echo "== a+r3 $r" >> $OUT/m.txt; ../../exp/boids-r3 --shader-dir ../../exp/v-a/shaders $B 2>&1 | grep -E "bitonic-trans|rror" >> $OUT/m.txt
done
