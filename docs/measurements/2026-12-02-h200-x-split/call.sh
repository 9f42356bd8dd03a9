#!/usr/bin/env bash
mkdir -p /work; [ -e /work/main ] || ln -sfn "$PWD" /work/main; cd /work/main
out="$OUT/xs"; mkdir -p "$out"; b="$PWD/build/release/boids"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $out/gpu.txt
line() { grep -E '^(sort|ranges|reorder|step|render|frame) ' "$1" | awk '{printf "%s %s  ", $1, $2}'; }
run() { # name n frames shader-copy cell
  local f=$out/last.txt sd=""
  [ "$4" != base ] && sd="--shader-dir .gpu/sh/$4/shaders"
  local t0=$(date +%s)
  env ${5:+BOIDS_CELL=$5} timeout 200 $b demo --count $2 --frames $3 $sd > $f 2>&1; rc=$?
  echo "$1 n=$2 sh=$4 cell=${5:-table} rc=$rc $(( $(date +%s) - t0 ))s | $(line $f)" >> $out/ab.txt
}
n=16777216
run base $n 300 base; run x2 $n 300 x2; run x3 $n 300 x3; run x4 $n 300 x4
run x3 $n 300 x3 1.5; run x4 $n 300 x4 1.6; run x2 $n 300 x2 1.4; run base $n 300 base
cp $out/ab.txt $OUT/ab-partial.txt
n=67108864
run base $n 30 base; run x3 $n 30 x3; run x2 $n 30 x2; run x3 $n 30 x3 1.3; run x4 $n 30 x4 1.4
cp $out/ab.txt $OUT/ab-partial.txt
n=1048576
run base $n 300 base; run x3 $n 300 x3; run x3 $n 300 x3 1.7
BOIDS_HASHED=1 timeout 150 $b check --stages step --preset murmuration --shader-dir .gpu/sh/x3/shaders > $out/check-x3.txt 2>&1
cd "$OUT" && tar czf xs.tgz xs && rm -rf xs
