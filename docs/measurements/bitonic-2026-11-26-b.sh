#!/bin/bash
# Why subgroup-local moves were slower: subgroup IDs alone (subid), subgroupBarrier without the shared
# The same build and variants patch as run a (notile, nopass: b3e8eac's bitonic.comp, changed). H100.
# memory barrier (subbar), the exchange duplicated per barrier kind (subdup); base = HEAD's bitonic.comp.
# notile / nopass: HEAD's with the tile sort / the tile passes returning at once (wrong order: what each costs).
# Then onesweep's intermittent failure: check --stages sort at 4097 repeated.
cd build/release
E=../../out/exp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in subid subbar subdup; do echo "check $v: $(./boids --shader-dir $E/$v/shaders check --stages sort --sizes 1,63,65,4097,65537,1000003 2>&1 | tail -1)"; done
S="--sizes 65536,1048576,16777216 --repeats 30"
for i in 1 2; do
  for v in base sub subid subbar subdup notile nopass; do
    echo "== $v $i"; ./boids --shader-dir $E/$v/shaders bench --sort $S 2>&1 | grep -E "^bitonic-(transpose|shared)"
  done
done
fails=0
for i in $(seq 1 40); do
  ./boids check --stages sort --sizes 4097,65537 --seeds 1,2 > /tmp/c.txt 2>&1
  if grep -q FAIL /tmp/c.txt; then fails=$((fails+1)); grep FAIL /tmp/c.txt | head -5; fi
done
echo "onesweep repro: $fails of 40 check runs had a FAIL"
