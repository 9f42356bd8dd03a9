#!/bin/bash
cd build/release
B="bench --sort --sizes 1048576,16777216 --repeats 30"
for r in 1 2; do for v in cur t1 t2 s st2; do
  echo "== $v $r" >> $OUT/m.txt
  ./boids --shader-dir ../../exp/v-$v/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/m.txt
done; done
for v in t1 s; do ./boids --shader-dir ../../exp/v-$v/shaders check --stages sort > $OUT/check-$v.txt 2>&1; echo "check $v rc $?" >> $OUT/m.txt; tail -1 $OUT/check-$v.txt >> $OUT/m.txt; done
