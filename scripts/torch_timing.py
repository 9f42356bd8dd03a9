"""What the torch reference benchmarks share: a median over CUDA-event-timed runs, and the JSON
they write beside `boids bench`'s."""
import json
import statistics
import time

import torch

# As `boids bench` (gl::warmUp, kClockWarmUp): the work untimed for this long first, so that the
# GPU's clocks have risen before anything is timed.
CLOCK_WARM_UP_S = 0.3


def timed(work, warmups=10, runs=200):
    """Median and minimum in microseconds of `runs` calls of `work`, each between two CUDA events.

    The runs are queued back to back and synchronized once at the end, as `boids bench` queues its
    GL work between timestamp queries. Synchronizing after every run would let the host's launch
    gaps into the GPU time (commit b342657)."""
    start = time.monotonic()
    done = 0
    while done < warmups or time.monotonic() - start < CLOCK_WARM_UP_S:
        work()
        torch.cuda.synchronize()
        done += 1
    events = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(runs)]
    for begin, end in events:
        begin.record()
        work()
        end.record()
    torch.cuda.synchronize()
    times = [begin.elapsed_time(end) * 1e3 for begin, end in events]
    return {"median_us": statistics.median(times), "min_us": min(times)}


def write_rows(path, rows):
    """The rows with the torch version and the device, as JSON at `path` (nothing when None)."""
    if path is None:
        return
    with open(path, "w") as f:
        json.dump({"torch": torch.__version__, "device": torch.cuda.get_device_name(0), "rows": rows}, f, indent=1)
