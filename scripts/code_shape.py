#!/usr/bin/env python3
"""The shape the code keeps (run by the test suite): no function in app/ or engine/ longer than
--longest lines (from its signature's line to its closing brace), and no include cycle between the
folders of engine/ (each first-level folder is one node, each file at engine/'s root another).
Prints every function over the limit and every cycle with the includes that close it; exit code 1
when there is one.

    scripts/code_shape.py [--longest 100] [--list N] [--root DIR]   (--list: the N longest functions, for a look)
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent  # --root moves it (the test of this script)
CONTROL = re.compile(r"\b(if|for|while|switch|catch|do|else|return)\b")


def code_only(text):
    """The text with comments, strings and character literals blanked (newlines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('R"', i):  # a raw string: R"delim( ... )delim"
            open_paren = text.find("(", i)
            delim = text[i + 2:open_paren]
            j = text.find(")" + delim + '"', open_paren)
            j = n if j < 0 else j + len(delim) + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(" " * (j + 1 - i))
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def functions(path):
    """(name, first line, last line) of every function body at namespace or class scope."""
    text = code_only(path.read_text(encoding="utf-8", errors="replace"))
    text = re.sub(r"^\s*#.*$", "", text, flags=re.M)  # preprocessor lines
    scopes, found, start = [], [], 0  # scopes: "decl" (namespace, class) or ("function", name, line) or "block"
    for i, c in enumerate(text):
        if c in ";}":
            if c == "}" and scopes:
                scope = scopes.pop()
                if isinstance(scope, tuple):
                    found.append((scope[1], scope[2], text.count("\n", 0, i) + 1))
            start = i + 1
        elif c == "{":
            head = " ".join(text[start:i].split())
            in_decl = all(s == "decl" for s in scopes)
            if not in_decl:
                scopes.append("block")
            elif re.search(r"\b(namespace|class|struct|union|enum)\b[^()]*$", head) or head.startswith("extern"):
                scopes.append("decl")
            elif "(" in head and "=" not in head.split("(")[0] and not CONTROL.match(head):
                name = re.findall(r"([~\w:]+)\s*\(", head)
                line = text.count("\n", 0, start + len(text[start:i]) - len(text[start:i].lstrip())) + 1
                scopes.append(("function", name[0] if name else head[:40], line))
            else:
                scopes.append("block")
            start = i + 1
    return found


def long_functions(longest):
    rows = []
    for folder in ("app", "engine"):
        for path in sorted((ROOT / folder).rglob("*.[ch]pp")):
            for name, first, last in functions(path):
                rows.append((last - first + 1, f"{path.relative_to(ROOT)}:{first}", name))
    rows.sort(reverse=True)
    return rows


def include_cycles():
    """Cycles among engine's folders: [(nodes, [(from file, include)])]."""
    engine = ROOT / "engine"
    node = lambda rel: rel.parts[0] if len(rel.parts) > 1 else rel.stem
    edges = {}
    for path in engine.rglob("*.[ch]pp"):
        src = node(path.relative_to(engine))
        for inc in re.findall(r'^\s*#\s*include\s+"engine/([^"]+)"', path.read_text(encoding="utf-8"), flags=re.M):
            dst = node(pathlib.PurePosixPath(inc))
            if dst != src:
                edges.setdefault(src, {}).setdefault(dst, []).append((str(path.relative_to(ROOT)), "engine/" + inc))
    # Tarjan's strongly connected components.
    index, low, stack, on, sccs, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                sccs.append(sorted(scc))

    for v in sorted(set(edges) | {w for d in edges.values() for w in d}):
        if v not in index:
            visit(v)
    return [(scc, [i for a in scc for b in scc if b in edges.get(a, {}) for i in edges[a][b]]) for scc in sccs]


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--longest", type=int, default=100)
    parser.add_argument("--list", type=int, default=0)
    parser.add_argument("--root", type=pathlib.Path, help="the tree to read (default: this project)")
    args = parser.parse_args()
    if args.root:
        global ROOT
        ROOT = args.root.resolve()
    rows = long_functions(args.longest)
    for length, where, name in rows[: args.list]:
        print(f"{length:5d}  {where}  {name}")
    over = [r for r in rows if r[0] > args.longest]
    for length, where, name in over:
        print(f"{where}: {name} runs {length} lines, over {args.longest}")
    cycles = include_cycles()
    for scc, includes in cycles:
        print("include cycle between engine folders " + " <-> ".join(scc) + ":")
        for src, inc in includes:
            print(f"  {src} includes {inc}")
    print(f"{len(rows)} functions, the longest {rows[0][0] if rows else 0} lines; {len(over)} over {args.longest}; "
          f"{len(cycles)} include cycles between engine folders")
    return 1 if over or cycles else 0


if __name__ == "__main__":
    sys.exit(main())
