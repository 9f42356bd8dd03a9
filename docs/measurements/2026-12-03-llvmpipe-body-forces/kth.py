import sys, numpy as np
for f in sys.argv[1:]:
    p = np.load(f)[:, :3].astype(np.float64); n = len(p)
    k7 = np.empty(n)
    for i in range(0, n, 1024):
        d = ((p[i:i+1024, None, :] - p[None, :, :])**2).sum(-1)
        k7[i:i+1024] = np.sqrt(np.partition(d, 7, axis=1)[:, 7])
    m = p.mean(0); dd = p - m; w, ax = np.linalg.eigh(np.cov(dd.T, bias=True)); q = dd @ ax / np.sqrt(w)
    r = np.linalg.norm(q, axis=1); r99 = np.quantile(r, .99)
    for lo, hi in [(0, .5), (.5, .8), (.8, 1.0), (1.0, 9)]:
        s = (r >= lo*r99) & (r < hi*r99)
        print(f, "r/r99 %.1f-%.1f: %5d birds, kth p10/50/90 %.2f %.2f %.2f" % (lo, hi, s.sum(), *np.quantile(k7[s], [.1, .5, .9])))
