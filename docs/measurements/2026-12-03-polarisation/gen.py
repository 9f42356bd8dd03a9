# A start like oneFlock's (engine/sim/initial_state.cpp), with its spacing and heading noise as asked.
import sys, numpy as np
n, spacing, noise, out = int(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
rs = (16384 / n) ** (1 / 3)
per = (spacing * rs) ** 3; flat = 0.3
R = (n * per / (4 / 3 * np.pi * flat)) ** (1 / 3)
rng = np.random.default_rng(1)
q = rng.uniform(-1, 1, (int(n * 2.2), 3)); q = q[(q**2).sum(1) <= 1][:n]
p = q * np.array([R, flat * R, R]) + np.array([0, 55, 0])
h = np.array([1.0, 0, 0]) + noise * rng.normal(size=(n, 3)) / np.sqrt(3)
h /= np.linalg.norm(h, axis=1, keepdims=True)
v = h * (0.9 + 0.2 * rng.uniform(size=(n, 1)))
np.save(out, np.hstack([p, v]).astype(np.float32))
