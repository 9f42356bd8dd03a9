#!/bin/bash
# torch.sort and torch.cumsum with the references' timing queued back to back (scripts/torch_timing.py
# after 2026-11-26), beside bench --sort of 6e66f97 in the same lease.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
./boids bench --sort --sizes 65536,262144,1048576,4194304,16777216 --repeats 60 --json $OUT/bench-sort.json > $OUT/bench-sort.txt 2>&1
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json > $OUT/torch_sort.txt 2>&1
python3 ../../scripts/torch_scan_bench.py $OUT/torch_scan.json > $OUT/torch_scan.txt 2>&1
cat $OUT/gpu.txt; grep -E "^(bitonic-transpose|radix|onesweep)" $OUT/bench-sort.txt; cat $OUT/torch_sort.txt $OUT/torch_scan.txt
