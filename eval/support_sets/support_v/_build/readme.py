import json, os, re
ROOT = "/tmp/heldout17/support_v"
def meta(path):
    t = open(path).read()
    if path.endswith(".md"):
        fm = t[4:t.find("\n---\n", 4)]
        m = dict(re.findall(r"^(\w+):\s*\"?(.*?)\"?$", fm, re.M))
        return m.get("source_url", ""), m.get("version") or m.get("published_date", "")
    if path.endswith(".txt"):
        return t.strip().splitlines()[-1][len("Source: "):], ""
    d = json.load(open(path))["support_tickets"]
    return "<br>".join(x["source_url"] for x in d), f"{len(d)} tickets: " + ", ".join(x["id"] for x in d)
rows = []
counts = {}
cases = {}
for prod in ("sendloft", "rainmere"):
    n = {}
    for sub in ("docs", "forums", "blogs", "tickets"):
        d = os.path.join(ROOT, prod, "data", sub)
        fs = sorted(os.listdir(d))
        n[sub] = len(fs) if sub != "tickets" else len(json.load(open(os.path.join(d, fs[0])))["support_tickets"])
        for f in fs:
            u, v = meta(os.path.join(d, f))
            rows.append(f"| `{prod}/data/{sub}/{f}` | {sub} | {u} | {v} |")
    cs = [json.loads(l) for l in open(os.path.join(ROOT, prod, "conflicts.jsonl"))]
    n["cases"] = {k: sum(c["expect"] == k for c in cs) for k in ("contradiction", "consistent", "version_scoped")}
    n["gold"] = sum(1 for _ in open(os.path.join(ROOT, prod, "gold.jsonl")))
    counts[prod] = n
    cases[prod] = cs
out = open(os.path.join(ROOT, "README.md"), "w")
out.write("""# support_v: invented multi-source support corpora (Sendloft, Rainmere Sprout 8)

Held-out evaluation set for a support-question answerer that reads several sources at once
(official docs, forum threads, support tickets, blog posts) and has to say where they agree,
where they contradict each other, and which answer is authoritative (the official
documentation of the current version). Same format as `realkb` (see its README for the field
meanings); checked with `eval/support_sets/validate.py`.

**Everything here is invented**: products, vendors, people, tickets and URLs (all on the
reserved `.example` domain). Passages are written in the voice of their supposed authors and
cut to the relevant paragraphs; cuts are marked `[...]`.

## Products

* **sendloft** - Sendloft, a large-file transfer / file-sharing SaaS by Corvid Lane Software,
  current release **4.2** (2026-02-10; API v3, sendloft CLI 4.2). Changed values: default link
  expiry 14 -> 7 days (4.0); CLI `chunk_size` 5 MiB -> 16 MiB (4.0), while the packaged example
  `sendloft.toml` sets 8 MiB; web idle session timeout 24 -> 12 hours (4.0); Pro single-file
  limit 20 GB -> 50 GB (4.1); Pro API limit 300 -> 600 requests per minute (4.2). Plan-scoped
  values (file size 2 / 50 / 250 GB, recipients 5 / 50 / 500, API 60 / 600 / 1,200 per minute)
  and region-scoped audit-log retention (US 365 days, EU 180 days since 3.9).
* **rainmere** - Rainmere Sprout 8, an 8-zone Wi-Fi irrigation controller by Thistledown Labs,
  with the Rainmere app; current **firmware 3.4** (2026-01-27) / **app 5.2**. Changed values:
  rain delay default 24 -> 48 hours (fw 3.0), run-time cap 240 -> 180 minutes (fw 3.0),
  programs 4 -> 6 and start times 4 -> 8 (fw 3.0), Weather Skip threshold 3 mm -> 6 mm
  (0.12 -> 0.24 in, fw 3.2), free history 90 -> 30 days (app 5.0). Setup-wizard presets write
  their own run-time caps (60 / 120 / 90 / 180 minutes) that differ from the built-in 180;
  region-scoped freeze threshold (2 °C EU/AU, 35 °F NA); plan-scoped history (Free 30 days,
  Plus 2 years).

## Counts

| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |
|---|---|---|---|---|---|---|---|---|
""")
for p, n in counts.items():
    c = n["cases"]
    out.write(f"| {p} | {n['docs']} | {n['forums']} | {n['blogs']} | {n['tickets']} | {c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {n['gold']} |\n")
out.write("""
## Layout

```
support_v/
  README.md            this file
  _build/              scripts that wrote the label files and this README
  <product>/
    data/docs/*.md     official documentation; front matter title, source_url, version
    data/forums/*.txt  community threads: `Title:`, `User:`, `Reply:`..., last line `Source: <url>`
    data/blogs/*.md    vendor and third-party blog posts; front matter title, source_url, published_date
    data/tickets/tickets.json   {"support_tickets": [{id, title, status, created_date, source_url, content}]}
    conflicts.jsonl    labelled agreement / contradiction cases (11 per product)
    answers.jsonl      expected answer for each conflicts.jsonl line (same order)
    gold.jsonl         retrieval questions with every doc id that states a value for the asked fact
```

Doc ids are paths relative to the product folder; all tickets of a product share the id
`data/tickets/tickets.json`.

## Cases
""")
for p, cs in cases.items():
    out.write(f"\n**{p}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|\n")
    for c in cs:
        (d0, v0), (d1, v1) = c["sides"][:2]
        out.write(f"| {c['expect']} | {c['q']} | {'; '.join(v0)} (`{d0}`) | {'; '.join(v1)} (`{d1}`) |\n".replace("| Free | 30 days |", "Free: 30 days").replace("Rain delay duration | 48 hours", "Rain delay duration: 48 hours").replace("Idle session timeout | 12 hours", "Idle session timeout: 12 hours").replace("Run-time cap | zone | 180 minutes", "Run-time cap, zone: 180 minutes"))
out.write("""
## Traps built in

* Sample / shipped configuration that differs from the built-in default: Sendloft's packaged
  `sendloft.toml` (chunk_size 8 MiB vs built-in 16 MiB); Rainmere's setup-wizard presets
  (run-time caps 60 / 120 / 90 / 180 minutes vs built-in 180).
* Tickets whose (only) answer is wrong (SL-40213 Pro API limit, RM-7802 rain delay) next to a
  ticket where tier 1 is wrong and tier 2 corrects it (SL-40421) and tickets that are right.
* Threads in which a later reply corrects an earlier wrong reply or a wrong premise.
* Same value in other units: 16 MiB / 16777216 bytes, 12 hours / 720 minutes, 24 hours / one day,
  180 minutes / three hours, 6 mm / 0.24 in, 2 years / 730 days.
* Neighbouring numbers in the same passages (burst vs sustained API limits, maximum vs default
  link expiry, Business trash 180 days vs EU audit 180 days, zone current 650 mA, leak flow
  0.5 gal/min for 10 minutes) and unrelated numbers (ports 47821 / 8443, serial numbers,
  prices, thread ids, dates).

## Provenance

All sources are fictional; URLs use the reserved `.example` domain and do not resolve.

| file | type | source URL | version / date / note |
|---|---|---|---|
""")
out.write("\n".join(rows) + "\n")
out.close()
print(counts)
