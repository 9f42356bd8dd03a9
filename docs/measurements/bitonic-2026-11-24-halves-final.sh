#!/bin/bash
# The final lease of the tiles-in-halves change (a4bbeba): the GPU tests, check --stages sort,
# and bench --sort beside torch.sort in the same lease. From the project root on the GPU machine,
# with $OUT set and the Release build in build/release.
cd build/release
(ctest -j6 -E UnderXvfb 2>&1 | tail -15) > $OUT/ctest.txt
./boids check --stages sort > $OUT/check-sort.txt 2>&1; echo "check rc $?" >> $OUT/check-sort.txt
./boids bench --sort --sizes 65536,262144,1048576,4194304,16777216 --repeats 60 --json $OUT/bench-sort.json > $OUT/bench-sort.txt 2>&1
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json > $OUT/torch.txt 2>&1
tail -3 $OUT/ctest.txt; tail -2 $OUT/check-sort.txt; grep -E "bitonic|radix|onesweep|counting" $OUT/bench-sort.txt; cat $OUT/torch.txt
