#!/bin/bash
# Run v, the session's final lease: bitonic-2026-11-26-t.sh again, with c8ec565 (a64cfea's
# compare-exchanges and turns, c8ec565's steps marked; 6d48db4's first warm-up of 1.5 s still in).
exec bash "$(dirname "$0")/bitonic-2026-11-26-t.sh"
