# The murmuration started at the settled density: shapes and polarisation at 1M and 16M.
B="$PWD/build/release/boids"; R=$OUT/logs; mkdir -p $R /tmp/f
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $R/gpu.txt
run() { name=$1; shift; ( cd /tmp/f; timeout 150 $B demo --preset murmuration --shape --width 64 --height 36 --save-flock /tmp/f/$name.npy "$@" > $R/$name.txt 2>&1 ); echo "$name $(grep -h '^shape' $R/$name.txt)"; }
run m1s1-300 --count 1048576 --frames 300 --seed 1
run keep-m1s1 --count 1048576 --frames 3000 --seed 1
run m1s2 --count 1048576 --frames 3000 --seed 2
run m1s3 --count 1048576 --frames 3000 --seed 3
run keep-m16s1 --count 16777216 --frames 3000 --seed 1
python3 docs/measurements/2026-12-03-polarisation/sub.py $OUT /tmp/f/*.npy | tee $R/profiles.txt
tar czf $OUT/logs.tgz -C $OUT logs
