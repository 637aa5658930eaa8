#!/usr/bin/env python3
"""Rebuild README.md: case tables from conflicts.jsonl, provenance from the data files."""
import json, os, re
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.chdir(ROOT)

def table(p):
    out = ["| expect | question | official value (doc) | other value (source) |", "|---|---|---|---|"]
    for c in map(json.loads, open(f"{p}/conflicts.jsonl")):
        (o, ov), (x, xv) = c["sides"][:2]
        out.append(f"| {c['expect']} | {c['q']} | {'; '.join(ov)} (`{o}`) | {'; '.join(xv)} (`{x}`) |")
    return "\n".join(out)

rows = []
for p in ("pipewright", "auralis"):
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = f"{p}/data/{sub}"
        for fn in sorted(os.listdir(d)):
            t = open(f"{d}/{fn}").read()
            if sub in ("docs", "blogs"):
                m = dict(re.findall(r'^(\w+): (.*)$', t.split('\n---\n')[0], re.M))
                url = m['source_url']; note = (m.get('version') or m.get('published_date')).strip('"')
            elif sub == "forums":
                url = t.strip().splitlines()[-1][8:]; note = "fictional community thread"
            else:
                ts = json.load(open(f"{d}/{fn}"))["support_tickets"]
                url = "<br>".join(x["source_url"] for x in ts)
                note = f"{len(ts)} tickets: " + ", ".join(x["id"] for x in ts)
            rows.append(f"| `{p}/data/{sub}/{fn}` | {sub} | {url} | {note} |")

head = open("_build/readme_head.md").read()
head = re.sub(r"\*\*pipewright\*\*\n\n.*?\n\n\*\*auralis\*\*\n\n.*?\n\n## Provenance",
              lambda m: f"**pipewright**\n\n{table('pipewright')}\n\n**auralis**\n\n{table('auralis')}\n\n## Provenance",
              head, flags=re.S)
open("README.md", "w").write(head + "| file | type | source URL | version / date / note |\n|---|---|---|---|\n" + "\n".join(rows) + "\n")
