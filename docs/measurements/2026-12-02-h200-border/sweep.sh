# Run from the repository root with build/release built; OUT: the folder the results go to.
B=build/release/boids
S=$OUT/shape.txt
run() {  # name count seed frames opts...
  local name=$1 n=$2 seed=$3 f=$4; shift 4
  local t0=$(date +%s.%N)
  local line=$(timeout 200 $B demo --preset murmuration --count $n --seed $seed --frames $f --width 320 --height 180 --shape "$@" 2>&1 | grep -E "^shape:|rror" | head -2 | tr '\n' ' ')
  local t1=$(date +%s.%N)
  printf "%-10s n=%-9s s=%s f=%s %5.1fs | %s | %s\n" "$name" "$n" "$seed" "$f" "$(awk "BEGIN{print $t1 - $t0}")" "$*" "$line" | tee -a $S
}
# scale factor s = cbrt(16384/n); scaled body forces: centroid .0003 roost .02 altitude .05 attractor .05
sc() { python3 -c "import sys; s=(16384/$1)**(1/3); print(f'--centroid-weight {0.0003*s*$2:.7f} --roost-pull {0.02*s:.6f} --altitude-pull {0.05*s*$3:.6f} --attractor-strength {0.05*s:.6f}')"; }
for seed in 1 2; do
  run base 16384 $seed 3000
  run alt.5 16384 $seed 3000 --altitude-pull 0.025
  run alt.25 16384 $seed 3000 --altitude-pull 0.0125
  run cen0 16384 $seed 3000 --centroid-weight 0
  run coh.04 16384 $seed 3000 --cohesion-weight 0.04
  run coh.08 16384 $seed 3000 --cohesion-weight 0.08
  run sep1 16384 $seed 3000 --separate-from 1
  run roost.5 16384 $seed 3000 --roost-pull 0.01
  run a.5c0 16384 $seed 3000 --altitude-pull 0.025 --centroid-weight 0
  run a.25c0h8 16384 $seed 3000 --altitude-pull 0.0125 --centroid-weight 0 --cohesion-weight 0.08
done
for seed in 1 2; do
  run base 1048576 $seed 3000
  run scaled 1048576 $seed 3000 $(sc 1048576 1 1)
  run scaled-a.5c0 1048576 $seed 3000 $(sc 1048576 0 0.5)
done
run base 16777216 1 3000
run scaled 16777216 1 3000 $(sc 16777216 1 1)
