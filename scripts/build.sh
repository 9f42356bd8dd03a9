#!/usr/bin/env bash
# Configures (once) and builds the Release preset into build/release. Incremental afterwards.
# Arguments name the targets to build (scripts/run.sh builds only the app, boids); none: all of
# them, the tests included.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/release/build.ninja ] || cmake --preset release >/dev/null
if [ "$#" -gt 0 ]; then
  cmake --build --preset release --target "$@"
else
  cmake --build --preset release
fi
