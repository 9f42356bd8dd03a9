#!/bin/bash
cd build/release
B="bench --sort --sizes 1048576 --repeats 30"
for r in 1 2; do for v in cur asc selasc mm k32; do
  echo "== $v $r" >> $OUT/m.txt
  ./boids --shader-dir ../../exp/v-$v/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/m.txt
done; done
