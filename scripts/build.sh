#!/usr/bin/env bash
# Configures (once) and builds the Release preset into build/release. Incremental afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -f build/release/build.ninja ] || cmake --preset release >/dev/null
cmake --build --preset release
