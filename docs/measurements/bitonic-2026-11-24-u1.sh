#!/bin/bash
cd build/release
for b in ./boids ../../exp/boids-t11 ../../exp/boids-t10; do
 echo "== $b" >> $OUT/m.txt
 $b --shader-dir ../../exp/v-occ/shaders check --stages sort --sizes 524288,1048576,4194304 2>&1 | grep -E "bitonic-(trans|shared)|rror" >> $OUT/m.txt
done
