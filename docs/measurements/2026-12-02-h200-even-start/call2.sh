#!/usr/bin/env bash
mkdir -p /work; [ -e /work/main ] || ln -sfn "$PWD" /work/main; cd /work/main
out="$OUT/c2"; mkdir -p "$out"
b="$PWD/build/release/boids"
for nf in 16777216:100 67108864:30; do
  n=${nf%:*}; f=${nf#*:}
  "$b" demo --count $n --frames $f --shader-dir "$PWD/.gpu/shB" > "$out/staged-$n.txt" 2>&1
  "$b" demo --count $n --frames $f > "$out/base-$n.txt" 2>&1
done
"$b" check --stages step --preset murmuration --sizes 1,2,63,65,4097,65537,1000003 --shader-dir "$PWD/.gpu/shB" > "$out/check-staged.txt" 2>&1
tmp=/tmp/flocks; mkdir -p $tmp
for f in 300 1000 3000; do
  "$b" demo --count 1048576 --frames $f --seed 1 --shape --width 320 --height 180 --save-flock $tmp/m1-$f.npy --screenshot $out/m1-$f-shot.png > $out/m1-$f.txt 2>&1
  python3 .gpu/look.py $tmp/m1-$f.npy $out/m1-$f.png >> $out/m1-$f.txt 2>&1
done
"$b" demo --count 16777216 --frames 3000 --seed 1 --shape --width 320 --height 180 --shader-dir "$PWD/.gpu/shB" --save-flock $tmp/m16.npy > $out/m16.txt 2>&1
python3 .gpu/look.py $tmp/m16.npy $out/m16.png >> $out/m16.txt 2>&1
cd "$OUT" && tar czf c2.tgz c2 && rm -rf c2
