#!/bin/bash
# The session's final lease: bitonic-2026-11-26-last.sh run again, with f62e4ba (the same code as
# 6e66f97; scripts/torch_timing.py now queues torch.sort's runs as boids bench queues its sorts).
exec bash "$(dirname "$0")/bitonic-2026-11-26-last.sh"
