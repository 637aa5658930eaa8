#!/usr/bin/env python3
import json, os, re
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODS = ["tablespoke", "burrowbox"]

def meta(path):
    t = open(path, encoding="utf-8").read()
    m = {}
    if t.startswith("---\n"):
        for line in t[4:t.find("\n---\n", 4)].splitlines():
            k, _, v = line.partition(":")
            m[k.strip()] = v.strip().strip('"')
    return m, t

out = []
out.append("""# support_j: held-out support knowledge bases (Tablespoke, Burrowbox)

Held-out evaluation corpora for a support-question answerer that reads several sources at once
(official docs, forum threads, support tickets, blog posts) and must say whether they agree,
contradict each other (the official docs of the current version win), or differ only by scope
(an older version named by the other source). Same layout and label format as `realkb`
(see `/work/shared/datasets/realkb/README.md`).

**Everything here is fictional and was written from scratch for this held-out set** (2026-11-29).
The two products, their companies, people, URLs (`*.example` domains), version numbers, prices and
limits are invented; no text was copied from any real product, page or package. The writer never
read the tool's source, tests, docs or evaluation code and never ran it.

* **Tablespoke** - video-meeting SaaS: plans Free / Team / Business / Enterprise, cloud recordings,
  lobby and meeting-ending settings, SSO sessions, REST API v2 rate limits and webhooks, meeting chat
  file sharing. Current version: **Tablespoke 9.2** (release notes cover 8.5 to 9.2).
* **Burrowbox** - on-premise backup appliance (B4 / B8 / B16) running **BurrowOS 5.3** (release
  notes cover 5.0 to 5.3): job timeouts, GFS retention, immutable snapshots, recycle bin, offsite
  replication, integrity scrub, console security.

Invented histories behind the distractors:

* **tablespoke** - Free meeting length 40 -> 45 minutes (9.0); SSO session lifetime 30 -> 14 days
  (9.0); webhook retries 3 -> 8 (9.0); Business recording retention 60 -> 90 days (9.1); chat file
  size 200 MB -> 512 MB (9.1); Business API 90 -> 120 requests per minute (9.1); Team participants
  100 -> 150 (8.5); End when alone 40 -> 20 minutes (8.5). Neighbours with their own numbers: burst
  10/25 requests per second, reports endpoints 2,000 per day, webhook timeout 10 seconds, webhook log
  7 days, trash 30 days, download links 72 hours, reconnect grace 90 seconds, host absence 10 minutes,
  web idle timeout 8 hours, app tokens 90 days, lockout 10 attempts / 30 minutes. Template defaults
  that differ from built-in ones: the Classroom template (lobby 30 minutes, end when alone 10 minutes).
* **burrowbox** - daily restore points 7 -> 14 (5.0); B8 concurrent jobs 8 -> 10 (5.1); job timeout
  6 -> 12 hours (5.2); scrub interval 7 -> 30 days (5.3). Quick Setup profiles that differ from
  built-in defaults: Small office (job timeout 8 hours, retries 2), Branch office (replication 50 Mbit/s
  in business hours; built-in is 0 = unlimited). Neighbours: stalled-transfer timeout 30 minutes, retry
  delay 10 minutes, SSH idle 10 minutes, lockout duration 15 minutes, API tokens 90 days, audit log
  400 days, immutability maximum 3650 days, replication every 4 hours, SMART polling every 24 hours;
  unrelated numbers: ports 443/8443/22/7410/7411/623/514/6514, capacities, wattages.

Threads with a wrong first reply also contain a correcting reply (free_meeting_cut_off,
sso_relogin_every_two_weeks, jobs_killed_six_hours, replication_slow_100mbit, and the user's own
dates in scrub_weekly_disk_load); the labelled "other" value is the wrong reply's sentence.
Tier-1 ticket agents are right in some tickets and wrong in others (TS-20417, BB-31207 wrong; a tier-2
follow-up corrects a tier-1 answer in TS-20833).

## Counts

| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |
|---|---|---|---|---|---|---|---|---|
""")
cases = {}
rows = []
for p in PRODS:
    pd = os.path.join(ROOT, p)
    n = {s: len(os.listdir(os.path.join(pd, "data", s))) for s in ("docs", "forums", "blogs")}
    tk = len(json.load(open(os.path.join(pd, "data/tickets/tickets.json")))["support_tickets"])
    cs = [json.loads(l) for l in open(os.path.join(pd, "conflicts.jsonl"))]
    cases[p] = cs
    g = sum(1 for l in open(os.path.join(pd, "gold.jsonl")) if l.strip())
    c = {k: sum(1 for x in cs if x["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
    out.append(f"| {p} | {n['docs']} | {n['forums']} | {n['blogs']} | {tk} | {c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {g} |\n")
out.append("\n## Labelled cases\n")
for p in PRODS:
    out.append(f"\n**{p}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|\n")
    for x in cases[p]:
        (d, dv), (o, ov) = x["sides"][0], x["sides"][1]
        esc = lambda s: s.replace("|", "\\|")
        out.append(f"| {x['expect']} | {x['q']} | {esc(dv[0])} (`{d}`) | {esc(ov[0])} (`{o}`) |\n")

out.append("\n## Provenance\n\nAll files are invented and were written for this set on 2026-11-29. URLs are invented (`.example`); none of them exists.\n\n| file | type | source URL | version / date / note |\n|---|---|---|---|\n")
for p in PRODS:
    pd = os.path.join(ROOT, p)
    for s in ("docs", "forums", "blogs"):
        for fn in sorted(os.listdir(os.path.join(pd, "data", s))):
            path = os.path.join(pd, "data", s, fn)
            if s == "forums":
                t = open(path).read().strip().splitlines()
                url = t[-1].split("Source: ", 1)[1]
                note = "invented community thread"
            else:
                m, _ = meta(path)
                url = m["source_url"]
                note = (m.get("version") + " (invented official doc)") if s == "docs" else (m.get("published_date", "") + " (invented third-party post)")
            out.append(f"| `{p}/data/{s}/{fn}` | {s} | {url} | {note} |\n")
    tks = json.load(open(os.path.join(pd, "data/tickets/tickets.json")))["support_tickets"]
    base = tks[0]["source_url"].rsplit("/", 1)[0] + "/"
    out.append(f"| `{p}/data/tickets/tickets.json` | tickets | {base} (one URL per ticket) | {len(tks)} invented tickets: {', '.join(t['id'] for t in tks)} |\n")

out.append("""
## Notes on the labels

* The first side of every case is a doc of the current release (Tablespoke 9.2 / API v2; BurrowOS 5.3).
  Release-notes pages state old values next to new ones; they are listed in `gold.jsonl` but are never
  the "other" side.
* `contradiction`: an old value (or a plain mix-up with a neighbouring setting, e.g. the B4 review's
  10-minute console timeout, which is the SSH idle limit; the replication reply's 100 Mbit/s) stated as
  current without naming a version.
* `version_scoped`: the other source names the release for which the old value was right (Tablespoke
  before 9.0 / 9.0 and earlier; BurrowOS 5.1 and earlier / before 5.3).
* `consistent`: same value in another unit or wording (2 requests per second vs 120 per minute,
  a quarter of an hour, one year, half a gigabyte, a week, three days, five, ten).
* `_build/build_labels.py` writes the label files; `_build/build_readme.py` writes this README.

## Licence

Written for evaluation only; invented content, no third-party text.
""")
open(os.path.join(ROOT, "README.md"), "w").write("".join(out))
