#!/usr/bin/env bash
# On a machine with a GPU and a built tree (scripts/build.sh): the test suite on that GPU, check,
# every bench with its anchors (torch, CUB), then the docs' GPU pictures and charts
# (scripts/docs.sh gpu). Everything goes to the folder given (default out/gpu-check): a run folder
# as docs/measurements keeps them. Without Xvfb on the machine the window tests cannot run; they
# are excluded by name and the log says so.
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

# Every stage against its CPU reference over the default sweep.
"$boids" check --json "$out/check.json" > "$out/check.txt" 2>&1; echo "check exit code $?" | tee -a "$out/check.txt"
tail -n 4 "$out/check.txt"
# The benches, named as docs/PERFORMANCE.md cites them and scripts/docs.sh charts them.
"$boids" bench --sort --frame --json "$out/sort.json" 2>&1 | tee "$out/sort.txt"
"$boids" bench --scan --compact --reduce --json "$out/primitives.json" 2>&1 | tee "$out/primitives.txt"
"$boids" bench --cull --json "$out/cull.json" 2>&1 | tee "$out/cull.txt"
"$boids" bench --sh --json "$out/sh.json" 2>&1 | tee "$out/sh.txt"
# The references the sorters and scans are held to, in the same run: torch.sort (CUB's radix sort)
# and torch.cumsum (CUB's scan), where PyTorch is.
if python3 -c "import torch; assert torch.cuda.is_available()" 2>/dev/null; then
  python3 "$root/scripts/torch_sort_bench.py" "$out/torch_sort.json" 2>&1 | tee "$out/torch_sort.txt"
  python3 "$root/scripts/torch_scan_bench.py" "$out/torch_scan.json" 2>&1 | tee "$out/torch_scan.txt"
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
    "$out/cub_bench" "$out/cub.json" --bits 32 2>&1 | tee "$out/cub.txt"
    [ "${PIPESTATUS[0]}" = 0 ] || echo "gpu-check: cub_bench failed (above); no CUB anchor in the charts" | tee -a "$out/cub.txt"
  else
    echo "gpu-check: scripts/cub_bench.cu did not build (log: $out/cub_build.log); no CUB anchor in the charts" | tee "$out/cub.txt"
    tail -n 5 "$out/cub_build.log"
  fi
fi

# The docs' GPU pictures (written into docs/images) and the charts of this run, where matplotlib is.
"$root/scripts/docs.sh" gpu "$out" 2>&1 | tee "$out/pictures.txt"
exit "$status"
