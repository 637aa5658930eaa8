#!/usr/bin/env python3
"""Writes SETDIR/README.md (counts, case tables, provenance table) from the data and label files."""
import json, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["tidecast", "reefpilot"]

def meta(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".md"):
        end = text.find("\n---\n", 4)
        m = {}
        for line in text[4:end].splitlines():
            k, _, v = line.partition(":")
            m[k.strip()] = v.strip().strip('"')
        return m.get("source_url", ""), m.get("version") or m.get("published_date", "")
    if path.endswith(".txt"):
        last = [l for l in text.splitlines() if l.strip()][-1]
        return last[len("Source: "):], ""
    data = json.load(open(path, encoding="utf-8"))
    ts = data["support_tickets"]
    return "<br>".join(t["source_url"] for t in ts), f"{len(ts)} tickets: " + ", ".join(t["id"] for t in ts)

out = []
out.append(open(os.path.join(ROOT, "_build", "readme_head.md"), encoding="utf-8").read().rstrip() + "\n")
out.append("\n## Counts\n\n| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |\n|---|---|---|---|---|---|---|---|---|")
for p in PRODUCTS:
    d = os.path.join(ROOT, p, "data")
    n = {s: len(os.listdir(os.path.join(d, s))) for s in ("docs", "forums", "blogs")}
    nt = len(json.load(open(os.path.join(d, "tickets", "tickets.json")))["support_tickets"])
    cs = [json.loads(l) for l in open(os.path.join(ROOT, p, "conflicts.jsonl"), encoding="utf-8")]
    cnt = {k: sum(1 for c in cs if c["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
    ng = sum(1 for _ in open(os.path.join(ROOT, p, "gold.jsonl"), encoding="utf-8"))
    out.append(f"| {p} | {n['docs']} | {n['forums']} | {n['blogs']} | {nt} | {cnt['contradiction']} | {cnt['consistent']} | {cnt['version_scoped']} | {ng} |")
out.append("\n## Cases\n")
for p in PRODUCTS:
    out.append(f"\n**{p}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
    for l in open(os.path.join(ROOT, p, "conflicts.jsonl"), encoding="utf-8"):
        c = json.loads(l)
        (d0, v0), (d1, v1) = c["sides"][:2]
        out.append(f"| {c['expect']} | {c['q']} | {'; '.join(v0).replace('|', '&#124;')} (`{d0}`) | {'; '.join(v1)} (`{d1}`) |")
out.append("\n## Provenance\n\nAll sources are invented for this set; the URLs use the reserved `.example` domain and do not resolve.\n\n| file | type | source URL | version / date / note |\n|---|---|---|---|")
for p in PRODUCTS:
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = os.path.join(ROOT, p, "data", sub)
        for fn in sorted(os.listdir(d)):
            url, note = meta(os.path.join(d, fn))
            out.append(f"| `{p}/data/{sub}/{fn}` | {sub} | {url} | {note} |")
out.append("\n" + open(os.path.join(ROOT, "_build", "readme_tail.md"), encoding="utf-8").read().rstrip() + "\n")
open(os.path.join(ROOT, "README.md"), "w", encoding="utf-8").write("\n".join(out))
print("README written")
