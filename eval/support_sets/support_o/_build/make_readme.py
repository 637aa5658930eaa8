"""Writes support_o/README.md from the data and label files."""
import json, os, re
SET = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
PRODS = ["classwell", "stowpoint"]

def meta(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".md"):
        fm = text[4:text.find("\n---\n", 4)]
        m = dict(re.match(r"^([A-Za-z_]+):\s*(.*)$", l).groups() for l in fm.splitlines())
        return {k: v.strip().strip('"') for k, v in m.items()}
    if path.endswith(".txt"):
        return {"source_url": text.strip().splitlines()[-1][len("Source: "):]}
    return {}

out = []
w = out.append
w("""# support_o: held-out support knowledge bases (Classwell, Stowpoint)

Held-out evaluation set for a support-question answerer that reads several sources at once
(official docs, forum threads, support tickets, blog posts) and has to say where they agree,
where they contradict each other, and which answer is authoritative (the official
documentation of the current version). Layout and label format follow `realkb` exactly
(see `/work/shared/datasets/realkb/README.md`). It was written without looking at the system
under test (its source, tests, notes or outputs).

**Everything in this set is invented and was written from scratch for it** (2026-11). Both
products, their companies, people, prices, version histories, limits and every URL
(`*.example` domains) are fictional; no text was copied or retold from any real product,
page or thread, and no package or search result was used. The provenance table below lists
each file with its invented URL; "invented" there means the page does not exist anywhere.

* **Classwell** - school learning-management SaaS. Plans Seed / Grove / District, storage
  quotas, assignment submission limits (file size, files, attempts, late window), SIS grade
  export and roster sync schedules, data retention, REST API v2 limits (v1 retired),
  session timeout. Current release: **Classwell 26.3** (March 2026).
* **Stowpoint** - home network-attached storage appliance (Duo SP-D2, Quad SP-Q4) with the
  Stowpoint Home app. Current firmware: **StowOS 5.3** (February 2026); drive limits, HDD
  hibernation and other power settings, snapshot schedule, recycle bin, auto block, update
  window, power draw in watts.

Changed values behind the distractors (invented histories, stated in each product's release
notes doc):

* **classwell** - submission upload limit 100 MB (25.x) -> 250 MB (26.1); files per submission
  10 -> 20 (26.1); grade export weekly on Sunday 03:00 (25.x) -> every 24 hours at 02:00
  (26.0); roster sync 12 h -> 6 h (26.0); API v1 100 requests per minute -> API v2 600 per
  minute (v1 retired 2025-08-31); course Trash retention 14 -> 30 days (26.3).
* **stowpoint** - HDD hibernation 10 -> 20 minutes (5.0); snapshots daily/keep 7 (4.x) ->
  hourly, 24 hourly + 14 daily (5.0); largest drive 18 TB -> 24 TB per bay (5.1); auto block
  3 -> 5 failed attempts (5.2, block time 15 minutes unchanged); snapshot reserve 15% -> 10%
  (5.3); web ports 8080/8443 -> 5080/5443 (5.0).

Noise on purpose: neighbouring settings with their own numbers (Classwell: 2 GB teacher
resource uploads, 20 files per submission, 3 attempts, quiz attempts 1, 48-hour export link
expiry, 4 manual exports per day, 3 retries 15 minutes apart, burst 50, bulk exports 10 per hour,
100 items per page, 10 failed sign-ins / 30-minute lock, 90/365-day audit logs, 7-year
archives, 35-day backups; Stowpoint: 10-minute auto-block window, 30-minute web session, 5-minute
fan step-down, UPS 5 minutes / 15%, 256 snapshots per folder, 65 W / 120 W adapters, 9 W / 5 W
hibernated draw, 7-day staged rollout), units in varied forms (per minute vs per second vs per
hour, hours vs days, "thirty days", "a fortnight", "two weeks", GB vs GiB vs TB, W vs watts,
dB(A)), plan-scoped values (Seed/Grove/District storage and audit logs), people's own
measurements (13.5 W, 22 W), replies that correct an earlier reply (Classwell grade-export
thread, Stowpoint hibernation thread), tier-1 agents who give a wrong figure (Classwell
CW-48213 and CW-48577, Stowpoint SP-220871), a stale third-party review, and unrelated
numbers (ports 22, 8443, 9090, 5080, 5443, 5353; line 212 of a script; row 4096; a 380 MB
update file; rebuild hours).
""")
w("## Counts\n")
w("| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |")
w("|---|---|---|---|---|---|---|---|---|")
for p in PRODS:
    d = os.path.join(SET, p, "data")
    n = {s: len(os.listdir(os.path.join(d, s))) for s in ("docs", "forums", "blogs")}
    nt = len(json.load(open(os.path.join(d, "tickets", "tickets.json")))["support_tickets"])
    cs = [json.loads(l) for l in open(os.path.join(SET, p, "conflicts.jsonl"))]
    c = {k: sum(1 for x in cs if x["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
    ng = sum(1 for _ in open(os.path.join(SET, p, "gold.jsonl")))
    w(f"| {p} | {n['docs']} | {n['forums']} | {n['blogs']} | {nt} | {c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {ng} |")
w("""
## Layout

Same as realkb: `<product>/data/{docs,forums,blogs,tickets}`, `conflicts.jsonl`,
`answers.jsonl`, `gold.jsonl`. Doc ids are paths relative to the product folder; all tickets
of a product share the id `data/tickets/tickets.json`. `_build/` holds the scripts that wrote
the data files (`write_classwell.py`, `write_stowpoint.py`), the labels (`make_labels.py`) and
this README (`make_readme.py`). Check with
`python3 /work/main/eval/support_sets/validate.py <this folder>`.

## Cases
""")
for p in PRODS:
    w(f"\n**{p}**\n")
    w("| expect | question | official value (doc) | other value (source) |")
    w("|---|---|---|---|")
    for l in open(os.path.join(SET, p, "conflicts.jsonl")):
        x = json.loads(l)
        (d, dv), (o, ov) = x["sides"][:2]
        w(f"| {x['expect']} | {x['q']} | {'; '.join(dv)} (`{d}`) | {'; '.join(ov)} (`{o}`) |")
w("\n## Provenance\n")
w("| file | type | source URL | version / date / note |")
w("|---|---|---|---|")
for p in PRODS:
    d = os.path.join(SET, p, "data")
    for sub in ("docs", "forums", "blogs", "tickets"):
        for fn in sorted(os.listdir(os.path.join(d, sub))):
            path = os.path.join(d, sub, fn)
            rel = f"{p}/data/{sub}/{fn}"
            if sub == "tickets":
                ts = json.load(open(path))["support_tickets"]
                urls = "<br>".join(t["source_url"] for t in ts)
                note = f"invented; {len(ts)} tickets: " + ", ".join(f"{t['id']} ({t['created_date']})" for t in ts)
                w(f"| `{rel}` | tickets | {urls} | {note} |")
                continue
            m = meta(path)
            extra = m.get("version") or m.get("published_date") or "thread, undated"
            kind = {"docs": "docs (official, invented)", "forums": "forums (invented)", "blogs": "blogs (invented)"}[sub]
            w(f"| `{rel}` | {kind} | {m.get('source_url')} | invented; {extra} |")
w("""
## Notes on the labels

* The first side of every case is an official doc of the current version (Classwell 26.3 /
  API v2, StowOS 5.3). The release-notes docs are official too but state old values as
  history; they are in gold.jsonl, never a case's first side.
* `contradiction`: the other source states a different value as current without naming the
  older version (several are old values: 100 MB, 14 days, 10 minutes, 18 TB, 7 days of
  snapshots, 3 failed sign-in attempts; others are mix-ups with neighbouring numbers: 250 GB, 60 per
  minute, 48 hours, two weeks).
* `version_scoped`: the other source names the older version (Classwell 25.x / API v1,
  StowOS 4.x, "before StowOS 5.1"); `answers[1].scope` names it.
* The Classwell grade-export consistent case uses a thread whose first reply is wrong
  (weekly, Sunday 03:00) and whose staff reply corrects it; the labelled value is the
  correction, which matches the docs. The Stowpoint review (nasbench) was published while
  5.2 was current, so its 18 TB was already out of date when written: labelled
  contradiction, not version_scoped.
* In SP-220871 the customer's own finding (a 10-day-old daily snapshot) refutes the agent's
  "7 days"; only the agent's sentence is labelled.

## Licence notes

Written for this evaluation; fictional. For evaluation and development only.
""")
open(os.path.join(SET, "README.md"), "w", encoding="utf-8").write("\n".join(out) + "\n")
print("README written")
