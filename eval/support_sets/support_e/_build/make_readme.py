#!/usr/bin/env python3
"""Writes support_e/README.md: descriptions, counts, case tables and the provenance table."""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["lumora", "tidewell"]

HEAD = """# support_e: held-out support knowledge bases (Lumora, Tidewell)

Held-out evaluation corpora for a support-question answerer that reads several sources at
once (official docs, forum threads, support tickets, blog posts), answers a user's question,
and says whether the sources agree, contradict each other (the current official docs win), or
differ only by scope (firmware/app version, plan, model).

**Everything here is fictional and was written from scratch for this set.** Both products,
their companies, people, ticket numbers, URLs (all under `.example` domains), prices, limits
and dates are invented; no text was copied from a real product's documentation, forum or
blog. The layout and label format follow `realkb` (see its README). Check the folder with
`python3 validate.py support_e` (the support sets' copy of realkb's checker).

* **lumora** - a team video-meeting and webinar SaaS (plans Free / Pro / Business /
  Enterprise; service and apps 5.0 -> 5.4.2). Changed values behind the distractors: Free
  meeting limit 60 -> 40 minutes (5.0, 2025-09-15), breakout rooms default off -> on (5.1),
  Pro participants 100 -> 150 (5.2), default cloud-recording retention 365 -> 120 days (5.3;
  365 stays the Business/Enterprise maximum), Canada data region for Enterprise (5.4). Plan
  differences: participants 100 / 150 / 300 / 500 (1,000 with the Enterprise Large Meetings
  add-on), Cloud Recording Storage ("CRS", defined once in the plans table and used as an
  abbreviation elsewhere) none / 10 GB per host / 50 GB per host pooled / unlimited, webinars
  Business 500 and Enterprise 3,000 attendees (none on Free and Pro), data regions US only /
  US only / US or EU / US, EU, UK, Australia, Canada. Units: 40 minutes = `max_duration_seconds`
  2400; 30 hours = 1,800 minutes = 108000 seconds.
* **tidewell** - a home backup NAS appliance (models TW-2 with 2 bays, TW-4 with 4 bays,
  TW-6 Pro with 6 bays plus a 5-bay TX-5 expansion unit; firmware TideOS 3.9 -> 4.2.1). Changed
  values: daily snapshots kept 14 -> 30 days with the new Smart Retention Policy ("SRP",
  TideOS 4.0), Guest permission on new shares read-only -> No access (4.0), data scrub
  quarterly -> monthly, first Sunday 02:00 (4.1), TW-6 Pro max volume 108 -> 200 TB (4.2).
  Model differences: max single volume 64 TB on TW-2/TW-4 (shown as 58.2 TiB in Storage
  Manager), Wake-on-LAN not on the TW-2, Cloud Sync tasks 2 / 10 / 25. Units: disk hibernation
  20 minutes = `hdd_spindown` 1200 seconds.

Distractors written on purpose:

* the same number in another meaning - Lumora: 60 seconds as the Free end-of-meeting
  countdown and the breakout closing countdown vs the wrong 60-minute Free limit; 100 as the
  Free participant cap vs the wrong "Pro tops out at 100"; 365 days as the Business maximum
  retention vs the wrong 365-day default; 1,000 as the Enterprise Large Meetings size vs the
  wrong 1,000-attendee Business webinar; 30 days as the recording trash period. Tidewell: 14
  days as the recycle-bin default vs the wrong 14-day daily-snapshot default; 30 minutes as the
  shortest auto power-off option vs the wrong "powers off after 30 minutes" default; 30 days as
  the cloud copy of deleted files; quarterly as a scrub option; 108 TB (TW-6 Pro before 4.2)
  quoted for the TW-4; 30 minutes as a blogger's own hibernation choice;
* neighbouring settings with their own values - Lumora: alone-in-meeting auto-end 15 minutes,
  join-before-host 10 minutes, banner 10 minutes before the limit, passcode and waiting room
  both "Default: On", breakout auto-close off with 30 minutes proposed; Tidewell: hourly 24 hours
  / weekly 8 weeks / monthly 12 months next to daily 30 days, SMART quick test weekly next to the
  monthly scrub, power schedule next to auto power-off, Cloud Sync versions 5;
* threads where a wrong reply is corrected by the community team, another poster, or the
  poster's own settings (Free limit, recording retention, breakout room count, TW-4 volume,
  TW-2 power-off);
* old values stated as facts without naming the version (a Tier-1 agent in LUM-20418 and
  TWS-5512, a 2026 blog review, forum replies);
* plan-, model- and version-scoped values (Canada region on Enterprise, TW-6 Pro on TideOS
  4.1, scrubs up to TideOS 4.0, Pro before Lumora 5.2, retention before 5.3).
"""


