#!/usr/bin/env python3
"""Write support_h/README.md (counts, cases and provenance table) from the files on disk."""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["replyloft", "gatekite"]

HEAD = """# support_h: held-out support knowledge bases (Replyloft, Gatekite)

Held-out evaluation corpora for a support-question answerer that reads several sources at
once (official docs, forum threads, support tickets, blog posts), answers a user's question,
and says whether the sources agree, contradict each other (the current official docs win), or
differ only by scope (release, SDK series, plan).

**Everything here is invented and was written from scratch for this set.** Both products,
their companies, people, ticket numbers, URLs (all under `.example` domains), prices, limits
and dates are made up; no text was copied from a real product's documentation, forum or blog.
The forum threads, tickets and blog posts are written in several voices on purpose (terse
admins, chatty founders, tier-1 agents, a vendor news site, an engineering postmortem). The
layout and label format follow `realkb` (see its README). Check the folder with
`python3 validate.py support_h` (the support sets' copy of realkb's checker).

* **replyloft** - a shared-inbox / helpdesk SaaS (plans Free / Pro / Enterprise; releases
  4.2 -> 4.6). Changed values behind the distractors: Free agents 5 -> 3 and Free searchable
  history 180 -> 90 days (4.2), Pro largest attachment 20 MB -> 25 MB and inbound message
  limit -> 35 MB (4.3), REST API limit Pro 60 -> 120 and Enterprise 300 -> 600 requests per
  minute (4.5). Plan differences: agents 3 / up to 50 / unlimited, shared inboxes 1 / 10 /
  unlimited, history 90 days / 3 years / unlimited, attachment 10 / 25 / 50 MB, REST API
  No / Yes / Yes, SAML SSO No / No / Yes, audit log none / 30 / 400 days. Units: 120 per
  minute = 2 per second; 600 per minute = 10 per second (the wrong "5 requests per second"
  is the old 300 per minute); 90 days = three months; 7 days = a week.
* **gatekite** - a feature-flag service (plans Developer (free) / Team / Enterprise; platform
  releases 3.0 -> 3.4, server-side SDKs 4.x -> 5.x). Changed values: Developer MAU 10,000 ->
  5,000 and seats 3 -> 5 (3.1), Management API limit Team 10 -> 20 and Enterprise 25 -> 50
  requests per second per token (3.2), server SDK default poll interval 60 -> 30 seconds
  (SDK 5.0), Team audit log 30 -> 90 days (3.3). Plan differences: seats 5 / 25 / unlimited,
  environments per project 2 / 5 / unlimited, MAU 5,000 / 100,000 / custom, audit log 7 days /
  90 days / 1 year, scheduled changes No / Yes / Yes, approval workflows No / No / Yes.
  Units: 20 per second = 1,200 per minute (the wrong "600 requests per minute" is the old
  10 per second); 1 year = 365 days; client SDK poll 300 seconds = 5 minutes.

Distractors written on purpose:

* neighbouring settings with their own numbers - Replyloft: 30 per minute on the search
  endpoint, 20 per minute on attachment uploads, 35 MB whole inbound message, 30 MB outbound,
  Trash 30 days, spam 14 days, undo send 10 seconds, page size 100 / 25, webhook 5 retries
  over 24 hours; Gatekite: per-flag 1 change per second, client SDK poll 300 seconds (minimum
  60), server SDK minimum 15 seconds, init_timeout and events flush 5 seconds, Developer API
  5 requests per second, stale flags after 30 days;
* threads where a wrong first reply is corrected by staff, another poster or the poster's own
  screen (Free agents 5, SSO on Pro, auto-close 4 days, Free history 6 months, approvals on
  Team on an Enterprise trial, Team environments 3);
* old values stated as facts without a version (a 2026 review, a 2026 compliance blog, a
  2026 tool comparison, tier-1 agents in RL-20931 and GK-5512, forum replies);
* version-scoped statements that name the release (Replyloft 4.2 and 4.3 news and customer
  posts, Gatekite 3.1 news post, SDK 4.x maintainer reply, SDK 4.7 postmortem);
* unrelated numbers: prices ($19 / $24 per agent, $12 per seat, $8 per 1,000 MAU), ticket
  and quote ids, invoice numbers, ports (8030, 8080, 8443, 443, 587), dates.
"""


