import json, os, re
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
rows = []
for prod in ("tallydesk", "brightlane"):
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = os.path.join(ROOT, prod, "data", sub)
        for fn in sorted(os.listdir(d)):
            p = os.path.join(d, fn); text = open(p).read()
            if fn.endswith(".md"):
                url = re.search(r"^source_url: (\S+)", text, re.M).group(1)
                m = re.search(r"^(version|published_date): (.*)$", text, re.M)
                note = m.group(2).strip().strip('"')
            elif fn.endswith(".txt"):
                url = text.strip().splitlines()[-1][len("Source: "):]
                note = ""
            else:
                ts = json.load(open(p))["support_tickets"]
                url = "<br>".join(t["source_url"] for t in ts)
                note = f"{len(ts)} tickets: " + ", ".join(t["id"] for t in ts)
            rows.append(f"| `{prod}/data/{sub}/{fn}` | {sub} | {url} | {note} |")
print("\n".join(rows))
