#!/usr/bin/env bash
# On a machine with a GPU and a built tree (scripts/build.sh): the test suite on that GPU, then the
# headless demo over several flock sizes. Logs and screenshots go to the folder given (default
# out/gpu-check). Without Xvfb on the machine the window test cannot run; it is excluded by name
# and the log says so.
set -uo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="${1:-$root/out/gpu-check}"
mkdir -p "$out"
boids="$root/build/release/boids"
cd "$root"

{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,memory.total --format=csv 2>/dev/null || true; } > "$out/ctest.log"
exclude=()
if ! command -v xvfb-run >/dev/null; then
  echo "gpu-check: no xvfb-run here: the window tests (*UnderXvfb*) excluded" | tee -a "$out/ctest.log"
  exclude=(-E 'UnderXvfb')
fi
ctest --test-dir build/release -j 4 --output-on-failure "${exclude[@]}" 2>&1 | tee -a "$out/ctest.log" | tail -n 15
status=${PIPESTATUS[0]}

# The reduction lab: every strategy against the CPU over the default sweep, then the benchmark.
{ "$boids" check --json "$out/check.json"; echo "check exit code $?"; } >> "$out/ctest.log" 2>&1
tail -n 3 "$out/ctest.log"
"$boids" bench --reduce --sort --frame --json "$out/bench.json" --csv "$out/bench.csv" 2>&1 | tee "$out/bench.txt"
"$boids" bench --scan --compact --json "$out/primitives.json" 2>&1 | tee "$out/primitives.txt"
# Culling and levels of detail: the pass per compaction variant, drawing with and without it.
"$boids" bench --cull --json "$out/cull.json" 2>&1 | tee "$out/cull.txt"
# Image-based lighting: the spherical-harmonics projection, every variant and layout against the
# CPU, then timed beside the CPU projections.
{ "$boids" check --stages sh --json "$out/check-sh.json"; echo "check --stages sh exit code $?"; } > "$out/check-sh.txt" 2>&1
tail -n 3 "$out/check-sh.txt"
"$boids" bench --sh --json "$out/sh.json" 2>&1 | tee "$out/sh.txt"
# The references the sorters and scans are held to, in the same run: torch.sort (CUB's radix sort)
# and torch.cumsum (CUB's scan), where PyTorch is.
if python3 -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; then
  python3 "$root/scripts/torch_sort_bench.py" "$out/torch_sort.json" 2>&1 | tee -a "$out/bench.txt"
  python3 "$root/scripts/torch_scan_bench.py" "$out/torch_scan.json" 2>&1 | tee -a "$out/primitives.txt"
fi
# And CUB itself (scripts/cub_bench.cu: its radix sort over the grid's key bits and over all 32, its
# exclusive scan), where nvcc is: built for this GPU (-arch=native where that nvcc knows it), so
# that CUB runs with its own tuning for it. A failed build is logged and the check goes on.
rm -f "$out/cub_bench" "$out/cub.json"  # none left from an earlier run to chart as this one's
nvcc_bin="$(command -v nvcc || true)"
[ -z "$nvcc_bin" ] && [ -x /usr/local/cuda/bin/nvcc ] && nvcc_bin=/usr/local/cuda/bin/nvcc
if [ -n "$nvcc_bin" ]; then
  cub_build=("$nvcc_bin" -O3 -std=c++17 -o "$out/cub_bench" "$root/scripts/cub_bench.cu")
  { echo "${cub_build[*]} -arch=native"; "${cub_build[@]}" -arch=native; } > "$out/cub_build.log" 2>&1 ||
    { echo "${cub_build[*]}"; "${cub_build[@]}"; } >> "$out/cub_build.log" 2>&1
  if [ -x "$out/cub_bench" ]; then
    "$out/cub_bench" "$out/cub.json" --bits 32 2>&1 | tee -a "$out/bench.txt"
    [ "${PIPESTATUS[0]}" = 0 ] || echo "gpu-check: cub_bench failed (above); no CUB anchor in the charts" | tee -a "$out/bench.txt"
  else
    echo "gpu-check: scripts/cub_bench.cu did not build (log: $out/cub_build.log); no CUB anchor in the charts" | tee -a "$out/bench.txt"
    tail -n 5 "$out/cub_build.log"
  fi
fi

# Charts of the benches (time against size, log-log, with the floors, torch and CUB), where matplotlib is.
if python3 -c "import matplotlib" 2>/dev/null; then
  torch_sort=(); [ -f "$out/torch_sort.json" ] && torch_sort=(--torch "$out/torch_sort.json")
  torch_scan=(); [ -f "$out/torch_scan.json" ] && torch_scan=(--torch "$out/torch_scan.json")
  cub=(); [ -f "$out/cub.json" ] && cub=(--cub "$out/cub.json")
  python3 "$root/scripts/charts.py" "$out/bench.json" "${torch_sort[@]}" "${cub[@]}" --out "$out/charts"
  python3 "$root/scripts/charts.py" "$out/primitives.json" "${torch_scan[@]}" "${cub[@]}" --out "$out/charts"
  python3 "$root/scripts/charts.py" "$out/cull.json" --out "$out/charts"
  python3 "$root/scripts/charts.py" "$out/sh.json" --out "$out/charts"
fi

# Timing medians over 300 frames per size; a screenshot of the largest only.
for n in ${DEMO_SIZES:-4096 16384 65536}; do
  "$boids" demo --count "$n" --frames 300 --screenshot "$out/demo-$n.png" 2>&1 | tee "$out/demo-$n.txt"
  [ "$n" = 65536 ] && [ "${KEEP_SCREENSHOT:-1}" = 1 ] || rm -f "$out/demo-$n.png"
done
exit "$status"
