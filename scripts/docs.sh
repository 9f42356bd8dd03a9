#!/usr/bin/env bash
# Regenerates what the docs show from the program itself, so that none of it goes stale:
#   scripts/docs.sh            docs/GUIDE.md's option reference (boids --help-markdown), the
#                              window's pictures under Xvfb on this machine (llvmpipe is fine),
#                              and docs/LAB.md's figures of each primitive at work (boids watch)
#   scripts/docs.sh watch      those figures only
#   scripts/docs.sh gpu RUN    on a machine with a GPU: the headless pictures the docs take from a
#                              GPU, and the charts of the run in the folder RUN (where matplotlib is)
#   scripts/docs.sh charts RUN the charts of the GPU run in RUN (docs/measurements/...: the bench
#                              JSON sort, primitives, cull and sh, with cub, torch_sort, torch_scan),
#                              the run docs/PERFORMANCE.md's tables come from; GPU named in each
# Needs a built tree (scripts/build.sh); the window part needs xvfb-run, the charts matplotlib.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
boids="$root/build/release/boids"
images="$root/docs/images"
mkdir -p "$images/charts"
# Runs here neither read nor write the user's saved settings.
export XDG_CONFIG_HOME; XDG_CONFIG_HOME="$(mktemp -d)"
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT

guide() {
  local file="$root/docs/GUIDE.md" options
  options="$("$boids" --help-markdown)"
  python3 - "$file" "$options" <<'EOF'
import sys
path, options = sys.argv[1], sys.argv[2]
text = open(path).read()
begin = text.index("\n", text.index("<!-- options:begin")) + 1
end = text.index("<!-- options:end -->")
open(path, "w").write(text[:begin] + options + "\n" + text[end:])
EOF
  echo "docs.sh: docs/GUIDE.md's option reference written"
}

# The window after some frames, with its panel (sections opened by --open): WIDTHxHEIGHT, the PNG,
# then boids' options.
window() {
  local size="$1" out="$2"; shift 2
  xvfb-run -a -s "-screen 0 ${size}x24" "$boids" --defaults --width "${size%x*}" --height "${size#*x}" "$@" \
    --screenshot "$out"
  echo "docs.sh: $out"
}

windows() {
  command -v xvfb-run >/dev/null || { echo "docs.sh: no xvfb-run: the window's pictures are not made"; return; }
  window 1280x720 "$images/app-window.png" --frames 300
  window 1280x1024 "$images/lighting.png" --preset schools --frames 120 --environment sunset --open lighting
  window 1280x720 "$images/cull-levels.png" --preset schools --frames 120 --count 40000 --lod-tint --lod-pixels 7,4 \
    --render-scale 1 --open culling
}

