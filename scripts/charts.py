#!/usr/bin/env python3
"""Charts of a `boids bench --json` file: the median time of every strategy, sorter or variant
against the size, on log-log axes, one PNG per bench the file holds:

  reduce   every centroid strategy, the two baselines, and the streaming floor (N x 16 B at the
           rate the file gives: measured by a stream copy in the run, or the old nominal 4 TB/s)
  sort     every sorter, and torch.sort from a --torch file (scripts/torch_sort_bench.py) and
           CUB's radix sort over the key bits (and over all 32, where it ran) from a --cub file
           (scripts/cub_bench.cu)
  scan     every scan variant beside the stream copy, and torch.cumsum and torch.clone from a
           --torch file (scripts/torch_scan_bench.py) and CUB's exclusive scan from a --cub file
  compact  every compaction variant at each kept fraction, beside the stream copy
  frame    every pass of the CIS 565 frame, and the compute part's sum
  cull     the cull pass by every compaction variant from both cameras; the draw with and without
  sh       the spherical-harmonics projection by every variant, the CPU projections, the floor

The titles name the GPU and the driver from the file. Needs python3 and matplotlib (Debian:
python3-matplotlib, installed by scripts/setup.sh).

Usage: charts.py BENCH.json [--torch TORCH.json ...] [--cub CUB.json ...] [--out DIR] [--prefix NAME]
  e.g. r=docs/measurements/2026-11-27-h200-docs-run
       charts.py $r/sort.json --torch $r/torch_sort.json --cub $r/cub.json --out docs/images/charts/
The files are written as DIR/PREFIX-BENCH.png (PREFIX: the JSON file's name without .json) and
their paths printed, one a line. --torch and --cub files belong with the bench file of the same run.
"""
import argparse
import itertools
import json
import os
import sys

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402  (after the backend is chosen)
from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullFormatter  # noqa: E402

MARKERS = ["o", "s", "^", "v", "D", "P", "X", "<", ">", "h", "*", "p", "d", "8"]
# tab10 without its grey (the baselines wear grey, the references black), and four darker ones:
# with the markers' cycle, up to 13 lines differ in colour and marker both.
COLOURS = [c for k, c in enumerate(plt.get_cmap("tab10").colors) if k != 7] + ["navy", "darkgoldenrod", "darkgreen", "crimson"]
REFERENCE = dict(color="black", linewidth=1.6)  # floors and outside references (torch)
BASELINE = dict(color="0.45", linewidth=1.2, linestyle="--", markerfacecolor="white", markersize=6)
BASELINE_MARKERS = ["o", "s", "^", "D"]  # hollow: several grey dashed lines stay apart


def size_text(n):
    """64K, 1M, 16M, 3001: sizes as the tables and the docs say them."""
    for unit, name in ((1 << 20, "M"), (1 << 10, "K")):
        if n >= unit and n % unit == 0:
            return f"{n // unit}{name}"
    return f"{n:,}".replace(",", " ")


def time_text(v, _position=None):
    """0.5, 20, 4530, 1 579 439: three digits where that is all, whole numbers from 100."""
    return f"{v:.3g}" if v < 100 else f"{v:,.0f}".replace(",", " ")


def where(doc):
    """'NVIDIA H200, OpenGL 4.6.0 NVIDIA 580.159.04': the GPU and the driver the file was measured on."""
    renderer = doc.get("renderer", "unknown renderer").split("/")[0]
    text = f"{renderer}, OpenGL {doc.get('version', '?')}"
    if doc.get("gpu_timers") is False:
        text += " (no GPU timers: CPU times around glFinish)"
    return text


def time_label(doc, unit="µs"):
    what = "GPU time" if doc.get("gpu_timers", True) else "CPU time"
    return f"median {what} ({unit})"


def styles():
    """Line styles that differ in colour and marker both, for as many lines as a chart has."""
    for k in itertools.count():
        yield dict(color=COLOURS[k % len(COLOURS)], marker=MARKERS[k % len(MARKERS)], markersize=6, linewidth=1.4)


def series(rows, name_of, x="n", y="median_us", keep=lambda r: True):
    """{name: ([x], [y])} over the rows that ran, in the order the names first appear."""
    out = {}
    for r in rows:
        if r.get("available", True) is False or y not in r or not keep(r):
            continue
        xs, ys = out.setdefault(name_of(r), ([], []))
        xs.append(r[x])
        ys.append(r[y])
    for name, (xs, ys) in out.items():
        order = sorted(range(len(xs)), key=xs.__getitem__)
        out[name] = ([xs[i] for i in order], [ys[i] for i in order])
    return out


