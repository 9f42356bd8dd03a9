# The murmuration without its bird of prey at 1M and 16M (and from a start at the settled density).
B="$PWD/build/release/boids"; R=$OUT/logs; mkdir -p $R /tmp/f
python3 docs/measurements/2026-12-03-polarisation/gen.py 1048576 0.8 0.3 /tmp/f/start-1m.npy
python3 docs/measurements/2026-12-03-polarisation/gen.py 16777216 0.8 0.3 /tmp/f/start-16m.npy
run() { name=$1; shift; ( cd /tmp/f; timeout 150 $B demo --preset murmuration --shape --width 64 --height 36 --save-flock /tmp/f/$name.npy "$@" > $R/$name.txt 2>&1 ); echo "$name $(grep -h '^shape' $R/$name.txt)"; }
run off-m1 --count 1048576 --frames 3000 --seed 1 --attractor off
run off-m16 --count 16777216 --frames 3000 --seed 1 --attractor off
run offtight-m1 --count 1048576 --frames 3000 --seed 1 --attractor off --load-flock /tmp/f/start-1m.npy
run offtight-m16 --count 16777216 --frames 3000 --seed 1 --attractor off --load-flock /tmp/f/start-16m.npy
tar czf $OUT/logs.tgz -C $OUT logs
