import json, os, subprocess, sys
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
prov = subprocess.run([sys.executable, os.path.join(ROOT, "_build", "readme_table.py")], capture_output=True, text=True).stdout
def count(prod):
    c = [json.loads(l) for l in open(os.path.join(ROOT, prod, "conflicts.jsonl"))]
    g = sum(1 for _ in open(os.path.join(ROOT, prod, "gold.jsonl")))
    n = {s: len(os.listdir(os.path.join(ROOT, prod, "data", s))) for s in ("docs", "forums", "blogs")}
    t = len(json.load(open(os.path.join(ROOT, prod, "data/tickets/tickets.json")))["support_tickets"])
    k = {e: sum(1 for x in c if x["expect"] == e) for e in ("contradiction", "consistent", "version_scoped")}
    return c, g, n, t, k
out = []
out.append("""# support_a: held-out support knowledge bases (TallyDesk, Brightlane)

Held-out evaluation corpora for a support-question answerer that reads several sources at once
(official docs, forum threads, support tickets, blog posts) and must say whether they agree,
contradict each other (the official docs win), or differ only by scope (version, plan, region).
Same layout and label format as `realkb` (see `/work/shared/datasets/realkb/README.md`).

**Everything here is fictional and was written from scratch for this held-out set**
(2026-11). The two products, their companies, people, URLs (`*.example` domains), version
numbers, prices and limits are invented; no text was copied from any real product or site.
The writer never read the tool's source, tests, evaluation code or samples.

* **TallyDesk** - SaaS invoicing and expense app: plans Starter / Growth / Scale, REST API v3
  (v2 sunset), webhooks, sandbox mode, SSO, 2FA, audit log retention, reminders, data export,
  iOS/Android app 5.x and 6.x.
* **Brightlane** - consumer mesh Wi-Fi (Halo Mini, Halo, Halo Pro nodes), firmware 3.x (end of
  support) and 4.x (current), Brightlane Home app, paid Guardian subscription.

Official values changed over time in the invented histories, so older numbers appear in
forums, tickets and blogs, sometimes with the old version / plan / region named (labelled
`version_scoped`) and sometimes stated as current (labelled `contradiction`). Distractors are
deliberate: the same number with another meaning (e.g. 30 seconds = unplug time vs 10 seconds
reset hold; 24 hours = key-rotation grace vs export link expiry; 20 MB = an app crash fix vs the
old attachment limit), other plans' values next to the asked one, and people's own setups.

## Counts

| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |
|---|---|---|---|---|---|---|---|---|""")
cases_md = []
for prod in ("tallydesk", "brightlane"):
    c, g, n, t, k = count(prod)
    out.append(f"| {prod} | {n['docs']} | {n['forums']} | {n['blogs']} | {t} | {k['contradiction']} | {k['consistent']} | {k['version_scoped']} | {g} |")
    cases_md.append(f"\n**{prod}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
    for x in c:
        (d0, v0), (d1, v1) = x["sides"][0], x["sides"][1]
        cases_md.append(f"| {x['expect']} | {x['q']} | {' / '.join(v0)} (`{d0}`) | {' / '.join(v1)} (`{d1}`) |")
out.append("""
## Layout

```
support_a/
  README.md            this file
  validate.py          copy of realkb's checker (product-count check lowered from 3 to 2, see below)
  _build/              scripts that wrote the label files and this README
  <product>/
    data/docs/*.md       official documentation; front matter title, source_url, version
    data/forums/*.txt    community threads: Title:, User:, Reply:..., last line Source: <url>
    data/blogs/*.md      company blog posts, tutorials and a third-party review; front matter title, source_url, published_date
    data/tickets/tickets.json   {"support_tickets": [{id, title, status, created_date, source_url, content}]}
                         (customer and agent messages in `content`; some agents give a wrong figure)
    conflicts.jsonl / answers.jsonl / gold.jsonl   labels, same format as realkb
```

Doc ids are paths relative to the product folder; all tickets of a product share the id
`data/tickets/tickets.json`. Plan and region differences are labelled `version_scoped` with the
plan/region named in `answers[1].scope`.

`validate.py` is realkb's checker with one change: it expects at least two products instead of
three, because this held-out set has two. Run `python3 validate.py` here.

## Cases

Known wrong value left unlabelled (it is in gold.jsonl): in
`tallydesk/data/forums/community_api_429_nightly_sync.txt` a reply says "The limit is 5 requests
per second per key" (= 300 per minute, the retired v2 limit) as if current; the same thread then
shows `X-RateLimit-Limit: 600`.
""")
out.extend(cases_md)
out.append("""
## Provenance

All files were written for this held-out set; URLs are invented (`.example` domains) and
dates are fictional.

| file | type | source URL | version / date / note |
|---|---|---|---|""")
out.append(prov.rstrip())
open(os.path.join(ROOT, "README.md"), "w").write("\n".join(out) + "\n")
