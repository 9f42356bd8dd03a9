#!/usr/bin/env python3
"""torch.sort of N int32 keys with their indices (CUB's radix sort underneath), the reference
beside `boids bench --sort`. Keys are drawn like the grid's cell keys: about one cell per 3.8 boids
(0.03056 boids per unit^3, cells of edge 5). Median of 100 runs queued back to back and timed
with CUDA events, after 0.3 s of warm-up (torch_timing.timed). Usage: torch_sort_bench.py [OUT.json]"""
import sys

import torch

from torch_timing import timed, write_rows

SIZES = [65536, 262144, 1048576, 4194304, 16777216]


def main():
    rows = []
    gen = torch.Generator(device="cuda").manual_seed(1)
    for n in SIZES:
        cells = max(1, round(n / (0.03056 * 125)))
        keys = torch.randint(0, cells, (n,), dtype=torch.int32, device="cuda", generator=gen)
        row = {"n": n, "keys": cells, **timed(lambda: torch.sort(keys), warmups=5, runs=100)}
        rows.append(row)
        print(f"torch.sort {n:>10} {row['median_us']:>11.1f} us (min {row['min_us']:.1f})", flush=True)
    write_rows(sys.argv[1] if len(sys.argv) > 1 else None, rows)


if __name__ == "__main__":
    main()
