# shapes.py: the border-to-core density of --shape (engine/verify/flock_shape.cpp) for birds spread
# evenly (uniform random, seed 1) through ideal shapes 9 x 3 x 8 wide: an ellipsoid, and discs
# whose thickness falls from the middle to the rim as (1 - rho^2)^power (rho: the distance from the
# vertical axis over the disc's radius; power 0.5 is the ellipsoid's profile, 0 a flat slab).
import numpy as np

def border_to_core(p):
    d = p - p.mean(0)
    w, v = np.linalg.eigh(np.cov(d.T))
    r = np.linalg.norm((d @ v) / np.sqrt(w), axis=1)
    r99 = np.sort(r)[int(0.99 * len(r))]
    core = (r < 0.5 * r99).sum() / (0.5 * r99) ** 3
    shell = ((r >= 0.8 * r99) & (r <= r99)).sum() / (r99 ** 3 - (0.8 * r99) ** 3)
    return shell / core

rng = np.random.default_rng(1)

def disc(n, power, radius=8.5, half=3.0):
    out = np.empty((0, 3))
    while len(out) < n:
        x, y, z = rng.uniform(-radius, radius, n), rng.uniform(-half, half, n), rng.uniform(-radius, radius, n)
        rho = np.hypot(x, z) / radius
        keep = (rho <= 1) & (np.abs(y) <= half * np.clip(1 - rho ** 2, 0, None) ** power)
        out = np.vstack([out, np.stack([x, y, z], 1)[keep]])
    return out[:n]

for n in (2048, 16384, 1048576):
    print("n=%d" % n, " ".join("power %g: %.2f" % (pw, border_to_core(disc(n, pw))) for pw in (0.5, 1.0, 0.25, 0.0)))

# How far chance moves it: the ellipsoid's over 50 draws of each count.
for n in (2048, 16384):
    v = np.array([border_to_core(disc(n, 0.5)) for _ in range(50)])
    print("n=%d ellipsoid, 50 draws: median %.2f, 5th-95th percentile %.2f-%.2f, below 0.9: %d of 50"
          % (n, np.median(v), np.percentile(v, 5), np.percentile(v, 95), (v < 0.9).sum()))
