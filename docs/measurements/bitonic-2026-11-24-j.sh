#!/bin/bash
cd build/release
# exp/boids-old: the boids binary built from de4a81b (the build before), copied there
B="--sort --sizes 1048576,4194304,16777216 --repeats 60"
for r in 1 2; do
echo "== old $r" >> $OUT/j.txt; ../../exp/boids-old bench $B 2>&1 | grep -E "bitonic-|radix " >> $OUT/j.txt
echo "== new $r" >> $OUT/j.txt; ./boids bench $B 2>&1 | grep -E "bitonic-|radix " >> $OUT/j.txt
done
./boids check --stages sort > $OUT/check-sort.txt 2>&1; echo "check rc $?" >> $OUT/j.txt
tail -1 $OUT/check-sort.txt >> $OUT/j.txt; grep FAIL $OUT/check-sort.txt >> $OUT/j.txt
