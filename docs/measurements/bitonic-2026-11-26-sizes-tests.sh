#!/bin/bash
# The GPU test suite and check --stages sort with this build; then the onesweep case that failed
# twice (sort/onesweep 4097 2 30), looped.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu-tests.txt
(ctest -j8 -E UnderXvfb 2>&1 | tail -15) > $OUT/ctest.txt
./boids check --stages sort > $OUT/check-sort.txt 2>&1; echo "check rc $?" >> $OUT/check-sort.txt
tail -4 $OUT/ctest.txt; tail -2 $OUT/check-sort.txt; grep FAIL $OUT/check-sort.txt | head
end=$((SECONDS + ${LOOP_S:-120})); i=0; fails=0
while [ $SECONDS -lt $end ]; do i=$((i+1)); ./boids check --stages sort --sizes 4097 > /tmp/c.txt 2>&1 || { fails=$((fails+1)); grep FAIL /tmp/c.txt >> $OUT/loop-fails.txt; }; done
echo "onesweep loop: $i checks of 4097, $fails failed" | tee $OUT/loop.txt
