#!/bin/bash
# The third session of 2026-11-26, its verifying lease: bitonic-2026-11-26-t.sh and then
# bitonic-2026-11-26-t-tests.sh again, with 211bdb5 (the code of c8ec565; comments and docs since).
bash "$(dirname "$0")/bitonic-2026-11-26-t.sh" && bash "$(dirname "$0")/bitonic-2026-11-26-t-tests.sh"
