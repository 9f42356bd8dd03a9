import sys, numpy as np
for f in sys.argv[1:]:
    a = np.load(f); p = a[:, :3].astype(np.float64)
    d = p - p.mean(0); w, ax = np.linalg.eigh(np.cov(d.T, bias=True)); q = d @ ax / np.sqrt(w)
    r = np.linalg.norm(q, axis=1); r99 = np.quantile(r, 0.99); e = np.linspace(0, r99, 11)
    h, _ = np.histogram(r, e); dens = h / (4/3*np.pi*(e[1:]**3 - e[:-1]**3))
    core = (r < 0.5*r99).sum() / (4/3*np.pi*(0.5*r99)**3)
    r2 = np.linalg.norm(q[:, 1:], axis=1); r299 = np.quantile(r2, 0.99); e2 = np.linspace(0, r299, 11)
    h2, _ = np.histogram(r2, e2); d2 = h2 / (np.pi*(e2[1:]**2 - e2[:-1]**2))
    print(f.split('/')[-1], "spreads", np.sqrt(w).round(2), "3D", " ".join("%.2f" % x for x in dens/core), "| 2D", " ".join("%.2f" % x for x in d2/d2[:3].mean()))
