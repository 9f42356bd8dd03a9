#!/bin/bash
# Subgroup-local window moves (sub), and low windows read (in) / read and written (inout) straight, against HEAD's bitonic.comp (base).
# The build: b3e8eac with SUBGROUP_BITS defined for bitonic.comp (the C++ at the head of
# bitonic-2026-11-26-variants.patch); the variants: copies of shaders/ whose bitonic.comp is changed as
# that patch says (base: b3e8eac's bitonic.comp). Run on an NVIDIA H100.
cd build/release
E=../../out/exp
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
for v in base sub in inout; do echo "check $v: $(./boids --shader-dir $E/$v/shaders check --stages sort 2>&1 | tail -1)"; done
S="--sizes 65536,262144,1048576,4194304,16777216 --repeats 30"
for i in 1 2; do
  for v in base sub in inout; do
    echo "== $v $i"; ./boids --shader-dir $E/$v/shaders bench --sort $S 2>&1 | grep -E "^bitonic-(transpose|shared)"
  done
done
