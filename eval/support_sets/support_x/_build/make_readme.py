#!/usr/bin/env python3
"""Writes support_x/README.md (counts, case tables, provenance table) from the product folders."""
import json, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["brightform", "tandemtail_feeder"]

HEAD = """# support_x: invented multi-source knowledge-base corpora (Brightform, Tandemtail TF-2)

Evaluation set for a support-question answerer that reads several sources at once
(official docs, forum threads, support tickets, blog posts) and has to say where they agree,
where they contradict each other, and which answer is authoritative (the official
documentation of the current version).

**Everything here is invented** for this set: products, vendors, people, URLs (all under the
reserved `.example` domain), dates and numbers. The format follows `realkb`
(`/work/shared/datasets/realkb/README.md`): passages are short, cuts are marked `[...]`.

* **brightform** - Brightform, an online form-builder / survey SaaS (vendor Brightform Labs).
  Current release **7.2** (2026-09-15); plans Free / Starter / Pro / Business; data regions US and EU.
  Changed values: editor idle timeout 24 h -> 12 h (7.2); Free responses 250 -> 100 per month (7.1);
  resume link expiry 14 -> 30 days and Pro per-file upload 50 -> 100 MB (7.0); API sustained limit
  60/min for all -> 30/min (Free, Starter) / 120/min (Pro, Business) (6.4); EU export links 72 h -> 24 h (6.2).
  Scoped values: per-plan upload / API limits, per-region export link expiry (US 72 h, EU 24 h) and
  backup retention (US 30 days, EU 35 days). Distractors: template defaults that override product
  defaults (Event registration: resume link 7 days), neighbouring limits (burst per second, 14-day
  recovery of single submissions vs 30-day Trash, 30-day absolute session lifetime).
* **tandemtail_feeder** - Tandemtail TF-2 Smart Feeder, an automatic pet feeder with camera and the
  Tandemtail app (vendor Tandemtail Pet Devices). Current firmware **3.4.1** (2026-10-06), app **5.3**;
  Tail+ cloud plans (none / Basic / Plus); US and EU/UK cloud regions.
  Changed values: portion 8 g -> 10 g (fw 3.0); voice message 5 s -> 10 s (fw 3.1); meals per day
  6 -> 10 (fw 3.2); low-food alert default 25% -> 20% (fw 3.3); overfeed guard 4 -> 6 (fw 3.4);
  Tail+ Basic clip storage 3 -> 7 days (app 5.0); update window 03:00-05:00 -> 02:00-04:00 (fw 2.6).
  Scoped values: clip storage per plan (24 h / 7 days / 30 days), feeding history per region
  (US 365 days, EU/UK 90 days). Distractors: the printed Quick Start card rev. B (official but for
  firmware 2.x: 8 g, 6 meals), pet-profile alert values (Kitten 30%), battery-low alert 25% next to
  the 20% low-food default, NiMH vs alkaline runtime.

Hard parts built in: threads where a later reply (often staff) corrects an earlier wrong reply;
tier-1 ticket answers that are wrong (BF-40211, BF-40617, TT-118204, TT-118590) next to correct
tier-2 answers; values in other units (10485760 bytes, "a day", "thirty days", "a full year");
region- and plan-scoped numbers in the same tables; unrelated numbers (ports, line numbers, counts,
dates, prices).

## Counts

| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |
|---|---|---|---|---|---|---|---|---|
"""

LAYOUT = """
## Layout

```
support_x/
  README.md            this file
  _build/              scripts that wrote tickets.json, the label files and this README
  <product>/
    data/docs/*.md     official documentation passages; front matter title, source_url, version
    data/forums/*.txt  community threads: `Title:`, `User:`, `Reply:`..., last line `Source: <url>`
    data/blogs/*.md    blog posts and reviews; front matter title, source_url, published_date
    data/tickets/tickets.json   {"support_tickets": [{id, title, status, created_date, source_url, content}]}
    conflicts.jsonl    labelled agreement / contradiction cases (11 per product)
    answers.jsonl      expected answer for each conflicts.jsonl line (same order)
    gold.jsonl         retrieval questions with every doc id that states a value for the asked fact
```

Field meanings are those of realkb: doc ids are paths relative to the product folder; all
tickets of a product share the id `data/tickets/tickets.json`; `sides[0]` is always the current
official doc; `contradiction` = a non-official source states a different value for the same
thing and scope without naming an older version; `version_scoped` = the other source names the
older version; `consistent` = same value, possibly in other words or units.

## Cases
"""


def fm(path):
    text = open(path, encoding="utf-8").read()
    meta = {}
    if text.startswith("---\n"):
        for line in text[4:text.find("\n---\n", 4)].splitlines():
            m = re.match(r"^([A-Za-z_]+):\s*(.*)$", line)
            if m:
                meta[m.group(1)] = m.group(2).strip().strip('"')
    return meta


out = [HEAD]
prov = []
cases = []
for p in PRODUCTS:
    pdir = os.path.join(ROOT, p)
    by = {}
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = os.path.join(pdir, "data", sub)
        fns = sorted(os.listdir(d))
        by[sub] = len(fns)
        for fn in fns:
            path = os.path.join(d, fn)
            rel = f"{p}/data/{sub}/{fn}"
            if sub in ("docs", "blogs"):
                m = fm(path)
                note = m.get("version") if sub == "docs" else m.get("published_date")
                prov.append((rel, sub, m.get("source_url"), note))
            elif sub == "forums":
                lines = [l for l in open(path, encoding="utf-8").read().splitlines() if l.strip()]
                prov.append((rel, sub, lines[-1][len("Source: "):], ""))
            else:
                t = json.load(open(path))["support_tickets"]
                prov.append((rel, sub, "<br>".join(x["source_url"] for x in t),
                             f"{len(t)} tickets: " + ", ".join(x["id"] for x in t)))
    conf = [json.loads(l) for l in open(os.path.join(pdir, "conflicts.jsonl"))]
    gold = [l for l in open(os.path.join(pdir, "gold.jsonl")) if l.strip()]
    cnt = {k: sum(1 for c in conf if c["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
    out.append(f"| {p} | {by['docs']} | {by['forums']} | {by['blogs']} | {len(json.load(open(os.path.join(pdir, 'data/tickets/tickets.json')))['support_tickets'])} | "
               f"{cnt['contradiction']} | {cnt['consistent']} | {cnt['version_scoped']} | {len(gold)} |\n")
    cases.append(f"\n**{p}**\n\n| expect | official value (doc) | other value (source) |\n|---|---|---|\n")
    for c in conf:
        (d0, v0), (d1, v1) = c["sides"][0], c["sides"][1]
        cases.append(f"| {c['expect']} | {'; '.join(v0)} (`{d0}`) | {'; '.join(v1)} (`{d1}`) |\n")
out.append(LAYOUT)
out.extend(cases)
out.append("\n## Provenance (all invented)\n\n| file | type | source URL | version / date / note |\n|---|---|---|---|\n")
for rel, sub, url, note in prov:
    out.append(f"| `{rel}` | {sub} | {url} | {note} |\n")
out.append("\nAll URLs use the reserved `.example` domain and do not resolve. No real product, vendor or person is described.\n")
open(os.path.join(ROOT, "README.md"), "w").write("".join(out))
