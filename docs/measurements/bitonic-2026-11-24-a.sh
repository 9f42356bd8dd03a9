#!/bin/bash
cd build/release
B="./boids bench --sort --sizes 1048576,4194304 --repeats 60"
nvidia-smi --query-gpu=name,driver_version --format=csv > $OUT/a.txt
for r in 1 2; do
echo "== base $r" >> $OUT/a.txt; $B >> $OUT/a.txt 2>&1
echo "== special $r" >> $OUT/a.txt; EXP_SPECIAL=1 EXP_ALL=1 $B >> $OUT/a.txt 2>&1
done
echo "== nobarrier" >> $OUT/a.txt; EXP_NOBARRIER=1 $B >> $OUT/a.txt 2>&1
echo "== special nobarrier" >> $OUT/a.txt; EXP_SPECIAL=1 EXP_ALL=1 EXP_NOBARRIER=1 $B >> $OUT/a.txt 2>&1
for k in 1 2 3 5 8 13; do echo "== passes $k" >> $OUT/a.txt; EXP_PASSES=$k ./boids bench --sort --sizes 1048576 --repeats 60 >> $OUT/a.txt 2>&1; done
for k in 1 2 3 5 8 13; do echo "== special passes $k" >> $OUT/a.txt; EXP_SPECIAL=1 EXP_ALL=1 EXP_PASSES=$k ./boids bench --sort --sizes 1048576 --repeats 60 >> $OUT/a.txt 2>&1; done
