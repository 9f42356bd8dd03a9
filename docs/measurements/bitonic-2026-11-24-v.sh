#!/bin/bash
cd build/release
B="bench --sort --sizes 524288,1048576,2097152,4194304,16777216 --repeats 20"
for r in 1 2; do for v in t11r3 t11r2; do
  echo "== $v $r" >> $OUT/m.txt; ../../exp/boids-$v --shader-dir ../../exp/v-cur/shaders $B 2>&1 | grep -E "bitonic-(trans|shared)|rror" >> $OUT/m.txt
done; done
