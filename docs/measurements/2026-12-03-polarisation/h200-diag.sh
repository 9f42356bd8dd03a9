# The large flocks' shapes: saved, profiled, and 200k birds of each sent back for pictures.
B="$PWD/build/release/boids"; R=$OUT/d; mkdir -p $R /tmp/f
run() { name=$1; shift; ( cd /tmp/f; timeout 150 $B demo --preset murmuration --shape --width 64 --height 36 --save-flock /tmp/f/$name.npy "$@" > $R/$name.txt 2>&1 ); echo "$name $(grep -h '^shape' $R/$name.txt)"; }
run m1-300 --count 1048576 --frames 300 --seed 1
run m1-1000 --count 1048576 --frames 1000 --seed 1
run m1-3000 --count 1048576 --frames 3000 --seed 1
run sp1-3000 --count 1048576 --frames 3000 --seed 1 --centroid-weight 0.0000375 --roost-pull 0.0025 --altitude-pull 0.00625
run m16-3000 --count 16777216 --frames 3000 --seed 1
python3 docs/measurements/2026-12-03-polarisation/sub.py $R /tmp/f/*.npy
tar czf $OUT/d.tgz -C $OUT d
