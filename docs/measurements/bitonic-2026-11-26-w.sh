#!/bin/bash
# Run from the project root on the GPU machine, $OUT set, c8ec565's Release build in build/release.
# Run w: is bitonic-transpose's first case in a process on a fresh machine slow, and why? Repeated
# fresh processes, with and without NVIDIA's shader disk cache (__GL_SHADER_DISK_CACHE=0).
cd build/release
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
echo "cache before: $(ls -d ~/.nv/GLCache ~/.cache/nvidia/GLCache 2>/dev/null; du -s ~/.nv ~/.cache/nvidia 2>/dev/null | tr '\n' ' ')"
S="--sorters bitonic-transpose --sizes 65536,65536,1048576,65536 --repeats 30"
for i in 1 2 3 4 5 6; do echo "== process $i"; ./boids bench --sort $S 2>&1 | grep -E "^bitonic"; done
echo "cache after: $(ls -d ~/.nv/GLCache ~/.cache/nvidia/GLCache 2>/dev/null; du -s ~/.nv ~/.cache/nvidia 2>/dev/null | tr '\n' ' ')"
for i in 1 2 3; do echo "== no disk cache, process $i"; __GL_SHADER_DISK_CACHE=0 ./boids bench --sort $S 2>&1 | grep -E "^bitonic"; done
for i in 1 2; do echo "== every sorter, process $i"; ./boids bench --sort --sizes 65536 --repeats 30 2>&1 | grep -E "^(bitonic|radix|onesweep|counting)"; done
