import json, os, shutil, sys, importlib
sys.path.insert(0, os.path.dirname(__file__))
OUT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))  # the set folder
VERD = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}
mods = [importlib.import_module(m) for m in ("platewick", "hushvane")]
for m in mods:  # the products' folders are rewritten; _build stays
    shutil.rmtree(os.path.join(OUT, m.P), ignore_errors=True)
rows_counts, rows_cases, rows_prov = [], [], []
for m in mods:
    pdir = os.path.join(OUT, m.P)
    for sub, files in (("docs", m.DOCS), ("forums", m.FORUMS), ("blogs", m.BLOGS)):
        os.makedirs(os.path.join(pdir, "data", sub), exist_ok=True)
        for fn, txt in files.items():
            open(os.path.join(pdir, "data", sub, fn), "w", encoding="utf-8").write(txt)
    os.makedirs(os.path.join(pdir, "data", "tickets"), exist_ok=True)
    open(os.path.join(pdir, "data", "tickets", "tickets.json"), "w", encoding="utf-8").write(
        json.dumps(m.TICKETS, indent=2, ensure_ascii=False) + "\n")
    with open(os.path.join(pdir, "conflicts.jsonl"), "w", encoding="utf-8") as fc, \
         open(os.path.join(pdir, "answers.jsonl"), "w", encoding="utf-8") as fa:
        for c in m.CASES:
            fc.write(json.dumps({k: c[k] for k in ("q", "expect", "sides", "authoritative", "note")}, ensure_ascii=False) + "\n")
            other = {"value": c["a1"], "status": "supported" if c["expect"] == "consistent" else "contradicted",
                     "source": c["sides"][1][0]}
            if c["expect"] == "version_scoped":
                other["scope"] = c["scope"]
            fa.write(json.dumps({"q": c["q"], "verdict": VERD[c["expect"]], "answers": [
                {"value": c["a0"], "status": "authoritative", "source": c["sides"][0][0]}, other]}, ensure_ascii=False) + "\n")
    with open(os.path.join(pdir, "gold.jsonl"), "w", encoding="utf-8") as fg:
        for q, ids in m.GOLD:
            fg.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")
    cnt = {k: sum(1 for c in m.CASES if c["expect"] == k) for k in VERD}
    rows_counts.append(f"| {m.P} | {len(m.DOCS)} | {len(m.FORUMS)} | {len(m.BLOGS)} | {len(m.TICKETS['support_tickets'])} | "
                       f"{cnt['contradiction']} | {cnt['consistent']} | {cnt['version_scoped']} | {len(m.GOLD)} |")
    rows_cases.append(f"\n**{m.P}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
    for c in m.CASES:
        s0, s1 = c["sides"]
        rows_cases.append(f"| {c['expect']} | {c['q']} | {s0[1][0]} (`{s0[0]}`) | {s1[1][0]} (`{s1[0]}`) |")
    kinds = [("data/docs/", "docs"), ("data/forums/", "forums"), ("data/blogs/", "blogs"), ("data/tickets/", "tickets")]
    for pre, kind in kinds:
        for rel in sorted(r for r in m.META if r.startswith(pre)):
            url, note = m.META[rel]
            rows_prov.append(f"| `{m.P}/{rel}` | {kind} | {url} | {note} |")

readme = f"""# support_p: held-out multi-source knowledge bases for two invented products (Platewick, Hushvane)

Held-out evaluation set for a support-question answerer that reads several sources at once
(official docs, forum threads, support tickets, blog posts) and has to say where they agree,
where they contradict each other, and which answer is authoritative (the official documentation
of the current version). Layout and label format follow `realkb` exactly. It was written
without looking at the system under test.

**Everything in this set is invented.** Both products, every company, person, forum, blog,
ticket, number and URL were written from scratch for this set; no text was copied or retold
from public pages, no packages were downloaded and no search was used. All URLs are under the
reserved `.example` top-level domain and do not resolve. Any resemblance to real products,
companies or people is accidental.

Products and their "current version":

{mods[0].SUMMARY}
{mods[1].SUMMARY}

Changed or commonly misstated values behind the distractors:

{mods[0].CHANGES}
{mods[1].CHANGES}

Units vary on purpose: per minute vs per hour (120/min = 7,200/hour), minutes vs seconds
(5 minutes = 300 seconds), days vs "a fortnight", months vs "one year", °C vs °F, 24-hour times vs
"2 and 4 am", spelled-out numbers ("three", "seven years", "five minutes"), percent, MB/KB/GB.

Voices: a chatty bakery owner and food-truck owner, terse admins and integrators, community
champions and a moderator whose replies correct an earlier reply (Starter terminals, temperature
swing), tier-1 agents who are sometimes wrong (PW-20931, HV-55102, HV-55391), third-party
reviews, trade news posts, a customer engineering postmortem and a vendor status-page
postmortem.

## Counts

| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |
|---|---|---|---|---|---|---|---|---|
{chr(10).join(rows_counts)}

## Layout

Same as `realkb`: `<product>/data/{{docs,forums,blogs,tickets}}`, `conflicts.jsonl`,
`answers.jsonl` (same order), `gold.jsonl`. Doc ids are paths relative to the product folder;
all tickets of a product share the id `data/tickets/tickets.json`.

## Cases
{chr(10).join(rows_cases)}

## Provenance

Every file below is invented (written from scratch for this set); source URLs are invented
`.example` addresses.

| file | type | source URL (invented) | version / date / note |
|---|---|---|---|
{chr(10).join(rows_prov)}

## Notes on the labels

* The first side of every case is an official doc of the current version (Platewick 7.2,
  Hushvane firmware 4.6). Release notes are official too and name the older values, so a reader
  can tell outdated claims from plain errors.
* `contradiction` cases: the other source states a different value for the same thing without
  naming an older version (some are old values stated as current facts: 3 webhook retries,
  auto-away three hours, one year of history; others were never right: 3 Starter terminals,
  48 hours offline, 30 orders per half hour, 10 sensors, 1.5 °C, six months, 30 days).
* `version_scoped` cases: the other source names the old version (Platewick 6.8, API v2,
  firmware 3.2, firmware 4.4).
* `consistent` cases use other units or wording (7,200 requests per hour, 300 seconds, T+2,
  seven years, 59°F, 2 and 4 am, a fortnight, five minutes).
* `gold.jsonl` lists every file that states a value for the asked fact, including wrong and
  outdated ones; files that only mention a neighbouring setting are not listed.

## Licence notes

Written for this evaluation; for evaluation and development only.
"""
open(os.path.join(OUT, "README.md"), "w", encoding="utf-8").write(readme)
print("built", OUT)
