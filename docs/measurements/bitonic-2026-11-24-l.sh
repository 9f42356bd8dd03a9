#!/bin/bash
cd build/release
# exp/sh-cur: the shaders of 572a44c; exp/sh-bank: the same with the window moves' shared-memory addresses as XORs
B="bench --sort --sizes 1048576,4194304,16777216 --repeats 60"
for r in 1 2; do for v in cur bank; do
  echo "== $v $r" >> $OUT/l.txt
  ./boids --shader-dir ../../exp/sh-$v/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/l.txt
done; done
./boids check --stages sort > $OUT/check-sort.txt 2>&1; echo "check rc $?" >> $OUT/l.txt; tail -1 $OUT/check-sort.txt >> $OUT/l.txt
