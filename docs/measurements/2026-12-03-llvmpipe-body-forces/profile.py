import sys, numpy as np
import matplotlib; matplotlib.use("Agg"); import matplotlib.pyplot as plt
for f in sys.argv[1:]:
    a = np.load(f); p = a[:, :3].astype(np.float64); v = a[:, 3:6]
    m = p.mean(0); d = p - m
    w, ax = np.linalg.eigh(np.cov(d.T, bias=True))  # ascending
    q = d @ ax / np.sqrt(w)
    r = np.linalg.norm(q, axis=1); r99 = np.quantile(r, 0.99)
    edges = np.linspace(0, r99, 11)
    h, _ = np.histogram(r, edges); vol = 4/3*np.pi*(edges[1:]**3 - edges[:-1]**3)
    dens = h / vol; core = (r < 0.5*r99).sum() / (4/3*np.pi*(0.5*r99)**3); shell = ((r >= 0.8*r99) & (r <= r99)).sum() / (4/3*np.pi*(r99**3-(0.8*r99)**3))
    print(f, "n", len(p), "spreads", np.sqrt(w).round(2), "border/core %.2f" % (shell/core))
    print("  profile/core:", " ".join("%.2f" % x for x in dens / core))
    # In-plane only (the two long axes): a 2D profile of the flattened flock.
    r2 = np.linalg.norm(q[:, 1:], axis=1); r299 = np.quantile(r2, 0.99); e2 = np.linspace(0, r299, 11)
    h2, _ = np.histogram(r2, e2); d2 = h2 / (np.pi*(e2[1:]**2 - e2[:-1]**2))
    print("  2D profile  :", " ".join("%.2f" % x for x in d2 / d2[:3].mean()))
    sp = np.linalg.norm(v, axis=1); print("  speed mean %.3f sd %.3f" % (sp.mean(), sp.std()))
    fig, axs = plt.subplots(1, 2, figsize=(12, 5))
    axs[0].hist2d(q[:, 2], q[:, 1], bins=80, cmap="gray_r"); axs[0].set_aspect("equal"); axs[0].set_title("long axes (normalised)")
    axs[1].hist2d(q[:, 2], q[:, 0], bins=[80, 30], cmap="gray_r"); axs[1].set_aspect("equal"); axs[1].set_title("long vs thin")
    fig.savefig(f.replace(".npy", ".png"), dpi=70)  # the density of the principal frame: long axes, long vs thin; plt.close(fig)
