#!/bin/bash
# onesweep's intermittent failure: its look-back with SPIN_LIMIT 1 and 4 (a silent predecessor counted
# from its inputs after 1 or 4 polls, so the fallback runs often, beside published counts), full
# check --stages sort three times each, then the failing case alone 20 times with SPIN_LIMIT 1.
# The build: cee9ac9; s1, s4: copies of shaders/ whose radix.comp redefines SPIN_LIMIT after its defaults. H100.
cd build/release
E=../../out/exp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in s1 s4; do for i in 1 2 3; do
  echo "check $v $i: $(./boids --shader-dir $E/$v/shaders check --stages sort 2>&1 | tee /tmp/c.txt | tail -1)"; grep FAIL /tmp/c.txt | head -5
done; done
fails=0
for i in $(seq 1 20); do
  ./boids --shader-dir $E/s1/shaders check --stages sort --sizes 4097 --seeds 2 > /tmp/c.txt 2>&1
  if grep -q FAIL /tmp/c.txt; then fails=$((fails+1)); grep FAIL /tmp/c.txt | head -3; fi
done
echo "4097 seed 2 with SPIN_LIMIT 1: $fails of 20 had a FAIL"
