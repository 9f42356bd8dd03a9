#!/bin/bash
# Chained dispatches (no glMemoryBarrier between bitonic-transpose's dispatches): "full", each group waits
# until every group of the dispatch before is done; "flow", only for the 2^k groups that wrote its pairs
# (a done count per set of them). Against the plain build; torch.sort in the same lease.
# The build: cee9ac9 with Bitonic::chained_ read from the environment instead of the driver
# (BOIDS_BITONIC_CHAINED set: chained; "full": planBitonicChain with no shared bits, one count a dispatch).
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for m in full flow; do echo "check $m: $(BOIDS_BITONIC_CHAINED=$m ./boids check --stages sort 2>&1 | tee /tmp/c.txt | tail -1)"; grep FAIL /tmp/c.txt | head -5; done
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  echo "== plain $i"; ./boids bench --sort $S 2>&1 | grep -E "^(bitonic-transpose|onesweep|radix)"
  for m in full flow; do
    echo "== $m $i"; BOIDS_BITONIC_CHAINED=$m ./boids bench --sort $S 2>&1 | grep -E "^(bitonic-transpose)"
  done
done
python3 ../../scripts/torch_sort_bench.py $OUT/torch_sort.json 2>&1 | tail -5
