#!/bin/bash
# This session's final lease, part 2: bench --sort with the chained bitonic-transpose, beside the build
# before it (out/base-boids: b3e8eac, dispatches with barriers) alternated twice, and torch.sort.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu-bench.txt
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 60"
./boids bench --sort $S --json $OUT/bench-sort.json > $OUT/bench-sort.txt 2>&1
../../out/base-boids bench --sort $S --json $OUT/bench-sort-before.json > $OUT/bench-sort-before.txt 2>&1
./boids bench --sort $S > $OUT/bench-sort-2.txt 2>&1
../../out/base-boids bench --sort $S > $OUT/bench-sort-before-2.txt 2>&1
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json > $OUT/torch.txt 2>&1
for f in bench-sort bench-sort-before bench-sort-2 bench-sort-before-2; do echo "== $f"; grep -E "^(bitonic|radix|onesweep|counting)" $OUT/$f.txt; done; cat $OUT/torch.txt