def log_axes(ax, sizes, xlabel, ylabel):
    ax.set_xscale("log", base=2)
    ax.set_yscale("log")
    ax.xaxis.set_major_locator(FixedLocator(sorted(set(sizes))))
    ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _p: size_text(int(round(v)))))
    ax.xaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_minor_formatter(NullFormatter())
    ax.yaxis.set_major_locator(LogLocator(base=10))
    ax.yaxis.set_major_formatter(FuncFormatter(time_text))
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    low, high = ax.get_ylim()
    if high / low < 300:  # two decades or so: label 1, 2 and 5 of each, or too few numbers show
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
    ax.grid(True, which="major", color="0.85", linewidth=0.8)
    ax.grid(True, which="minor", axis="y", color="0.93", linewidth=0.5)
    ax.set_axisbelow(True)


def figure(title, doc, panels=1, sharey=True):
    fig, axes = plt.subplots(1, panels, figsize=(7.4 if panels == 1 else 5.4 * panels, 5.6), sharey=sharey,
                             squeeze=False, layout="constrained")
    fig.suptitle(f"{title}\n{where(doc)}", fontsize=12)
    return fig, list(axes[0])


def off_the_chart(lines, unit="µs"):
    """The lines to draw, and a note naming those left out: a line whose fastest point is over 10x
    the slowest point of every other would squash them all into the bottom of the chart."""
    shown = dict(lines)
    left = []
    while len(shown) > 1:
        name = max(shown, key=lambda k: min(shown[k][1]))
        rest = max(max(ys) for k, (xs, ys) in shown.items() if k != name)
        if min(shown[name][1]) <= 10 * rest:
            break
        xs, ys = shown.pop(name)
        left.append(f"{name} ({time_text(min(ys))} to {time_text(max(ys))} {unit} at {size_text(xs[0])} to {size_text(xs[-1])})")
    return shown, ("above the chart, not drawn: " + "; ".join(left)) if left else ""


def note(fig, text):
    if text:
        fig.text(0.5, -0.01, text, ha="center", va="top", fontsize=9)


def legend(fig, axes):
    """One legend for the figure, right of the axes, so no line is hidden under it."""
    handles, labels = [], []
    for ax in axes:
        for h, l in zip(*ax.get_legend_handles_labels()):
            if l not in labels:
                handles.append(h)
                labels.append(l)
    # Placed past the figure's right edge; save() grows the image to hold it (bbox_inches="tight").
    fig.legend(handles, labels, loc="upper left", bbox_to_anchor=(1.0, 0.87), fontsize=9, frameon=False)


def save(fig, out, prefix, name, written):
    path = os.path.join(out, f"{prefix}-{name}.png")
    fig.savefig(path, dpi=130, bbox_inches="tight", pad_inches=0.15)
    plt.close(fig)
    written.append(path)


def torch_rows(refs, op):
    """Rows of the torch files for `op` ("torch.sort" rows carry no op), with the run's versions."""
    for doc in refs:
        if doc.get("tool") == "cub":
            continue
        rows = [r for r in doc.get("rows", []) if r.get("op", "torch.sort") == op]
        if rows:
            yield rows, f"{doc.get('torch', '?')} on {doc.get('device', '?')}"


def cub_rows(refs, part):
    """Rows of the CUB files (scripts/cub_bench.cu) for `part` ("sort" or "scan"), with the run's versions."""
    for doc in refs:
        if doc.get("tool") == "cub" and doc.get(part):
            yield doc[part], f"CUB {doc.get('cub_version', '?')}, CUDA {doc.get('cuda', '?')} on {doc.get('device', '?')}"


def key_bits(keys):
    """The bits keys below `keys` take (ceil(log2(keys))): what a grid's sort and cub_bench sort over."""
    return max(keys - 1, 0).bit_length()


def slowest_first(lines):
    """The names, slowest first at their largest size: the legend reads in the order the lines end."""
    return [name for name, _ in sorted(lines.items(), key=lambda item: -item[1][1][-1])]


