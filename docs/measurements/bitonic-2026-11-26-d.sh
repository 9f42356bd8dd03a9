#!/bin/bash
# Chained dispatches, done counts on their own 128-byte lines: ch1 every invocation fences before the
# group's barrier and count; ch2 one fence by the counting invocation after the barrier; chN ch2 with no
# wait at all (a wrong order: what the waits cost); against the plain build (no CHAINED).
# The build: bitonic-2026-11-26-chained-one-count.patch on b3e8eac, counts 32 uints apart; the
# variants: copies of shaders/ changed as bitonic-2026-11-26-chained-one-count.patch says.
cd build/release
E=../../out/exp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in ch1 ch2; do echo "check $v: $(BOIDS_BITONIC_CHAINED=1 ./boids --shader-dir $E/$v/shaders check --stages sort 2>&1 | tee /tmp/c.txt | tail -1)"; grep FAIL /tmp/c.txt | head -5; done
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  echo "== plain $i"; ./boids bench --sort $S 2>&1 | grep -E "^(bitonic-transpose|onesweep)"
  for v in ch1 ch2 chN; do
    echo "== $v $i"; BOIDS_BITONIC_CHAINED=1 ./boids --shader-dir $E/$v/shaders bench --sort $S 2>&1 | grep -E "^(bitonic-transpose)"
  done
done
