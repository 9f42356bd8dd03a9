#!/bin/bash
# bitonic-transpose with its shape by size (tiles of 2048 or 4096, 8 or 16 pairs an invocation): bench
# --sort of this build against the build before (out/run/exp-boids with no
# switch set: 4a1072e, tiles of 4096 at every size), alternated twice; torch.sort; then the GPU
# tests and check --stages sort with this build.
cd build/release
N=./boids; B=../../out/run/exp-boids
S="--sizes 4096,16384,65536,262144,1048576,2097152,4194304,8388608,16777216 --repeats 30"
$N bench --sort $S --json $OUT/bench-sort.json > $OUT/bench-sort.txt 2>&1
$B bench --sort $S > $OUT/bench-sort-before.txt 2>&1
$N bench --sort $S > $OUT/bench-sort-rounds-2.txt 2>&1
$B bench --sort $S >> $OUT/bench-sort-rounds-2.txt 2>&1
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json > $OUT/torch_sort.txt 2>&1
for f in bench-sort bench-sort-before bench-sort-rounds-2; do echo "== $f"; grep -E "^bitonic-transpose" $OUT/$f.txt; done; cat $OUT/torch_sort.txt
(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; ctest -j8 -E UnderXvfb 2>&1 | tail -15) > $OUT/ctest.txt
./boids check --stages sort > $OUT/check-sort.txt 2>&1; echo "check rc $?" >> $OUT/check-sort.txt
tail -4 $OUT/ctest.txt; tail -2 $OUT/check-sort.txt; grep FAIL $OUT/check-sort.txt | head
