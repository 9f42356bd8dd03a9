#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite (unit, GL on a headless EGL
# context, end-to-end headless and under Xvfb). Arguments go to ctest (e.g. -R gl. to filter).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
cd "$root"
ctest --preset release -j "$(nproc)" "$@"
