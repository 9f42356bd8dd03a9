#!/bin/bash
cd build/release
B="bench --sort --sizes 1048576,16777216 --repeats 30"
for r in 1 2; do
for v in cur tileonly passio; do
  echo "== $v $r" >> $OUT/m.txt
  ./boids --shader-dir ../../exp/v-$v/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/m.txt
done
for i in 4 2; do
  echo "== pass items 2^$i $r" >> $OUT/m.txt
  ../../exp/boids-i$i --shader-dir ../../exp/v-cur/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/m.txt
done; done
