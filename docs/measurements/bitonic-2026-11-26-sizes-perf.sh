#!/bin/bash
# Perf: bench --sort of this build (pass items by size) alternated twice with the build before
# (out/run/base-boids: 3c8fdd5, 16 pairs an invocation at every size), torch.sort, bench --frame.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
B=../../out/run/base-boids
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 60"
./boids bench --sort $S --json $OUT/bench-sort.json > $OUT/bench-sort.txt 2>&1
$B bench --sort $S --json $OUT/bench-sort-before.json > $OUT/bench-sort-before.txt 2>&1
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json > $OUT/torch.txt 2>&1
./boids bench --sort $S > $OUT/bench-sort-2.txt 2>&1
$B bench --sort $S > $OUT/bench-sort-before-2.txt 2>&1
./boids bench --frame --sizes 1048576,4194304,16777216 --json $OUT/bench-frame.json > $OUT/bench-frame.txt 2>&1
cd $OUT && tar czf perf.tgz *.txt *.json && cd - >/dev/null
for f in bench-sort bench-sort-before bench-sort-2 bench-sort-before-2; do echo "== $f"; grep -E "^(bitonic-transpose|radix|onesweep)" $OUT/$f.txt; done; cat $OUT/torch.txt
grep -E "^frame,|  compute" $OUT/bench-frame.txt | sed "s/drawn.*//"
