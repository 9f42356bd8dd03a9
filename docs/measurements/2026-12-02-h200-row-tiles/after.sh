#!/usr/bin/env bash
# The call behind after/, from the repository root of this build (row tiles of 8 x 8 rows), with
# sh4/ a copy of its shaders/ whose grid/row_tile.h says ROW_TILE_BITS 4u (tiles of 16 x 16 rows).
out="${1:-out/after}"; mkdir -p "$out"
b="$PWD/build/release/boids"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1
timeout 270 build/release/tests/gl_tests --gtest_brief=1 > "$out/gl.txt" 2>&1; echo "gl exit $?" >> "$out/gl.txt"
for nf in 1048576:300 16777216:300 67108864:30; do
  "$b" demo --count "${nf%:*}" --frames "${nf#*:}" > "$out/frame-${nf%:*}.txt" 2>&1
done
for nf in 67108864:30 16777216:300; do
  "$b" demo --count "${nf%:*}" --frames "${nf#*:}" --shader-dir "$PWD/sh4" > "$out/tile16-${nf%:*}.txt" 2>&1
done
"$b" check --stages sort,ranges,neighbours,step --preset murmuration --sizes 1,2,63,65,4097,65537,1000003 \
  > "$out/check-murmuration.txt" 2>&1
"$b" bench --sparse --sizes 1048576,4194304 --json "$out/sparse.json" > "$out/sparse.txt" 2>&1
