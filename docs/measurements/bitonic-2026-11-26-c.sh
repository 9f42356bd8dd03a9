#!/bin/bash
# Chained dispatches (BOIDS_BITONIC_CHAINED: no glMemoryBarrier between bitonic-transpose's dispatches,
# The build: bitonic-2026-11-26-chained-one-count.patch on b3e8eac plus cabda29's detail. H100.
# each group waits on a done count of the dispatch before) against the plain build; torch.sort; then
# onesweep's intermittent failure, full check --stages sort repeated with the first difference reported.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "check chained: $(BOIDS_BITONIC_CHAINED=1 ./boids check --stages sort 2>&1 | tee /tmp/cc.txt | tail -1)"; grep FAIL /tmp/cc.txt | head
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  echo "== plain $i"; ./boids bench --sort $S 2>&1 | grep -E "^(bitonic-transpose|radix|onesweep)"
  echo "== chained $i"; BOIDS_BITONIC_CHAINED=1 ./boids bench --sort $S 2>&1 | grep -E "^(bitonic-transpose)"
done
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json 2>&1 | tail -8
for i in 1 2 3 4; do
  echo "onesweep hunt $i: $(./boids check --stages sort 2>&1 | tee /tmp/c.txt | tail -1)"; grep FAIL /tmp/c.txt | head -5
done
