#!/bin/bash
cd build/release
B="bench --sort --sizes 524288,1048576,2097152 --repeats 20"
for r in 1 2; do for v in cur sh31 sh31p; do
  echo "== $v $r" >> $OUT/m.txt; ./boids --shader-dir ../../exp/v-$v/shaders $B 2>&1 | grep -E "bitonic-(trans|shared)|rror" >> $OUT/m.txt
done; done
