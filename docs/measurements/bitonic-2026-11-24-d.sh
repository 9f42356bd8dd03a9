#!/bin/bash
cd build/release
for r in 1 2; do
echo "== persistent ubo $r" >> $OUT/d.txt; ./boids bench --sort --sizes 1048576,4194304,16777216 --repeats 60 2>&1 | grep -E "bitonic-trans" >> $OUT/d.txt
echo "== multi $r" >> $OUT/d.txt; EXP_MULTI=1 ./boids bench --sort --sizes 1048576,4194304,16777216 --repeats 60 2>&1 | grep -E "bitonic-trans" >> $OUT/d.txt
done
EXP_DEBUG=1 ./boids check --stages sort --sizes 4097,65537,1000003 > $OUT/check.txt 2>&1
grep sync $OUT/check.txt | sort | uniq -c >> $OUT/d.txt
grep -c pass $OUT/check.txt >> $OUT/d.txt; grep FAIL $OUT/check.txt >> $OUT/d.txt
