#!/usr/bin/env bash
# On a machine with a GPU and a built tree: the measurements behind docs/PERFORMANCE.md's "The
# murmuration" and "The murmuration's far field", into the folder given (a run folder as
# docs/measurements keeps them):
#   frame-N.txt        the preset's start, N = 1M, 16M (300 frames), 64M (30 frames)
#   cover-M-N.txt      the far field M (optical-depth, nearest) from the ground on a flat
#                      background, 1000 frames, with the cover measure, N = 1M and 16M
#   same-flock-R.txt   the 1M flock after 3000 frames, 300 more frames by rule R: topological,
#                      and metric within the radius that holds 7 others on average (radius.txt)
#   cis565.txt         the CIS 565 scenario's frame at 1M, 4M, 16M (radix sort)
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:?usage: scripts/murmuration-gpu.sh OUT-FOLDER}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
boids="$root/build/release/boids"
cd "$out"  # each demo's own picture (boids-demo.png) lands here
lines='^(step|reorder|render|render/far|render/splat resolve|frame) '

nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > "$out/gpu.txt" 2>&1
for n in 1048576 16777216 67108864; do
  frames=$([ "$n" -gt 20000000 ] && echo 30 || echo 300)
  "$boids" demo --count "$n" --frames "$frames" > "$out/frame-$n.txt" 2>&1
  echo "frame n=$n:"; grep -E "$lines" "$out/frame-$n.txt"
done
for n in 1048576 16777216; do
  for m in optical-depth nearest; do
    "$boids" demo --count "$n" --frames 1000 --environment constant --no-ground --cover --far-field "$m" \
      > "$out/cover-$m-$n.txt" 2>&1
    echo "far field $m n=$n:"; grep -E "^cover:|render/far|render/splat resolve" "$out/cover-$m-$n.txt"
  done
done
flock="$out/flock-1m.npy"
"$boids" demo --count 1048576 --frames 3000 --shape --save-flock "$flock" > "$out/flock-1m.txt" 2>&1
radius="$(python3 "$root/scripts/murmuration_radius.py" "$flock")" ||
  { echo "murmuration-gpu.sh: no metric radius (scripts/murmuration_radius.py needs torch on a GPU)"; exit 1; }
echo "$radius" > "$out/radius.txt"
"$boids" demo --load-flock "$flock" --frames 300 > "$out/same-flock-topological.txt" 2>&1
"$boids" demo --load-flock "$flock" --frames 300 --rule metric --separation-radius 0.25 \
  --alignment-radius "$radius" --cohesion-radius "$radius" > "$out/same-flock-metric.txt" 2>&1
rm -f "$flock"
echo "same 1M flock (metric radius $radius):"; grep -H "^step " "$out"/same-flock-*.txt
"$boids" bench --frame --sizes 1048576,4194304,16777216 --sorters radix > "$out/cis565.txt" 2>&1
grep -E "^ +[0-9]+ radix" "$out/cis565.txt"
