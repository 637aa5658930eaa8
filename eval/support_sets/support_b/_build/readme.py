#!/usr/bin/env python3
"""Build ../README.md: fixed head text + a provenance table read from the data files."""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEAD = open(os.path.join(os.path.dirname(__file__), "readme_head.md")).read()


def meta(path):
    text = open(path).read()
    if path.endswith(".md"):
        fm = text[4:text.find("\n---\n", 4)]
        m = dict(re.findall(r"^([A-Za-z_]+):\s*(.*)$", fm, re.M))
        return m.get("source_url", "").strip('"'), (m.get("version") or m.get("published_date") or "").strip('"')
    if path.endswith(".txt"):
        return text.strip().splitlines()[-1][len("Source: "):], "forum thread"
    data = json.load(open(path))["support_tickets"]
    return "https://support (one URL per ticket)", f"{len(data)} tickets: " + ", ".join(t["id"] for t in data)


rows = ["| file | type | invented source URL | version / date / note |", "|---|---|---|---|"]
counts = []
for product in ("quillmetrics", "keystone"):
    c = {}
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = os.path.join(ROOT, product, "data", sub)
        if not os.path.isdir(d):
            continue
        for fn in sorted(os.listdir(d)):
            url, note = meta(os.path.join(d, fn))
            if sub == "tickets":
                url = "per ticket, `support.*.example`"
            rows.append(f"| `{product}/data/{sub}/{fn}` | {sub} | {url} | {note} |")
            c[sub] = c.get(sub, 0) + (len(json.load(open(os.path.join(d, fn)))["support_tickets"]) if sub == "tickets" else 1)
    cases = [json.loads(l)["expect"] for l in open(os.path.join(ROOT, product, "conflicts.jsonl"))]
    gold = sum(1 for _ in open(os.path.join(ROOT, product, "gold.jsonl")))
    counts.append(f"| {product} | {c.get('docs',0)} | {c.get('forums',0)} | {c.get('blogs',0)} | {c.get('tickets',0)} | "
                  f"{cases.count('contradiction')} | {cases.count('consistent')} | {cases.count('version_scoped')} | {gold} |")

cases_md = []
for product in ("quillmetrics", "keystone"):
    cases_md.append(f"\n**{product}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
    for l in open(os.path.join(ROOT, product, "conflicts.jsonl")):
        c = json.loads(l)
        (od, ov), (xd, xv) = c["sides"][0], c["sides"][1]
        esc = lambda s: s.replace("|", "\\|")
        cases_md.append(f"| {c['expect']} | {esc(c['q'])} | {esc('; '.join(ov))} (`{od}`) | {esc('; '.join(xv))} (`{xd}`) |")

out = HEAD.replace("{{COUNTS}}", "\n".join(counts)).replace("{{CASES}}", "\n".join(cases_md)).replace("{{PROVENANCE}}", "\n".join(rows))
open(os.path.join(ROOT, "README.md"), "w").write(out)
print("README.md written")
