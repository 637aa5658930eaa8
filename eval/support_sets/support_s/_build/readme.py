import os, json
BASE = "/tmp/heldout14/support_s"
def meta(path):
    t = open(path).read()
    if path.endswith(".md"):
        fm = t[4:t.find("\n---\n", 4)]
        m = {}
        for l in fm.splitlines():
            k, v = l.split(":", 1); m[k] = v.strip().strip('"')
        return m.get("source_url"), m.get("version") or m.get("published_date")
    if path.endswith(".txt"):
        return t.strip().splitlines()[-1][len("Source: "):], ""
    d = json.load(open(path))["support_tickets"]
    return "<br>".join(x["source_url"] for x in d), f"{len(d)} tickets: " + ", ".join(x["id"] for x in d)
rows = []
counts = {}
for prod in ("inkstave", "verdalo"):
    c = {}
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = os.path.join(BASE, prod, "data", sub)
        fs = sorted(os.listdir(d)); c[sub] = len(fs)
        for fn in fs:
            url, v = meta(os.path.join(d, fn))
            rows.append(f"| `{prod}/data/{sub}/{fn}` | {sub} | {url} | {v} |")
    ex = [json.loads(l)["expect"] for l in open(os.path.join(BASE, prod, "conflicts.jsonl"))]
    c["tickets"] = len(json.load(open(os.path.join(BASE, prod, "data/tickets/tickets.json")))["support_tickets"])
    c.update({k: ex.count(k) for k in ("contradiction", "consistent", "version_scoped")})
    c["gold"] = sum(1 for _ in open(os.path.join(BASE, prod, "gold.jsonl")))
    counts[prod] = c
def cases(prod):
    out = []
    C = [json.loads(l) for l in open(os.path.join(BASE, prod, "conflicts.jsonl"))]
    for c in C:
        (d, dv), (o, ov) = c["sides"][:2]
        out.append(f"| {c['expect']} | {dv[0]} (`{d}`) | {ov[0]} (`{o}`) |")
    return "\n".join(out)
head = open(os.path.join(BASE, "_build", "readme_head.md")).read()
table = "\n".join(f"| {p} | {c['docs']} | {c['forums']} | {c['blogs']} | {c['tickets']} | {c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {c['gold']} |" for p, c in counts.items())
txt = head.replace("{{COUNTS}}", table).replace("{{INK}}", cases("inkstave")).replace("{{VRD}}", cases("verdalo")).replace("{{PROV}}", "\n".join(rows))
open(os.path.join(BASE, "README.md"), "w").write(txt)
