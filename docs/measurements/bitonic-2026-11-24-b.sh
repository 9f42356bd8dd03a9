#!/bin/bash
cd build/release
for ib in 3 4 5; do for d in X EXP_HOIST; do
  echo "== ib $ib $d full" >> $OUT/b.txt
  EXP_ITEM_BITS=$ib EXP_DEFS=$d ./boids bench --sort --sizes 1048576,4194304 --repeats 60 2>&1 | grep bitonic-trans >> $OUT/b.txt
  echo "== ib $ib $d tilesort" >> $OUT/b.txt
  EXP_PASSES=1 EXP_ITEM_BITS=$ib EXP_DEFS=$d ./boids bench --sort --sizes 1048576 --repeats 60 2>&1 | grep bitonic-trans >> $OUT/b.txt
done; done