def table_cases(product):
    rows = ["| expect | question | official value (doc) | other value (source) |",
            "|---|---|---|---|"]
    for line in open(os.path.join(ROOT, product, "conflicts.jsonl"), encoding="utf-8"):
        c = json.loads(line)
        (d, dv), (o, ov) = c["sides"][0], c["sides"][1]
        esc = lambda s: s.replace("|", "\\|")
        rows.append(f"| {c['expect']} | {esc(c['q'])} | {esc('; '.join(dv))} (`{d}`) | "
                    f"{esc('; '.join(ov))} (`{o}`) |")
    return "\n".join(rows)


def front(path):
    text = open(path, encoding="utf-8").read()
    end = text.find("\n---\n", 4)
    meta = {}
    for l in text[4:end].splitlines():
        m = re.match(r"^([A-Za-z_]+):\s*(.*)$", l)
        if m:
            meta[m.group(1)] = m.group(2).strip().strip('"')
    return meta


def main():
    out = [HEAD, "\n## Counts\n",
           "| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |",
           "|---|---|---|---|---|---|---|---|---|"]
    prov = ["| file | type | source URL | version / date / note |", "|---|---|---|---|"]
    cases_md = []
    for p in PRODUCTS:
        pd = os.path.join(ROOT, p, "data")
        n = {s: sorted(os.listdir(os.path.join(pd, s))) for s in ("docs", "forums", "blogs", "tickets")}
        tickets = json.load(open(os.path.join(pd, "tickets", "tickets.json")))["support_tickets"]
        exp = [json.loads(l)["expect"] for l in open(os.path.join(ROOT, p, "conflicts.jsonl"))]
        ngold = sum(1 for _ in open(os.path.join(ROOT, p, "gold.jsonl")))
        out.append(f"| {p} | {len(n['docs'])} | {len(n['forums'])} | {len(n['blogs'])} | {len(tickets)} | "
                   f"{exp.count('contradiction')} | {exp.count('consistent')} | {exp.count('version_scoped')} | {ngold} |")
        cases_md.append(f"\n**{p}**\n\n" + table_cases(p))
        for fn in n["docs"]:
            m = front(os.path.join(pd, "docs", fn))
            prov.append(f"| `{p}/data/docs/{fn}` | docs | {m['source_url']} | {m['version']} |")
        for fn in n["forums"]:
            last = open(os.path.join(pd, "forums", fn)).read().strip().splitlines()[-1]
            prov.append(f"| `{p}/data/forums/{fn}` | forums | {last[len('Source: '):]} | invented community thread |")
        for fn in n["blogs"]:
            m = front(os.path.join(pd, "blogs", fn))
            prov.append(f"| `{p}/data/blogs/{fn}` | blogs | {m['source_url']} | {m['published_date']} |")
        ids = ", ".join(t["id"] for t in tickets)
        prov.append(f"| `{p}/data/tickets/tickets.json` | tickets | {tickets[0]['source_url'].rsplit('/', 1)[0]}/ (one URL per ticket) | "
                    f"{len(tickets)} invented tickets: {ids} |")
    out += ["\n## Layout\n",
            "Same as realkb: `<product>/data/{docs,forums,blogs,tickets}`, `conflicts.jsonl`, "
            "`answers.jsonl`, `gold.jsonl`. Doc ids are paths relative to the product folder; all "
            "tickets of a product share the id `data/tickets/tickets.json`. Each product has 2-3 "
            "yes/no questions whose answer is a state or value. `_build/make_labels.py` writes the "
            "three label files, `_build/make_readme.py` this README.\n",
            "## Cases\n"] + cases_md
    out += ["\n## Provenance\n",
            "All files are fictional and were written for this set on 2026-11-29. URLs are invented (`.example`).\n"]
    out += prov
    out += ["\n## Licence\n", "Written for evaluation only; fictional content, no third-party text.\n"]
    open(os.path.join(ROOT, "README.md"), "w", encoding="utf-8").write("\n".join(out))


if __name__ == "__main__":
    main()
