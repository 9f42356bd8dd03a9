#!/bin/bash
cd build/release
# exp/sh-old: the shaders of de4a81b (git archive de4a81b shaders); exp/sh-A: those with the window reads and writes of the next commit; exp/sh-B: with its tile-order reads and writes instead; new: both
B="bench --sort --sizes 1048576,4194304,16777216 --repeats 60"
for r in 1 2; do for v in old A B new; do
  echo "== $v $r" >> $OUT/k.txt
  if [ $v = new ]; then ./boids $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/k.txt
  else ./boids --shader-dir ../../exp/sh-$v/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/k.txt; fi
done; done
