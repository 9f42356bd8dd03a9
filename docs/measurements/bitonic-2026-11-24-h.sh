#!/bin/bash
cd build/release
# exp/boids-old: the boids binary built from 815446a (the build before), copied there
B="--sort --sizes 1048576,4194304,16777216 --repeats 60"
for r in 1 2; do
echo "== old $r" >> $OUT/h.txt; ../../exp/boids-old bench $B 2>&1 | grep -E "bitonic-|radix " >> $OUT/h.txt
echo "== new $r" >> $OUT/h.txt; ./boids bench $B 2>&1 | grep -E "bitonic-|radix " >> $OUT/h.txt
done
./boids check --stages sort > $OUT/check-sort.txt 2>&1; echo "check rc $?" >> $OUT/h.txt
tail -2 $OUT/check-sort.txt >> $OUT/h.txt; grep -c " pass " $OUT/check-sort.txt >> $OUT/h.txt; grep FAIL $OUT/check-sort.txt >> $OUT/h.txt
./tests/gl_tests --gtest_filter='*Sort*:*Bitonic*:*Grid*' > $OUT/gl.txt 2>&1; echo "gl rc $?" >> $OUT/h.txt; tail -3 $OUT/gl.txt >> $OUT/h.txt