def plot_lines(ax, lines, default=None, dashed=(), every=None):
    """The lines, each styled by its place among `every` (default: `lines`), so that a name looks
    the same in every panel of a figure."""
    order = slowest_first(every or lines)
    style = dict(zip([n for n in order if n not in dashed], styles()))
    grey = dict(zip([n for n in order if n in dashed], itertools.cycle(BASELINE_MARKERS)))
    for name in order:
        if name not in lines:
            continue
        xs, ys = lines[name]
        if name in dashed:
            ax.plot(xs, ys, label=name, marker=grey[name], **BASELINE)
            continue
        s = dict(style[name])
        if name == default:
            s.update(linewidth=2.8, markersize=8)
            name += " (default)"
        ax.plot(xs, ys, label=name, **s)


def defaults(doc):
    """The sorter and reduction the frame bench ran with: the app's defaults in that run."""
    frame = doc.get("frame") or [{}]
    row = next((r for r in frame if r.get("default", True)), frame[0])
    return row.get("sorter"), row.get("reduction")


def reduce_chart(doc, refs, out, prefix, written):
    rows = doc.get("results") or []
    lines = series(rows, lambda r: r["strategy"] + ("" if r.get("correct", True) else " (WRONG)"))
    if not lines:
        return
    baselines = [name for name in lines if name.startswith("baseline/")]
    floor = series(rows, lambda r: "floor", y="floor_us", keep=lambda r: r.get("baseline", False)).get("floor")
    rate = doc.get("floor_bandwidth_bytes_per_s", 0)
    how = "measured by a stream copy in this run" if "floor_bandwidth_measured_by" in doc else "nominal, not measured"
    # The right panel: the strategies within 10x of the floor at the largest size, on their own scale.
    fast = {name: line for name, line in lines.items()
            if floor and (name not in baselines or name == "baseline/stream-read") and line[1][-1] <= 10 * floor[1][-1]}
    panels = [("every strategy", lines)] + ([("within 10x of the floor at the largest size", fast)] if fast else [])
    fig, axes = figure("Centroid + bounds of N boids: median time per call", doc, len(panels), sharey=False)
    sizes = [n for xs, _ in lines.values() for n in xs]
    for ax, (title, shown) in zip(axes, panels):
        plot_lines(ax, shown, default=defaults(doc)[1], dashed=baselines, every=lines)
        if floor:
            ax.plot(*floor, label=f"streaming floor: N x 16 B at {rate * 1e-9:.0f} GB/s ({how})", linestyle=":",
                    **REFERENCE)
        ax.set_title(title, fontsize=11)
        if shown is fast:  # the strategies' range; the floor runs on below it at small sizes
            low = min(min(ys) for _, ys in fast.values())
            ax.set_ylim(low / 1.5, max(max(ys) for _, ys in fast.values()) * 1.3)
        log_axes(ax, sizes, "boids (N)", time_label(doc) if ax is axes[0] else "")
    legend(fig, axes)
    save(fig, out, prefix, "reduce", written)


def sort_chart(doc, refs, out, prefix, written):
    lines = series(doc.get("sort") or [], lambda r: r["sorter"] + ("" if r.get("correct", True) else " (WRONG)"))
    if not lines:
        return
    fig, (ax,) = figure("Sorting N (cell, boid) pairs of a flock, every sorter: median time per sort", doc)
    plot_lines(ax, lines, default=defaults(doc)[0])
    sizes = [n for xs, _ in lines.values() for n in xs]
    for rows, versions in torch_rows(refs, "torch.sort"):
        rows = sorted(rows, key=lambda r: r["n"])
        ax.plot([r["n"] for r in rows], [r["median_us"] for r in rows], linestyle="-.", marker="x",
                label=f"torch.sort of int32 keys with indices (CUB radix sort), torch {versions}", **REFERENCE)
    for rows, versions in cub_rows(refs, "sort"):
        # One line over the bits the keys take (as the grid's sorters sort), one per other end_bit run.
        grouped = series(rows, lambda r: "keys" if r.get("end_bit") == key_bits(r.get("keys", 0)) else r.get("end_bit"))
        for group, (xs, ys) in sorted(grouped.items(), key=lambda item: item[0] != "keys"):
            what = {"keys": "over the keys' bits (end_bit = ceil(log2 keys))", 32: "over all 32 bits"}.get(
                group, f"with end_bit {group}")
            ax.plot(xs, ys, linestyle="--" if group == "keys" else ":", marker="+" if group == "keys" else "1",
                    markersize=9, label=f"CUB SortPairs of uint32 pairs {what}, {versions}", **REFERENCE)
    log_axes(ax, sizes, "pairs (N)", time_label(doc))
    legend(fig, [ax])
    save(fig, out, prefix, "sort", written)


