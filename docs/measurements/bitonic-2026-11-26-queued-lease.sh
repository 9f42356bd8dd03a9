#!/bin/bash
# The session's last lease: bench --sort (60 runs a case) and torch.sort, then bench --frame at 1M, 4M
# and 16M, with f62e4ba (bitonic-transpose's shape by size; torch.sort queued as the sorts are).
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
./boids bench --sort --sizes 65536,262144,1048576,4194304,16777216 --repeats 60 --json $OUT/bench-sort.json > $OUT/bench-sort.txt 2>&1
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json > $OUT/torch_sort.txt 2>&1
./boids bench --frame --sizes 1048576,4194304,16777216 --json $OUT/bench-frame.json > $OUT/bench-frame.txt 2>&1
cat $OUT/gpu.txt; grep -E "^(bitonic-transpose|radix|onesweep)" $OUT/bench-sort.txt; cat $OUT/torch_sort.txt
grep -E "^frame,|  compute" $OUT/bench-frame.txt | sed "s/drawn.*//" | paste - - | awk '{print $2, $5, $(NF-8)}'
