#!/usr/bin/env python3
"""Writes ../README.md from the data files and label files."""
import json, os, re
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["burrow", "kestrel"]

def meta(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".md"):
        m = {}
        for line in text[4:text.find("\n---\n", 4)].splitlines():
            k, _, v = line.partition(":")
            m[k.strip()] = v.strip().strip('"')
        return m.get("source_url", ""), m.get("version") or m.get("published_date", "")
    if path.endswith(".txt"):
        return text.strip().splitlines()[-1][len("Source: "):], ""
    t = json.load(open(path))["support_tickets"]
    return "<br>".join(x["source_url"] for x in t), f"{len(t)} tickets: " + ", ".join(x["id"] for x in t)

out = []
out.append(open(os.path.join(ROOT, "_build", "readme_head.md")).read().rstrip() + "\n")
out.append("\n## Counts\n\n| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |\n|---|---|---|---|---|---|---|---|---|")
for p in PRODUCTS:
    d = lambda s: len(os.listdir(os.path.join(ROOT, p, "data", s)))
    t = len(json.load(open(os.path.join(ROOT, p, "data/tickets/tickets.json")))["support_tickets"])
    c = [json.loads(l) for l in open(os.path.join(ROOT, p, "conflicts.jsonl"))]
    n = lambda e: sum(1 for x in c if x["expect"] == e)
    g = sum(1 for _ in open(os.path.join(ROOT, p, "gold.jsonl")))
    out.append(f"| {p} | {d('docs')} | {d('forums')} | {d('blogs')} | {t} | {n('contradiction')} | {n('consistent')} | {n('version_scoped')} | {g} |")
out.append("\n## Cases\n")
for p in PRODUCTS:
    out.append(f"\n**{p}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
    for l in open(os.path.join(ROOT, p, "conflicts.jsonl")):
        x = json.loads(l)
        (d, dv), (o, ov) = x["sides"][:2]
        out.append(f"| {x['expect']} | {x['q']} | {'; '.join(dv)} (`{d}`) | {'; '.join(ov)} (`{o}`) |")
out.append("\n## Provenance (all invented)\n\n| file | type | source URL | version / date / note |\n|---|---|---|---|")
for p in PRODUCTS:
    for s in ("docs", "forums", "blogs", "tickets"):
        for fn in sorted(os.listdir(os.path.join(ROOT, p, "data", s))):
            url, note = meta(os.path.join(ROOT, p, "data", s, fn))
            out.append(f"| `{p}/data/{s}/{fn}` | {s} | {url} | {note} |")
open(os.path.join(ROOT, "README.md"), "w").write("\n".join(out) + "\n")
print("README written")
