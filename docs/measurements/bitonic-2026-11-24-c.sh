#!/bin/bash
cd build/release
for r in 1 2; do
echo "== persistent $r" >> $OUT/c.txt; ./boids bench --sort --sizes 1048576,4194304,16777216 --repeats 60 2>&1 | grep -E "bitonic-trans|radix " >> $OUT/c.txt
echo "== multi $r" >> $OUT/c.txt; EXP_MULTI=1 ./boids bench --sort --sizes 1048576,4194304,16777216 --repeats 60 2>&1 | grep -E "bitonic-trans|radix " >> $OUT/c.txt
done
echo "== persistent hoist" >> $OUT/c.txt; EXP_DEFS=EXP_HOIST ./boids bench --sort --sizes 1048576,4194304 --repeats 60 2>&1 | grep -E "bitonic-trans" >> $OUT/c.txt
EXP_DEBUG=1 ./boids check --stages sort --sizes 4097,8193,65537,1000003,4194305 > $OUT/check.txt 2>&1
grep sync $OUT/check.txt | sort | uniq -c >> $OUT/c.txt
grep -c pass $OUT/check.txt >> $OUT/c.txt; grep FAIL $OUT/check.txt >> $OUT/c.txt
