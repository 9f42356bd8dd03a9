#!/usr/bin/env python3
"""torch.sort of N int32 keys with their indices (CUB's radix sort underneath), the reference
beside `boids bench --sort`. Keys are drawn like the grid's cell keys: about one cell per 3.8 boids
(0.03056 boids per unit^3, cells of edge 5). Median of 100 runs timed with CUDA events, after
5 warm-ups. Usage: torch_sort_bench.py [OUT.json]"""
import json
import statistics
import sys

import torch

SIZES = [65536, 262144, 1048576, 4194304, 16777216]


def main():
    rows = []
    gen = torch.Generator(device="cuda").manual_seed(1)
    for n in SIZES:
        cells = max(1, round(n / (0.03056 * 125)))
        keys = torch.randint(0, cells, (n,), dtype=torch.int32, device="cuda", generator=gen)
        for _ in range(5):
            torch.sort(keys)
        times = []
        for _ in range(100):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            torch.sort(keys)
            end.record()
            torch.cuda.synchronize()
            times.append(start.elapsed_time(end) * 1e3)  # microseconds
        row = {"n": n, "keys": cells, "median_us": statistics.median(times), "min_us": min(times)}
        rows.append(row)
        print(f"torch.sort {n:>10} {row['median_us']:>11.1f} us (min {row['min_us']:.1f})", flush=True)
    doc = {"torch": torch.__version__, "device": torch.cuda.get_device_name(0), "rows": rows}
    if len(sys.argv) > 1:
        with open(sys.argv[1], "w") as f:
            json.dump(doc, f, indent=1)


if __name__ == "__main__":
    main()
