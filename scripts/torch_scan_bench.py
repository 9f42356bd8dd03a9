#!/usr/bin/env python3
"""torch.cumsum of N int32 values (CUB's scan underneath) and a clone of them (a streaming copy),
the references beside `boids bench --scan`. Values are small (0 to 7) like the counts and flags a
scan sums; cumsum is inclusive where ours is exclusive, the same traffic. Median of 200 runs queued
back to back and timed with CUDA events, after 0.3 s of warm-up (torch_timing.timed). Usage:
torch_scan_bench.py [OUT.json]"""
import sys

import torch

from torch_timing import timed, write_rows

SIZES = [65536, 1048576, 4194304, 16777216]


def main():
    rows = []
    gen = torch.Generator(device="cuda").manual_seed(1)
    for n in SIZES:
        values = torch.randint(0, 8, (n,), dtype=torch.int32, device="cuda", generator=gen)
        for name, work in (("torch.cumsum", lambda: torch.cumsum(values, 0, dtype=torch.int32)),
                           ("torch.clone", lambda: values.clone())):
            row = {"op": name, "n": n, **timed(work)}
            rows.append(row)
            print(f"{name:<13} {n:>10} {row['median_us']:>9.1f} us (min {row['min_us']:.1f})", flush=True)
    write_rows(sys.argv[1] if len(sys.argv) > 1 else None, rows)


if __name__ == "__main__":
    main()
