#!/usr/bin/env bash
# Installs the Debian 12 packages this project needs, only those that are missing.
# Idempotent and quick when everything is there (one dpkg-query). Needs root or sudo to install.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build pkg-config python3-glad
  # libraries
  libglfw3-dev libglm-dev libimgui-dev libstb-dev libcli11-dev nlohmann-json3-dev libegl-dev libgl-dev
  # tests: GoogleTest, Mesa's software OpenGL (llvmpipe) through EGL, Xvfb and xdotool for the window tests;
  # clang with its sanitizer and libFuzzer runtimes for the sanitize preset
  libgtest-dev libegl-mesa0 libgl1-mesa-dri xvfb xauth xdotool clang libclang-rt-14-dev
  # charts of boids bench --json files (scripts/charts.py, and its end-to-end test)
  python3-matplotlib
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null || { echo "setup: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -q
"${sudo[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
