#!/usr/bin/env bash
# The A/B of this folder, from the repository root of the build before row tiles (33e062e..05c5c86),
# with sh2/ and sh3/ copies of its shaders/ whose grid/grid_cells.glsl rowKey() hashes tiles of
# 2^T x 2^T rows (T = 2, 3) as grid/row_tile.h now does: boids demo (preset murmuration) at 16M
# (100 frames) and 64M (30 frames, two rounds), each variant through --shader-dir.
out="${1:-out/tile}"; mkdir -p "$out"
b="$PWD/build/release/boids"
nvidia-smi --query-gpu=name,driver_version --format=csv > "$out/gpu.txt" 2>&1
run() { # name count frames [shader folder]
  local dir=(); [ -n "${4:-}" ] && dir=(--shader-dir "$PWD/$4")
  timeout 150 "$b" demo --count "$2" --frames "$3" "${dir[@]}" > "$out/$1-$2.txt" 2>&1
  grep -E '^(hash|sort|ranges|reorder|step|frame) ' "$out/$1-$2.txt"
}
for v in base sh2 sh3; do run $v 16777216 100 $([ $v = base ] || echo $v); done
for v in base sh2 sh3; do run $v 67108864 30 $([ $v = base ] || echo $v); done
for v in sh3 base; do run $v-2 67108864 30 $([ $v = base ] || echo $v); done
