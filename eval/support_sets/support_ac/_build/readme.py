import json, os, re
R = "/tmp/heldout24/support_ac"
out = []
out.append("""# support_ac: invented multi-source knowledge-base corpora (Lumapix, Simmerline S2)

Evaluation corpora for a support-question answerer that reads several sources at once
(official docs, forum threads, support tickets, blog posts) and has to say where they agree,
where they contradict each other, and which answer is authoritative (the official
documentation of the current version).

Everything here is invented for this dataset: products, vendors, people, prices, phone numbers
and URLs (all under the reserved `.example` domain). Any resemblance to real products is
accidental. The format follows `realkb` (see its README for field meanings).

* **lumapix** - Lumapix, a SaaS image CDN / transformation API. Current version: **Lumapix
  Platform 4.3** (CLI 2.9). Changed values: Pro upload limit 25 MB -> 50 MB (4.0), derived-image
  `cache_max_age` 86400 -> 604800 s (4.0), default JPEG/WebP quality 75 -> 80 (4.0), max output
  4096 -> 8192 px (4.0), SDK signed-URL lifetime 3600 -> 900 s (4.1), Pro Management API rate limit
  300 -> 600 req/min (4.2), trash retention 14 -> 30 days (4.2). Plan-scoped values (upload size,
  rate limit, input megapixels), region-scoped purge propagation (30 s US/EU vs 120 s AP/SA).
  Distractor: the `lumapix init` starter file sets `cache_max_age: 86400` and preset `q: 85`.
* **simmerline** - Simmerline S2, a Wi-Fi/Bluetooth sous-vide precision cooker with the
  Simmerline app. Current version: **firmware 3.4.1, app 5.2**. Changed values: max cook timer
  72 -> 99 h (fw 3.0), max delayed start 8 -> 2 h (fw 3.1), idle auto-off 30 -> 15 min (fw 3.2),
  Keep Warm default 240 -> 120 min (fw 3.2), Free cook history 90 -> 30 days (app 5.0).
  Region-scoped heater power (1100 W SL-S2-120 US/CA vs 1200 W SL-S2-230 EU/UK/AU), plan-scoped
  history (Free 30 days vs Simmerline+ 2 years). Distractor: the app's onboarding wizard sets
  Keep Warm to 60 minutes, unlike the firmware default.

## Counts

| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |
|---|---|---|---|---|---|---|---|---|
""")
prov = []
cases_md = []
for p in ("lumapix", "simmerline"):
    d = f"{R}/{p}/data"
    n = {s: sorted(os.listdir(f"{d}/{s}")) for s in ("docs", "forums", "blogs", "tickets")}
    tickets = json.load(open(f"{d}/tickets/tickets.json"))["support_tickets"]
    conf = [json.loads(l) for l in open(f"{R}/{p}/conflicts.jsonl")]
    gold = sum(1 for _ in open(f"{R}/{p}/gold.jsonl"))
    c = {k: sum(1 for x in conf if x["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
    out.append(f"| {p} | {len(n['docs'])} | {len(n['forums'])} | {len(n['blogs'])} | {len(tickets)} | {c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {gold} |\n")
    cases_md.append(f"\n**{p}**\n\n| expect | official value (doc) | other value (source) |\n|---|---|---|\n")
    for x in conf:
        s0, s1 = x["sides"][0], x["sides"][1]
        cases_md.append(f"| {x['expect']} | {', '.join(s0[1])} (`{s0[0]}`) | {', '.join(s1[1])} (`{s1[0]}`) |\n")
    for s in ("docs", "forums", "blogs", "tickets"):
        for fn in n[s]:
            path = f"{d}/{s}/{fn}"
            txt = open(path).read()
            if s == "forums":
                url = txt.strip().splitlines()[-1].replace("Source: ", "")
                note = ""
            elif s == "tickets":
                url = "<br>".join(t["source_url"] for t in tickets)
                note = f"{len(tickets)} invented tickets: " + ", ".join(t["id"] for t in tickets)
            else:
                url = re.search(r"^source_url: (.*)$", txt, re.M).group(1)
                key = "version" if s == "docs" else "published_date"
                note = re.search(rf"^{key}: (.*)$", txt, re.M).group(1).strip('"')
            prov.append(f"| `{p}/data/{s}/{fn}` | {s} | {url} | {note} |\n")
out.append("""
## Layout

```
support_ac/
  README.md            this file
  _build/              scripts that wrote the label files and this README
  <product>/
    data/docs/*.md     official documentation passages; front matter title, source_url, version
    data/forums/*.txt  community threads: `Title:`, `User:`, `Reply:`..., last line `Source: <url>`
    data/blogs/*.md    blog posts, reviews, vendor blog; front matter title, source_url, published_date
    data/tickets/tickets.json   {"support_tickets": [{id, title, status, created_date, source_url, content}]}
    conflicts.jsonl    labelled agreement / contradiction cases (5 contradiction, 4 consistent, 2 version_scoped)
    answers.jsonl      expected answer for each conflicts.jsonl line (same order)
    gold.jsonl         retrieval questions with every doc id that states a value for the asked fact
```

Doc ids are paths relative to the product folder; all tickets of a product share the id
`data/tickets/tickets.json`. Scoped answers carry `scope` on `answers[1]`.

## Hard parts built in

* Neighbouring numbers in the same passages: `stale_while_revalidate` 86400 next to `cache_max_age`
  604800; signed-URL max lifetime 604800 s (= the cache default); AVIF quality 60 next to JPEG 80;
  multipart part size 5 MB next to upload limits; food-safety "2 hours" in the Quick Start next to the
  2-hour delayed-start limit; heater over-temperature 105 °C next to the 95 °C setpoint maximum.
* Values in other units: 15 seconds / 15000 ms, 604800 s / 7 days, 120 minutes / two hours,
  60 °C / 140°F, 95 °C / 203°F, 10 m / 33 feet.
* Shipped / onboarding defaults differing from built-in ones (`lumapix init` starter file,
  Simmerline app wizard "Recommended" Keep Warm 60 minutes).
* Threads whose first reply is wrong and a later reply corrects it; tickets whose tier-1 answer is
  wrong and tier 2 corrects it (LPX-20931, SMR-4471) next to tickets answered correctly.
* Outdated values stated as fact (a 2024 blog quoting quality 75 before 4.0 shipped, a 2025 recipe
  blog quoting the 72-hour timer), and a forum reply right in conclusion but wrong in its number.
* Unrelated numbers: ports 80/443/8443/9000, HTTP status codes, error codes E03/E07/E12/E21,
  prices, dates, counts of images, circuit amperages.

## Cases
""")
out.extend(cases_md)
out.append("\n## Provenance (all invented)\n\n| file | type | source URL | version / date / note |\n|---|---|---|---|\n")
out.extend(prov)
open(f"{R}/README.md", "w").write("".join(out))