def scan_chart(doc, refs, out, prefix, written):
    lines = series(doc.get("scan") or [], lambda r: r["variant"])
    if not lines:
        return
    fig, (ax,) = figure("Exclusive scan of N uints, every variant: median time per scan", doc)
    plot_lines(ax, lines, dashed=[n for n in lines if n.startswith("baseline/")])
    for op, style in (("torch.cumsum", "-."), ("torch.clone", ":")):
        for rows, versions in torch_rows(refs, op):
            rows = sorted(rows, key=lambda r: r["n"])
            ax.plot([r["n"] for r in rows], [r["median_us"] for r in rows], linestyle=style, marker="x",
                    label=f"{op} of int32, torch {versions}", **REFERENCE)
    for rows, versions in cub_rows(refs, "scan"):
        rows = sorted(rows, key=lambda r: r["n"])
        ax.plot([r["n"] for r in rows], [r["median_us"] for r in rows], linestyle="--", marker="+", markersize=9,
                label=f"CUB ExclusiveSum of uint32, {versions}", **REFERENCE)
    log_axes(ax, [n for xs, _ in lines.values() for n in xs], "uints (N)", time_label(doc))
    legend(fig, [ax])
    save(fig, out, prefix, "scan", written)


def compact_chart(doc, refs, out, prefix, written):
    rows = doc.get("compact") or []
    fractions = list(dict.fromkeys(r["kept_fraction"] for r in rows if "kept_fraction" in r))
    if not fractions:
        return
    copy = series(rows, lambda r: r["variant"], keep=lambda r: r.get("baseline", False))
    every, left = off_the_chart(series(rows, lambda r: r["variant"]))
    fig, axes = figure("Stream compaction of N flags, every variant: median time per compaction", doc, len(fractions))
    sizes = [r["n"] for r in rows]
    for ax, fraction in zip(axes, fractions):
        lines = series(rows, lambda r: r["variant"], keep=lambda r, f=fraction: r.get("kept_fraction") == f)
        plot_lines(ax, {name: line for name, line in {**copy, **lines}.items() if name in every}, dashed=list(copy),
                   every=every)
        ax.set_title(f"kept {fraction}", fontsize=11)
        log_axes(ax, sizes, "flags (N)", time_label(doc) if ax is axes[0] else "")
    legend(fig, axes)
    note(fig, left)
    save(fig, out, prefix, "compact", written)


def frame_chart(doc, refs, out, prefix, written):
    every = doc.get("frame") or []
    draw = every[0].get("draw") if every else None  # the draw mode every sorter ran with (the others: default sorter only)
    every = [r for r in every if r.get("draw") == draw]
    rows = [r for r in every if r.get("default", True)]  # the passes with the default sorter
    if not rows:
        return
    lines = {}
    for r in sorted(rows, key=lambda r: r["n"]):
        for name, ms in r["passes"].items():
            xs, ys = lines.setdefault(name, ([], []))
            xs.append(r["n"])
            ys.append(ms)
    first = rows[0]
    fig, (ax,) = figure(f"A frame of the CIS 565 scenario, pass by pass ({first.get('neighbours', '?')} grid, "
                        f"{first.get('sorter', '?')} sort, {first.get('reduction', '?')} reduction)", doc)
    plot_lines(ax, lines)
    compute = sorted(rows, key=lambda r: r["n"])
    ax.plot([r["n"] for r in compute], [r["compute_ms"] for r in compute], linestyle="-", marker="s",
            label="compute (the compute passes' sum)", **REFERENCE)
    for sorter in sorted({r["sorter"] for r in every} - {first.get("sorter")}):  # the other sorters' compute
        others = sorted((r for r in every if r["sorter"] == sorter), key=lambda r: r["n"])
        ax.plot([r["n"] for r in others], [r["compute_ms"] for r in others], linestyle=":", marker=".",
                label=f"compute with {sorter}", alpha=0.7)
    log_axes(ax, [r["n"] for r in rows], "boids (N)", time_label(doc, "ms"))
    legend(fig, [ax])
    save(fig, out, prefix, "frame", written)


