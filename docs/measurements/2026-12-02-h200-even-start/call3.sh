#!/usr/bin/env bash
mkdir -p /work; [ -e /work/main ] || ln -sfn "$PWD" /work/main; cd /work/main
out="$OUT/c3"; mkdir -p "$out"
b="$PWD/build/release/boids"
tmp=/tmp/flocks; mkdir -p $tmp
# pulls x spacingScale: 1M 0.25, 16M 0.1 (preset: centroid 0.0003, altitude 0.05, roost 0.02, attractor 0.05)
opts() { python3 -c "s=$1; print('--centroid-weight %g --altitude-pull %g --roost-pull %g --attractor-strength %g' % (0.0003*s, 0.05*s, 0.02*s, 0.05*s))"; }
for n in 1048576 16777216; do
  scale=$(python3 -c "print((16384/$n)**(1/3))")
  seeds="1 2 3"; [ $n = 16777216 ] && seeds="1"
  for v in scaled scaledsep; do
    o=""; [ $v != base ] && o="$(opts $scale)"; [ $v = scaledsep ] && o="$o --separation-weight 1.0"
    for s in $seeds; do
      "$b" demo --count $n --frames 3000 --seed $s --shape --width 320 --height 180 $o --save-flock $tmp/f.npy > $tmp/o.txt 2>&1
      echo "$v n=$n s=$s | $o | $(grep -E '^shape' $tmp/o.txt)" >> $out/shape.txt
      [ $s = 1 ] && python3 .gpu/look.py $tmp/f.npy $out/$v-$n.png >> $out/shape.txt 2>&1
    done
  done
done
cd "$OUT" && tar czf c3.tgz c3 && rm -rf c3
