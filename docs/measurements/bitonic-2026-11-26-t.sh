#!/bin/bash
# Run t, the verifying lease of the compare-exchange and turn changes (a64cfea, with 6d48db4's first
# warm-up of 1.5 s): bench --sort of every sorter (60 runs a case) and torch.sort, a second round of
# both, then bench --frame at 1M, 4M and 16M. From the project root on the GPU machine, $OUT set,
# the Release build in build/release.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 60"
./boids bench --sort $S --json $OUT/bench-sort.json > $OUT/bench-sort.txt 2>&1
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json > $OUT/torch_sort.txt 2>&1
./boids bench --sort --sorters bitonic-transpose,radix,onesweep $S > $OUT/bench-sort-2.txt 2>&1
python3 ../../scripts/torch_sort_bench.py > $OUT/torch_sort-2.txt 2>&1
./boids bench --frame --sizes 1048576,4194304,16777216 --json $OUT/bench-frame.json > $OUT/bench-frame.txt 2>&1
cat $OUT/gpu.txt; grep -E "^(bitonic|counting|radix|onesweep)" $OUT/bench-sort.txt $OUT/bench-sort-2.txt; cat $OUT/torch_sort.txt $OUT/torch_sort-2.txt
grep -E "^frame,|  compute" $OUT/bench-frame.txt | sed "s/drawn.*//" | paste - - | awk '{print $2, $5, $(NF-8)}'
