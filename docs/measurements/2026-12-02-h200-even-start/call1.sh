#!/usr/bin/env bash
mkdir -p /work; [ -e /work/main ] || ln -sfn "$PWD" /work/main; cd /work/main
out="$OUT/c1"; mkdir -p "$out"
b="$PWD/build/release/boids"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1
for nf in 16777216:100 67108864:30; do
  n=${nf%:*}; f=${nf#*:}
  "$b" demo --count $n --frames $f > "$out/base-$n.txt" 2>&1
  "$b" demo --count $n --frames $f --shader-dir "$PWD/.gpu/shB" > "$out/staged-$n.txt" 2>&1
done
"$b" check --stages step --preset murmuration --sizes 1,2,63,65,4097,65537,1000003 --shader-dir "$PWD/.gpu/shB" > "$out/check-staged.txt" 2>&1
V2="--centroid-weight 0.001 --altitude-pull 0.1 --separation-weight 1.0"
for s in 1 2 3; do
  echo "base 1M s$s $("$b" demo --count 1048576 --frames 3000 --seed $s --shape --width 320 --height 180 2>&1 | grep '^shape')" >> "$out/shape.txt"
  echo "C 1M s$s $("$b" demo --count 1048576 --frames 3000 --seed $s --shape --width 320 --height 180 --shader-dir $PWD/.gpu/shC 2>&1 | grep '^shape')" >> "$out/shape.txt"
  echo "V2 1M s$s $("$b" demo --count 1048576 --frames 3000 --seed $s --shape --width 320 --height 180 --shader-dir $PWD/.gpu/shC $V2 2>&1 | grep '^shape')" >> "$out/shape.txt"
done
for v in base C V2; do
  opts=""; [ $v != base ] && opts="--shader-dir $PWD/.gpu/shBC"; [ $v = V2 ] && opts="$opts $V2"
  echo "$v 16M s1 $("$b" demo --count 16777216 --frames 3000 --seed 1 --shape --width 320 --height 180 --shader-dir $PWD/.gpu/shB $opts 2>&1 | grep -E '^shape|^frame ')" >> "$out/shape.txt"
done
cd "$OUT" && tar czf c1.tgz c1 && rm -rf c1
