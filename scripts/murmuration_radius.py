"""The radius within which a flock's birds have 7 others on average, for timing the metric rule
on the same flock as the topological one (docs/PERFORMANCE.md, "The murmuration"). 4096 birds
sampled with a fixed seed, float64 distances to every bird on the GPU (torch), bisection to 1e-4
of the radius (4096 x n distances: 32 GiB of GPU memory at 1M birds; the walls world, no
wrap-around). usage: murmuration_radius.py FLOCK.npy (as boids demo --save-flock writes it)."""
import sys

import numpy as np
import torch


def radius_with(flock: np.ndarray, others: float = 7.0, samples: int = 4096) -> float:
    p = torch.from_numpy(flock[:, :3].astype(np.float64)).cuda()
    pick = torch.randperm(p.shape[0], generator=torch.Generator().manual_seed(1))[:samples].cuda()
    d = torch.cdist(p[pick], p)  # samples x n
    lo, hi = 0.0, float(d.max())
    while hi - lo > 1e-4 * hi:
        mid = 0.5 * (lo + hi)
        mean = ((d < mid).sum(dim=1).double() - 1).mean().item()  # less the bird itself
        lo, hi = (mid, hi) if mean < others else (lo, mid)
    return hi


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    print("%.4f" % radius_with(np.load(sys.argv[1])))
