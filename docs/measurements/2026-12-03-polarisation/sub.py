# Each saved flock: its shell profile and polarisation, and 200k of its birds for pictures here.
import sys, os, numpy as np
out = sys.argv[1]
for f in sys.argv[2:]:
    a = np.load(f); p = a[:, :3].astype(np.float64); v = a[:, 3:6].astype(np.float64)
    d = p - p.mean(0); w, ax = np.linalg.eigh(np.cov(d.T, bias=True)); q = d @ ax / np.sqrt(w)
    r = np.linalg.norm(q, axis=1); r99 = np.quantile(r, 0.99); e = np.linspace(0, r99, 11)
    h, _ = np.histogram(r, e); dens = h / (4/3*np.pi*(e[1:]**3 - e[:-1]**3))
    core = (r < 0.5*r99).sum() / (4/3*np.pi*(0.5*r99)**3)
    pol = np.linalg.norm(v.mean(0)) / np.linalg.norm(v, axis=1).mean()
    print(os.path.basename(f), "polarisation %.3f" % pol, "spreads", np.sqrt(w).round(2), "3D", " ".join("%.2f" % x for x in dens/core), flush=True)
    if 'keep' in f:
        idx = np.random.default_rng(1).choice(len(a), min(len(a), 200000), replace=False)
        np.save(os.path.join(out, os.path.basename(f).replace('.npy', '-sub.npy')), a[np.sort(idx)])
