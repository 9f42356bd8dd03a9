"""torch.sort timed two ways in one process, alternated twice: each run synchronized (as
scripts/torch_timing.py does), and every run queued back to back with one synchronize at the end
(as boids bench times its sorts); each after 0.3 s of warm-up."""
import statistics, time, torch

SIZES = [65536, 262144, 1048576, 4194304, 16777216]

def warm(work):
    t = time.time()
    while time.time() - t < 0.3:
        work(); torch.cuda.synchronize()

def synced(work, runs=100):
    times = []
    for _ in range(runs):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); work(); e.record(); torch.cuda.synchronize()
        times.append(s.elapsed_time(e) * 1e3)
    return statistics.median(times), min(times)

def queued(work, runs=100):
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(runs)]
    for s, e in ev:
        s.record(); work(); e.record()
    torch.cuda.synchronize()
    times = [s.elapsed_time(e) * 1e3 for s, e in ev]
    return statistics.median(times), min(times)

gen = torch.Generator(device="cuda").manual_seed(1)
for n in SIZES:
    cells = max(1, round(n / (0.03056 * 125)))
    keys = torch.randint(0, cells, (n,), dtype=torch.int32, device="cuda", generator=gen)
    work = lambda: torch.sort(keys)
    for r in (1, 2):
        warm(work); a = synced(work)
        warm(work); b = queued(work)
        print(f"torch.sort {n:>9} round {r}: synced median {a[0]:7.1f} (min {a[1]:6.1f})  queued median {b[0]:7.1f} (min {b[1]:6.1f})", flush=True)
