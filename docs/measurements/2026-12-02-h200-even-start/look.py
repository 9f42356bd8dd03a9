# look.py FLOCK.npy OUT.png: a top (x,z) and side (x,y) density picture of a saved flock, and its
# density profile in the principal frame (each axis in units of its spread), as --shape measures it.
import struct, sys, zlib
import numpy as np
a = np.load(sys.argv[1]); p = a[:, :3].astype(np.float64)
m = p.mean(0); d = p - m
w, v = np.linalg.eigh(np.cov(d.T)); q = (d @ v) / np.sqrt(w); r = np.linalg.norm(q, axis=1)
r99 = np.sort(r)[int(0.99 * len(r))]
edges = np.linspace(0, 1.3 * r99, 27); h, _ = np.histogram(r, edges)
vol = 4 / 3 * np.pi * (edges[1:] ** 3 - edges[:-1] ** 3); dens = h / vol
core = dens[edges[1:] <= 0.5 * r99].mean()
print("spreads", np.sqrt(w).round(3), "r99 %.3f" % r99)
print("profile (r/r99: density/core):", " ".join("%.2f:%.2f" % (e / r99, x / core) for e, x in zip(edges[1:], dens)))
ext = np.abs(d).max() * 1.02; S = 400
img = np.zeros((S, 2 * S))
for k, (u, t) in enumerate(((d[:, 0], d[:, 2]), (d[:, 0], -d[:, 1]))):
    hh, _, _ = np.histogram2d(t, u, bins=S, range=[[-ext, ext], [-ext, ext]])
    img[:, k * S:(k + 1) * S] = hh
img = np.log1p(img); img = 255 - (img / max(img.max(), 1e-9) * 255)
img[:, S] = 0
pix = img.astype(np.uint8)
raw = b"".join(b"\0" + pix[y].tobytes() for y in range(S))
def chunk(t, b): return struct.pack(">I", len(b)) + t + b + struct.pack(">I", zlib.crc32(t + b) & 0xffffffff)
open(sys.argv[2], "wb").write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 2 * S, S, 8, 0, 0, 0, 0)) + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))
print("extent %.2f" % ext)
