#!/bin/bash
cd build/release
for v in pcur pif pnoturn pper pall pifper; do
 echo "== $v" >> $OUT/m.txt
 ./boids --shader-dir ../../exp/v-$v/shaders check --stages sort --sizes 1048576 --seeds 1 2>&1 | grep -E "bitonic-trans.*sorted keys|rror" >> $OUT/m.txt
done
for r in 1 2; do for v in cur if per ifper; do
  echo "== $v $r" >> $OUT/m.txt; ./boids --shader-dir ../../exp/v-$v/shaders bench --sort --sizes 1048576,4194304 --repeats 20 2>&1 | grep -E "bitonic-(trans|shared)|rror" >> $OUT/m.txt
done; done