def cull_chart(doc, refs, out, prefix, written):
    rows = doc.get("cull") or []
    passes = [r for r in rows if r.get("part") == "pass"]
    cameras = list(dict.fromkeys(r["camera"] for r in passes if "camera" in r))
    if cameras:
        fig, axes = figure("The cull pass (frustum, levels of detail, compaction, draw commands), every compaction",
                           doc, len(cameras))
        every, left = off_the_chart(series(passes, lambda r: r["variant"]))
        drawn_by = next((r["compaction"] for r in rows if r.get("part") == "draw"), None)  # the renderer's
        for ax, camera in zip(axes, cameras):
            lines = series(passes, lambda r: r["variant"], keep=lambda r, c=camera: r.get("camera") == c)
            plot_lines(ax, {name: line for name, line in lines.items() if name in every}, every=every, default=drawn_by)
            ax.set_title(f"camera: {camera}", fontsize=11)
            log_axes(ax, [r["n"] for r in passes], "boids (N)", time_label(doc) if ax is axes[0] else "")
        legend(fig, axes)
        note(fig, left)
        save(fig, out, prefix, "cull-pass", written)
    draws = [r for r in rows if r.get("part") == "draw"]
    if draws:
        fig, (ax,) = figure("Drawing the flock at 1280x720, 4x MSAA, with culling and levels of detail and without", doc)
        cameras = list(dict.fromkeys(r["camera"] for r in draws))
        for (camera, cull), (xs, ys) in series(draws, lambda r: (r["camera"], r["cull"]), y="draw_ms").items():
            ax.plot(xs, ys, label=f"{camera} camera, culling {'on' if cull else 'off'}", linestyle="-" if cull else "--",
                    color=COLOURS[cameras.index(camera)], marker=MARKERS[2 * cameras.index(camera) + cull],
                    markersize=6, linewidth=1.6)
        log_axes(ax, [r["n"] for r in draws], "boids (N)", time_label(doc, "ms").replace("median", "median draw"))
        legend(fig, [ax])
        save(fig, out, prefix, "cull-draw", written)


def sh_chart(doc, refs, out, prefix, written):
    rows = [r for r in doc.get("sh") or [] if r.get("layout") in ("equirect", "-")]
    lines = series(rows, lambda r: r["variant"] + (" (on the CPU)" if r.get("cpu") else ""), x="texels")
    if not lines:
        return
    fig, (ax,) = figure("Spherical-harmonics projection of an equirectangular map, every variant: median time", doc)
    plot_lines(ax, lines, dashed=[n for n in lines if n.startswith("baseline/")])
    floor = series(rows, lambda r: "floor", x="texels", y="floor_us", keep=lambda r: r["variant"] == "tree")
    for xs, ys in floor.values():
        ax.plot(xs, ys, label="floor: texels x 16 B at the stream copy's rate in this run", linestyle=":", **REFERENCE)
    log_axes(ax, [r["texels"] for r in rows], "texels (map width x height)", time_label(doc))
    legend(fig, [ax])
    save(fig, out, prefix, "sh", written)


CHARTS = [reduce_chart, sort_chart, scan_chart, compact_chart, frame_chart, cull_chart, sh_chart]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("bench", help="a file written by boids bench --json")
    parser.add_argument("--torch", action="append", default=[], metavar="FILE",
                        help="a file written by scripts/torch_sort_bench.py or torch_scan_bench.py in the same run")
    parser.add_argument("--cub", action="append", default=[], metavar="FILE",
                        help="a file written by scripts/cub_bench.cu (its JSON) in the same run")
    parser.add_argument("--out", default=".", metavar="DIR", help="folder for the PNGs (made if missing; default: here)")
    parser.add_argument("--prefix", help="the PNGs' name before -BENCH.png (default: the JSON file's name)")
    args = parser.parse_args()
    try:
        with open(args.bench) as f:
            doc = json.load(f)
        refs = []  # the outside references: torch's files, then CUB's
        for path in args.torch + args.cub:
            with open(path) as f:
                refs.append(json.load(f))
    except (OSError, json.JSONDecodeError) as e:
        sys.exit(f"charts.py: {e}")
    for path, ref in zip(args.cub, refs[len(args.torch):]):
        if not isinstance(ref, dict) or ref.get("tool") != "cub":
            sys.exit(f"charts.py: {path}: not a scripts/cub_bench.cu file (no \"tool\": \"cub\")")
    if not isinstance(doc, dict) or "renderer" not in doc:
        sys.exit(f"charts.py: {args.bench}: not a boids bench --json file (no renderer)")
    os.makedirs(args.out, exist_ok=True)
    prefix = args.prefix or os.path.splitext(os.path.basename(args.bench))[0]
    written = []
    for chart in CHARTS:
        chart(doc, refs, args.out, prefix, written)
    if not written:
        sys.exit(f"charts.py: {args.bench}: no bench with rows to chart")
    print("\n".join(written))


if __name__ == "__main__":
    main()
