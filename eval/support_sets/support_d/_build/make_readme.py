#!/usr/bin/env python3
"""Write the top-level README.md (counts, cases, provenance) from the data and label files."""
import json, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HERE = os.path.dirname(os.path.abspath(__file__))
PRODUCTS = ["hearthkey", "ostra"]


def front(path):
    text = open(path, encoding="utf-8").read()
    end = text.find("\n---\n", 4)
    meta = {}
    for line in text[4:end].splitlines():
        m = re.match(r"^([A-Za-z_]+):\s*(.*)$", line)
        if m:
            meta[m.group(1)] = m.group(2).strip().strip('"')
    return meta


def jl(path):
    return [json.loads(l) for l in open(path, encoding="utf-8") if l.strip()]


out = [open(os.path.join(HERE, "readme_head.md"), encoding="utf-8").read()]
out.append("## Counts\n\n| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |\n|---|---|---|---|---|---|---|---|---|")
for p in PRODUCTS:
    d = lambda s: sorted(os.listdir(os.path.join(ROOT, p, "data", s)))
    tickets = json.load(open(os.path.join(ROOT, p, "data/tickets/tickets.json")))["support_tickets"]
    cs = jl(os.path.join(ROOT, p, "conflicts.jsonl"))
    n = lambda k: sum(1 for c in cs if c["expect"] == k)
    g = jl(os.path.join(ROOT, p, "gold.jsonl"))
    out.append(f"| {p} | {len(d('docs'))} | {len(d('forums'))} | {len(d('blogs'))} | {len(tickets)} | "
               f"{n('contradiction')} | {n('consistent')} | {n('version_scoped')} | {len(g)} |")
out.append("\n## Layout\n\nSame as realkb: `<product>/data/{docs,forums,blogs,tickets}`, `conflicts.jsonl`, "
           "`answers.jsonl`, `gold.jsonl`. `_build/make_labels.py` writes the three label files, "
           "`_build/make_readme.py` this README.\n\n## Cases\n")
for p in PRODUCTS:
    out.append(f"\n**{p}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
    for c in jl(os.path.join(ROOT, p, "conflicts.jsonl")):
        (oid, ov), (xid, xv) = c["sides"][0], c["sides"][1]
        cell = lambda s: s.replace("|", "\\|")
        out.append(f"| {c['expect']} | {c['q']} | {cell('; '.join(ov))} (`{oid}`) | {cell('; '.join(xv))} (`{xid}`) |")
out.append("\n## Provenance\n\nAll files are fictional and were written for this set on 2026-11-28. "
           "URLs are invented (`.example`).\n\n| file | type | source URL | version / date / note |\n|---|---|---|---|")
for p in PRODUCTS:
    for sub in ("docs", "forums", "blogs", "tickets"):
        for fn in sorted(os.listdir(os.path.join(ROOT, p, "data", sub))):
            path = os.path.join(ROOT, p, "data", sub, fn)
            rel = f"{p}/data/{sub}/{fn}"
            if sub in ("docs", "blogs"):
                m = front(path)
                note = m.get("version") or m.get("published_date", "")
                url = m["source_url"]
            elif sub == "forums":
                url = open(path, encoding="utf-8").read().strip().splitlines()[-1][len("Source: "):]
                note = "invented community thread"
            else:
                t = json.load(open(path))["support_tickets"]
                url = "https://" + t[0]["source_url"].split("/")[2] + "/ (one URL per ticket)"
                note = f"{len(t)} invented tickets: " + ", ".join(x["id"] for x in t)
            out.append(f"| `{rel}` | {sub} | {url} | {note} |")
out.append("\n## Licence\n\nWritten for evaluation only; fictional content, no third-party text.\n")
open(os.path.join(ROOT, "README.md"), "w", encoding="utf-8").write("\n".join(out))
print("README written")
