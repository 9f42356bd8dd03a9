#!/usr/bin/env python3
"""Compares the rows of two `boids check --json` or `boids bench --json` files, as a refactor of the
harness must keep them: the same rows (matched by what names a case), each with every field it had
and the same verdict. Fields a row gained are listed, not failed. Exit code 1 on a difference.

    scripts/compare_rows.py before.json after.json
"""
import json
import sys

KEPT = {"0": "none", "1": "all"}  # check's old names of the kept fractions
STAGE_OF_TABLE = {"results": "reduce", "sort": "sort", "scan": "scan", "compact": "compact", "sh": "sh", "cull": "cull"}  # bench's


def pattern(row):
    """A sort row's input pattern: the words before ': ' in its detail or reason ('' for the flock's)."""
    text = row.get("detail") or row.get("reason") or ""
    head = text.split(": ", 1)[0]
    return head if ": " in text and head in ("sorted keys", "reversed keys", "all keys equal", "full key range") else ""


def camera(row):
    c = row.get("camera")
    return c.get("name") if isinstance(c, dict) else c


def key(row, table):
    if table == "rows":  # check's rows are named by "strategy"; bench's by their variant
        name = row.get("strategy")
    else:
        name = row.get("sorter") or row.get("variant") or row.get("strategy")
    kept = row.get("kept_fraction")
    stage = row.get("stage") or row.get("primitive") or STAGE_OF_TABLE.get(table, "reduce")
    return (stage, name, row.get("part"), row.get("cull"), row.get("n", row.get("texels")), row.get("seed"), row.get("frames"),
            KEPT.get(kept, kept), camera(row), row.get("environment") if table == "rows" else None, row.get("layout"),
            pattern(row))


def verdict(row):
    return (row.get("available", True), row.get("pass", row.get("correct")))


def tables(doc):
    if "rows" in doc:
        return {"rows": doc["rows"]}
    return {k: v for k, v in doc.items() if isinstance(v, list)}


def compare(before, after):
    problems, gained = [], set()
    old_tables, new_tables = tables(before), tables(after)
    for table, old_rows in old_tables.items():
        new_rows = {}
        for r in new_tables.get(table, []):
            new_rows.setdefault(key(r, table), []).append(r)
        for r in old_rows:
            k = key(r, table)
            if not new_rows.get(k) and camera(r) is None:  # a row for every camera now: the first stands for it
                k = next((c for c in new_rows if new_rows[c] and c[:8] + c[9:] == k[:8] + k[9:]), k)
            if not new_rows.get(k):
                problems.append(f"{table}: row {k} is gone")
                continue
            n = new_rows[k].pop(0)
            missing = set(r) - set(n)
            if not n.get("runs_cut", True):
                missing.discard("runs_cut_by")  # present only on a row whose runs were cut
            if missing:
                problems.append(f"{table}: row {k} lost fields {sorted(missing)}")
            gained |= {f"{table}.{f}" for f in set(n) - set(r)}
            if verdict(r) != verdict(n) and verdict(r)[1] is not None:  # a baseline's had none
                problems.append(f"{table}: row {k} verdict {verdict(r)} is now {verdict(n)}")
        added = sum(len(v) for v in new_rows.values())
        if added:
            print(f"{table}: {added} rows added")
    print(f"{sum(len(v) for v in old_tables.values())} rows compared")
    if gained:
        print("fields gained: " + ", ".join(sorted(gained)))
    for p in problems:
        print(p)
    return 1 if problems else 0


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    with open(sys.argv[1]) as a, open(sys.argv[2]) as b:
        sys.exit(compare(json.load(a), json.load(b)))
