import json, os, re
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
P = ["mailcairn", "skyloft"]
head = open(os.path.join(ROOT, "_build", "readme_head.md")).read()
out = [head]
out.append("## Counts\n\n| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |\n|---|---|---|---|---|---|---|---|---|")
for p in P:
    d = os.path.join(ROOT, p, "data")
    n = {s: len(os.listdir(os.path.join(d, s))) for s in ("docs", "forums", "blogs")}
    nt = len(json.load(open(os.path.join(d, "tickets", "tickets.json")))["support_tickets"])
    cs = [json.loads(l) for l in open(os.path.join(ROOT, p, "conflicts.jsonl"))]
    g = sum(1 for _ in open(os.path.join(ROOT, p, "gold.jsonl")))
    c = {k: sum(1 for x in cs if x["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
    out.append(f"| {p} | {n['docs']} | {n['forums']} | {n['blogs']} | {nt} | {c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {g} |")
out.append(open(os.path.join(ROOT, "_build", "readme_layout.md")).read())
out.append("## Cases\n")
for p in P:
    out.append(f"\n**{p}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
    for l in open(os.path.join(ROOT, p, "conflicts.jsonl")):
        x = json.loads(l)
        s0, s1 = x["sides"][0], x["sides"][1]
        out.append(f"| {x['expect']} | {x['q']} | {'; '.join(s0[1])} (`{s0[0]}`) | {'; '.join(s1[1])} (`{s1[0]}`) |")
out.append("\n## Provenance\n\nEverything is invented for this set; all URLs use the reserved `.example` domain and resolve nowhere.\n\n| file | type | source URL | version / date / note |\n|---|---|---|---|")
for p in P:
    d = os.path.join(ROOT, p, "data")
    for s in ("docs", "forums", "blogs", "tickets"):
        for fn in sorted(os.listdir(os.path.join(d, s))):
            path = os.path.join(d, s, fn)
            text = open(path).read()
            if s == "tickets":
                ts = json.load(open(path))["support_tickets"]
                url = "<br>".join(t["source_url"] for t in ts)
                note = f"{len(ts)} tickets: " + ", ".join(t["id"] for t in ts)
            elif s == "forums":
                url = text.strip().splitlines()[-1][len("Source: "):]
                note = ""
            else:
                url = re.search(r"^source_url: (.*)$", text, re.M).group(1)
                key = "version" if s == "docs" else "published_date"
                note = re.search(rf"^{key}: (.*)$", text, re.M).group(1).strip('"')
            out.append(f"| `{p}/data/{s}/{fn}` | {s} | {url} | {note} |")
out.append(open(os.path.join(ROOT, "_build", "readme_tail.md")).read())
open(os.path.join(ROOT, "README.md"), "w").write("\n".join(out) + "\n")