def front(path):
    text = open(path, encoding="utf-8").read()
    meta = {}
    if text.startswith("---\n"):
        end = text.find("\n---\n", 4)
        for line in text[4:end].splitlines():
            m = re.match(r"^([A-Za-z_]+):\s*(.*)$", line)
            if m:
                meta[m.group(1)] = m.group(2).strip().strip('"')
    return meta


def main():
    out = [HEAD, "\n## Counts\n",
           "| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |",
           "|---|---|---|---|---|---|---|---|---|"]
    cases_md, prov = [], []
    for p in PRODUCTS:
        pdir = os.path.join(ROOT, p)
        n = {s: sorted(os.listdir(os.path.join(pdir, "data", s))) for s in ("docs", "forums", "blogs", "tickets")}
        tickets = json.load(open(os.path.join(pdir, "data/tickets/tickets.json")))["support_tickets"]
        conf = [json.loads(l) for l in open(os.path.join(pdir, "conflicts.jsonl"))]
        gold = [l for l in open(os.path.join(pdir, "gold.jsonl")) if l.strip()]
        c = {k: sum(1 for x in conf if x["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
        out.append(f"| {p} | {len(n['docs'])} | {len(n['forums'])} | {len(n['blogs'])} | {len(tickets)} | "
                   f"{c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {len(gold)} |")
        cases_md += [f"\n**{p}**\n", "| expect | question | official value (doc) | other value (source) |",
                     "|---|---|---|---|"]
        for x in conf:
            esc = lambda s: s.replace("|", "\\|")
            (d, dv), (o, ov) = x["sides"][0], x["sides"][1]
            cases_md.append(f"| {x['expect']} | {x['q']} | {esc(dv[0])} (`{d}`) | {esc(ov[0])} (`{o}`) |")
        for f in n["docs"]:
            m = front(os.path.join(pdir, "data/docs", f))
            prov.append(f"| `{p}/data/docs/{f}` | docs | {m['source_url']} | {m['version']} |")
        for f in n["forums"]:
            last = open(os.path.join(pdir, "data/forums", f)).read().strip().splitlines()[-1]
            prov.append(f"| `{p}/data/forums/{f}` | forums | {last[len('Source: '):]} | invented community thread |")
        for f in n["blogs"]:
            m = front(os.path.join(pdir, "data/blogs", f))
            prov.append(f"| `{p}/data/blogs/{f}` | blogs | {m['source_url']} | {m.get('published_date', 'unknown')} |")
        ids = ", ".join(t["id"] for t in tickets)
        host = tickets[0]["source_url"].rsplit("/", 1)[0] + "/"
        prov.append(f"| `{p}/data/tickets/tickets.json` | tickets | {host} (one URL per ticket) | "
                    f"{len(tickets)} invented tickets: {ids} |")
    out += ["\n## Layout\n",
            "Same as realkb: `<product>/data/{docs,forums,blogs,tickets}`, `conflicts.jsonl`, `answers.jsonl`, "
            "`gold.jsonl`. Doc ids are paths relative to the product folder; all tickets of a product share the id "
            "`data/tickets/tickets.json`. Each product has 2 yes/no questions in `conflicts.jsonl` whose answer is a "
            "plan feature (No / Yes). `_build/make_labels.py` writes the three label files, `_build/make_readme.py` "
            "this README.\n",
            "\n## Cases\n"] + cases_md
    out += ["\n## Provenance\n",
            "All files are invented and were written for this set on 2026-11-29. URLs are invented (`.example`).\n",
            "| file | type | source URL | version / date / note |", "|---|---|---|---|"] + prov
    out += ["\n## Notes on the labels\n",
            "* The first side of every case is a doc of the current release (Replyloft 4.6, Gatekite 3.4 / "
            "server SDKs 5.x). Release-notes pages state old values next to new ones and are listed in "
            "`gold.jsonl` but are never the 'other' side.",
            "* Threads that contain a wrong first reply also contain the correction; the labelled value is the "
            "wrong reply's sentence (contradiction) or the staff/poster reply that agrees (consistent).",
            "* Replyloft contradiction on Enterprise API limits and Gatekite contradiction on Team token limits "
            "are stated in other units than the docs (per second vs per minute) and equal the pre-change value; "
            "the matching consistent cases use the current value in the other unit.",
            "\n## Licence\n", "Written for evaluation only; invented content, no third-party text.\n"]
    open(os.path.join(ROOT, "README.md"), "w", encoding="utf-8").write("\n".join(out))


if __name__ == "__main__":
    main()
