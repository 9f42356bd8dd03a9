#!/usr/bin/env python3
# What bitonic-transpose's plan asks of each tile pass at 2^LOG2N pairs (default 20): its steps, its
# windows, whether it reads and writes straight or in tile order (a trip through shared memory
# each), and on how many tiles of the pass before it each of its tiles depends. A replica, in
# Python, of planBitonicPasses and tilePassUniforms (engine/primitives/sort/sort.cpp at e4c55c5:
# tiles of 2^12, 16 pairs an invocation, runs of 8); it counts, it times nothing.
#   python3 docs/measurements/bitonic-2026-11-26-plan-trips.py 20
import sys

TILE_BITS, ITEM_BITS, RUN_BITS = 12, 4, 3


def ones(x):
    return bin(x).count("1")


def plan(log2n):
    steps = [(s, b) for s in range(TILE_BITS + 1, log2n + 1) for b in range(s - 1, -1, -1)]
    passes, i = [], 0
    while i < len(steps):
        held, taken = (1 << RUN_BITS) - 1, []
        while i < len(steps) and ones(held | 1 << steps[i][1]) <= TILE_BITS:
            held |= 1 << steps[i][1]
            taken.append(steps[i])
            i += 1
        b = 0
        while ones(held) < TILE_BITS:
            held |= 1 << b
            b += 1
        passes.append((held, taken))
    return passes


def windows(held, steps, log2n):
    slot = {b: k for k, b in enumerate(b for b in range(log2n) if held >> b & 1)}
    window, out = -1, []
    for i, (_, b) in enumerate(steps):
        stride = slot[b]
        if window < 0 or stride < window or stride >= window + ITEM_BITS:
            bottom, t = stride, i + 1
            while t < len(steps) and slot[steps[t][1]] + 1 == bottom:
                bottom, t = slot[steps[t][1]], t + 1
            window = min(bottom, TILE_BITS - ITEM_BITS) if stride - bottom + 1 <= ITEM_BITS else stride + 1 - ITEM_BITS
        out.append(window)
    return out


def main():
    log2n = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    passes, full, trips, tileOrder = plan(log2n), (1 << log2n) - 1, 0, 0
    for p, (held, steps) in enumerate(passes):
        w = windows(held, steps, log2n)
        straightIn, straightOut = w[0] >= RUN_BITS, w[-1] >= RUN_BITS  # held bits 0 .. 2 always
        moves = sum(a != b for a, b in zip(w, w[1:]))
        extra = (not straightIn) + (not straightOut)
        trips, tileOrder = trips + moves + extra, tileOrder + extra
        sources = "" if p == 0 else f" sources {2 ** ones(full & ~passes[p - 1][0] & held)}"
        print(f"pass {p + 1:2d}: {len(steps):2d} steps, strides {[b for _, b in steps]}, windows {w}, "
              f"in {'straight' if straightIn else 'tile order'}, out {'straight' if straightOut else 'tile order'}, "
              f"{moves} moves{sources}")
    print(f"{len(passes)} passes, {trips} trips through shared memory, {tileOrder} of them for tile order")


main()
