#!/bin/bash
# Run v, part 2: bitonic-2026-11-26-t-tests.sh again, with c8ec565.
exec bash "$(dirname "$0")/bitonic-2026-11-26-t-tests.sh"
