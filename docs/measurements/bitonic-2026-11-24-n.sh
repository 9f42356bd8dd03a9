#!/bin/bash
cd build/release
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv > $OUT/gpu.txt
B="bench --sort --sizes 1048576,16777216 --repeats 30"
for r in 1 2; do for v in cur nox nomove nobar regs; do
  echo "== $v $r" >> $OUT/m.txt
  ./boids --shader-dir ../../exp/v-$v/shaders $B 2>&1 | grep -E "bitonic-(shared|trans)|rror" >> $OUT/m.txt
done; done
./boids --shader-dir ../../exp/v-regs/shaders check --stages sort > $OUT/check-regs.txt 2>&1; echo "check rc $?" >> $OUT/m.txt; tail -1 $OUT/check-regs.txt >> $OUT/m.txt
