#!/bin/bash
# Run z (2026-11-26, the third session of the day): the greater of a pair as a + c - low (word by word, or in 64
# bits) instead of a ^ c ^ low, and a turn as 0xffffffff - x word by word instead of ~x: whether
# the adds go to another pipe than the XORs. Shader folders by --shader-dir, alternated twice.
# The variants: bitonic-2026-11-26-z-variants.diff.txt, each applied to a copy of shaders/ in out/exp/<name>/shaders.
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
S="--sorters bitonic-transpose --sizes 65536,1048576,4194304,16777216 --repeats 30"
./boids bench --sort --sorters bitonic-transpose --sizes 65536 --repeats 30 >/dev/null 2>&1
for i in 1 2; do
  for v in base add32 add64 add32t; do
    if [ $v = base ]; then D=../../shaders; else D=../../out/exp/$v/shaders; fi
    echo "== $v, round $i"; ./boids --shader-dir $D bench --sort $S 2>&1 | grep -E "^bitonic"
  done
done
for v in add32 add32t; do
  echo "== check $v: $(./boids --shader-dir ../../out/exp/$v/shaders check --stages sort --sizes 1,63,65,4097,65537,1000003,16777216 2>&1 | tail -1)"
done
