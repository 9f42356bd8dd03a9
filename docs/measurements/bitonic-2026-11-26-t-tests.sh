#!/bin/bash
# Run t, part 2: the test suite and check --stages sort on the GPU with a64cfea's bitonic.comp.
# From the project root on the GPU machine, $OUT set, the Release build in build/release.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu-tests.txt
(ctest -j8 -E UnderXvfb 2>&1 | tail -15) > $OUT/ctest.txt
./boids check --stages sort > $OUT/check-sort.txt 2>&1; echo "check rc $?" >> $OUT/check-sort.txt
tail -4 $OUT/ctest.txt; tail -2 $OUT/check-sort.txt; grep FAIL $OUT/check-sort.txt | head
