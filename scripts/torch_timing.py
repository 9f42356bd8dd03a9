"""What the torch reference benchmarks share: a median over CUDA-event-timed runs, and the JSON
they write beside `boids bench`'s."""
import json
import statistics

import torch


def timed(work, warmups=10, runs=200):
    """Median and minimum in microseconds of `runs` calls of `work`, each between two CUDA events."""
    for _ in range(warmups):
        work()
    times = []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        work()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end) * 1e3)
    return {"median_us": statistics.median(times), "min_us": min(times)}


def write_rows(path, rows):
    """The rows with the torch version and the device, as JSON at `path` (nothing when None)."""
    if path is None:
        return
    with open(path, "w") as f:
        json.dump({"torch": torch.__version__, "device": torch.cuda.get_device_name(0), "rows": rows}, f, indent=1)
