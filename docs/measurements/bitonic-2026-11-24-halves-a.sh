#!/bin/bash
# Diagnostic: is the bitonic sort's GPU time bounded by CPU submission? busy-ahead vs not; empty passes.
cd build/release
B=../../exp/boids-diag
S="--sizes 65536,262144,1048576,4194304 --repeats 30"
for i in 1 2; do
  echo "== plain $i"; $B bench --sort $S 2>&1 | grep -B1 -E "bitonic-transpose|radix|onesweep" 
  echo "== busy $i"; BUSY_AHEAD=1 $B bench --sort $S 2>&1 | grep -B1 -E "bitonic-transpose|radix|onesweep"
  echo "== empty plain $i"; $B --shader-dir ../../exp/sh-empty/shaders bench --sort $S 2>&1 | grep -B1 -E "bitonic-transpose"
  echo "== empty busy $i"; BUSY_AHEAD=1 $B --shader-dir ../../exp/sh-empty/shaders bench --sort $S 2>&1 | grep -B1 -E "bitonic-transpose"
done