# Steps of one variant's watch (boids watch) into docs/images/watch/STAGE-VARIANT-NN.png: the
# stage, variant, element count and input, then the steps wanted, then any options of boids'.
watch() {
  local stage="$1" variant="$2" n="$3" input="$4" tmp steps=() extra=(); shift 4
  for a in "$@"; do if [[ "$a" == [0-9][0-9] ]] && [ ${#extra[@]} -eq 0 ]; then steps+=("$a"); else extra+=("$a"); fi; done
  tmp="$(mktemp -d)"
  "$boids" watch --stage "$stage" --variant "$variant" --n "$n" --input "$input" --out "$tmp" "${extra[@]}" > /dev/null
  for step in "${steps[@]}"; do cp "$tmp/step-$step.png" "$images/watch/$stage-$variant-$step.png"; done
  rm -rf "$tmp"
  echo "docs.sh: $images/watch/$stage-$variant-*.png"
}

watches() {
  mkdir -p "$images/watch"
  watch reduce tree 200 random 03 05
  watch reduce recursive-multipass 200 random 10
  watch scan reduce-then-scan 100 random 01 02 03
  watch scan decoupled-lookback 100 random 01
  watch compact group-atomic 64 random 01
  watch sort bitonic-global 16 random 05
  watch sort radix 40 random 03
  watch knn octree 12 0,1,2,3,5,8,13,21,34,55,60,63 01 --nearest 4
  watch ranges cells 24 random 05
  watch cull group-atomic 300 random 02
  watch reduce atomic 20 random 01
  watch reduce mipmap 12 random 03
  watch sort bitonic-transpose 100 random 03
  watch sort onesweep 300 random 02
  watch step coherent-27 16 random 07
  watch splat two-32-bit-passes 24 random 02
  watch splat optical-depth-two-32-bit-passes 24 random 02
  watch sh tree 32 random 10
}

gpu() {
  local run="$1" gpu
  gpu="$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -n1 || echo "unknown GPU")"
  echo "docs.sh: pictures on $gpu"
  "$boids" demo --defaults --preset schools --count 16384 --frames 1500 --screenshot "$images/headless-demo.png"
  "$boids" demo --defaults --preset murmuration --frames 1500 --screenshot "$images/preset-murmuration.png"
  "$boids" demo --defaults --preset dense-swarm --frames 1500 --screenshot "$images/preset-dense-swarm.png"
  "$boids" demo --defaults --preset schools --count 1048576 --frames 600 --screenshot "$images/demo-1m-heading.png"
  "$boids" demo --defaults --preset schools --count 1048576 --frames 600 --lod-tint --screenshot "$images/cull-1m-tints.png"
  "$boids" demo --defaults --preset schools --count 16777216 --frames 300 --screenshot "$images/flock-16m.png"
  "$boids" demo --defaults --preset murmuration --count 1048576 --frames 1000 --screenshot "$images/murmuration-1m.png"
  "$boids" demo --defaults --preset murmuration --count 16777216 --frames 1000 --screenshot "$images/murmuration-16m.png"
  # An atomic compaction's order on a GPU, where groups run together (LAB.md, "Compact").
  local tmp; tmp="$(mktemp -d)"
  "$boids" watch --stage compact --variant global-atomic --n 64 --out "$tmp" > /dev/null
  mkdir -p "$images/watch"; cp "$tmp/step-01.png" "$images/watch/compact-global-atomic-gpu-01.png"; rm -rf "$tmp"
  # The splat's one 64-bit atomic a pixel, which llvmpipe lacks (LAB.md, "Splat").
  tmp="$(mktemp -d)"
  "$boids" watch --stage splat --variant one-64-bit-atomic --n 24 --out "$tmp" > /dev/null
  cp "$tmp/step-01.png" "$images/watch/splat-one-64-bit-atomic-gpu-01.png"; rm -rf "$tmp"
  charts "$run"
}

# The charts of a run's bench JSON (sort, primitives, cull, sh), CUB and torch beside where they ran.
charts() {
  local run="$1" python="" refs=()
  for p in python3 /usr/bin/python3; do
    if "$p" -c "import matplotlib" 2>/dev/null; then python="$p"; break; fi
  done
  [ -n "$python" ] || { echo "docs.sh: no python3 with matplotlib here: no charts"; return; }
  for r in torch_sort torch_scan; do [ -f "$run/$r.json" ] && refs+=(--torch "$run/$r.json"); done
  [ -f "$run/cub.json" ] && refs+=(--cub "$run/cub.json")
  for json in sort primitives cull sh; do
    if [ -f "$run/$json.json" ]; then
      "$python" "$root/scripts/charts.py" "$run/$json.json" "${refs[@]}" --out "$images/charts"
    fi
  done
}

case "${1:-}" in
  gpu) gpu "${2:?usage: scripts/docs.sh gpu RUN-FOLDER}" ;;
  charts) charts "${2:?usage: scripts/docs.sh charts RUN-FOLDER}" ;;
  watch) watches ;;
  "") guide; windows; watches
      echo "docs.sh: the headless pictures and the charts come from a GPU: scripts/docs.sh gpu RUN there (scripts/gpu-check.sh calls it)" ;;
  *) echo "usage: scripts/docs.sh [watch | gpu RUN-FOLDER | charts RUN-FOLDER]" >&2; exit 2 ;;
esac
