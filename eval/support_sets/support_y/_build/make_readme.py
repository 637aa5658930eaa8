import json, os, re
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
head = """# support_y: synthetic multi-source knowledge-base corpora (Wordhaven, Roadlume D4)

Evaluation corpora for a support-question answerer that reads several sources at once
(official docs, forum threads, support tickets, blog posts) and has to say where they
agree, where they contradict each other, and which answer is authoritative (the official
documentation of the current version).

**Everything here is invented**: products, vendors, people, tickets and URLs (all under the
reserved `.example` domain). No passage was copied from real material. The format follows
`realkb` (docs / forums / blogs / tickets, `conflicts.jsonl`, `answers.jsonl`, `gold.jsonl`).

* **wordhaven** - Wordhaven, a SaaS translation-management (localization) platform with a
  CLI (`wh`) and Git integration. Current version **9.4** (2026-09-15). Values that changed:
  max source file size 20 MB -> 50 MB (9.0), export link lifetime 7 days -> 48 hours (9.0),
  pre-translation minimum match 75% -> 85% (9.1), API rate limit 120/min for all ->
  300/600/1,200 per plan (9.2), API tokens never expire -> 90 days (9.3), Trash retention
  90 -> 30 days (8.5), Git `sync_interval` 60m -> 30m (8.0). Distractors: the `wh init`
  starter file writes `sync_interval: 15m` and `request_timeout: 120s` (built-in 30m / 60s);
  plan-scoped rate limits, MT quotas and activity-log retention; APAC export links 24 hours.
* **roadlume** - Roadlume D4, a dual-channel dashcam by Kestrel Optics, with the Roadlume
  Drive app and the Roadlume Cloud service. Current firmware **3.4** (2026-08-20), app 5.2.
  Values that changed: loop segment 1 -> 3 minutes (3.0), event clip 15 s -> 30 s (3.0),
  parking timer 24 -> 12 hours (3.2), max microSD 256 GB -> 512 GB (2.6), time-lapse
  2 -> 1 fps (2.4), Cloud Plus retention 14 -> 30 days (2026-07-01). Distractors: the HK-2
  hardwire kit's dial is factory-set to 11.8 V while the camera's own cutoff defaults to
  12.0 V; 24 V vehicle cutoffs; plan-scoped retention (7 / 30 / 90 days); EU-region
  parking auto-upload off by default.

## Counts

| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |
|---|---|---|---|---|---|---|---|---|
"""
layout = """
## Layout

```
support_y/
  README.md            this file
  _build/              scripts that wrote the label files and this README
  <product>/
    data/docs/*.md     official documentation; front matter title, source_url, version
    data/forums/*.txt  community threads: `Title:`, `User:`, `Reply:`..., last line `Source: <url>`
    data/blogs/*.md    blog posts; front matter title, source_url, published_date
    data/tickets/tickets.json   {"support_tickets": [{id, title, status, created_date, source_url, content}]}
    conflicts.jsonl    {q, expect, sides, authoritative, note}
    answers.jsonl      {q, verdict, answers} - one line per conflicts.jsonl line, same order
    gold.jsonl         {q, relevant_ids} - every doc id that states a value for the asked fact
```

Field meanings are those of `realkb/README.md`: the first side is always an official doc;
every value string occurs verbatim (case-insensitive) in its file; `authoritative` lists
accepted spellings of the current official value; scoped answers carry `scope`.
All tickets of a product share the id `data/tickets/tickets.json`.

Some files are deliberately hard: threads in which a later reply corrects an earlier wrong
one (`upload_413_large_xliff.txt`, `ci_token_401.txt`, `parking_cutoff_battery.txt`),
tickets whose tier-1 answer is wrong (`WH-40211`, `RL-77310`) next to correct ones, and
unrelated numbers (ports, fuse ratings, file sizes, dates, counts).

## Provenance (all invented)

| file | type | source URL | version / date |
|---|---|---|---|
"""
def fm(path):
    t = open(path, encoding="utf-8").read()
    m = {}
    if t.startswith("---\n"):
        for line in t[4:t.find("\n---\n", 4)].splitlines():
            k, _, v = line.partition(":")
            m[k.strip()] = v.strip().strip('"')
    return m, t
rows, counts = [], []
for prod in ("wordhaven", "roadlume"):
    n = {}
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = os.path.join(ROOT, prod, "data", sub)
        files = sorted(os.listdir(d))
        n[sub] = len(files)
        for fn in files:
            p = os.path.join(d, fn)
            m, t = fm(p)
            if sub == "docs":
                rows.append((f"{prod}/data/{sub}/{fn}", sub, m["source_url"], m["version"]))
            elif sub == "blogs":
                rows.append((f"{prod}/data/{sub}/{fn}", sub, m["source_url"], m["published_date"]))
            elif sub == "forums":
                src = t.strip().splitlines()[-1].replace("Source: ", "")
                rows.append((f"{prod}/data/{sub}/{fn}", sub, src, ""))
            else:
                tk = json.loads(t)["support_tickets"]
                n["tickets"] = len(tk)
                rows.append((f"{prod}/data/{sub}/{fn}", sub, "<br>".join(x["source_url"] for x in tk),
                             f"{len(tk)} tickets: " + ", ".join(x["id"] for x in tk)))
    c = [json.loads(l)["expect"] for l in open(os.path.join(ROOT, prod, "conflicts.jsonl"))]
    g = sum(1 for _ in open(os.path.join(ROOT, prod, "gold.jsonl")))
    counts.append(f"| {prod} | {n['docs']} | {n['forums']} | {n['blogs']} | {n['tickets']} | {c.count('contradiction')} | {c.count('consistent')} | {c.count('version_scoped')} | {g} |")
out = head + "\n".join(counts) + "\n" + layout + "\n".join(f"| `{a}` | {b} | {c} | {d} |" for a, b, c, d in rows) + "\n"
open(os.path.join(ROOT, "README.md"), "w", encoding="utf-8").write(out)
