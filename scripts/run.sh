#!/usr/bin/env bash
# Installs what is missing, builds the app (not the tests: scripts/test.sh builds those), and starts
# it. Arguments go to boids (see --help).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" boids
exec "$root/build/release/boids" "$@"
