#!/usr/bin/env bash
# Installs what is missing, builds, and runs the whole test suite: unit, GL on a headless EGL
# context, end-to-end headless and under Xvfb (Release build); then the CPU-side tests again under
# AddressSanitizer + UndefinedBehaviorSanitizer, and the preset and command-line parsers fuzzed for
# a bounded time (clang, libFuzzer; the sanitize preset). Arguments go to the first ctest (e.g.
# -R gl. to filter); BOIDS_SKIP_SANITIZE=1 leaves the sanitizer pass out.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh"
cd "$root"
ctest --preset release -j "$(nproc)" "$@"

if [ "${BOIDS_SKIP_SANITIZE:-0}" != 1 ]; then
  [ -f build/sanitize/build.ninja ] || cmake --preset sanitize >/dev/null
  cmake --build --preset sanitize
  ctest --preset sanitize -j "$(nproc)"
fi
