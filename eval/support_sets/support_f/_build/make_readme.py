#!/usr/bin/env python3
"""Write support_f/README.md (counts, cases and provenance) from the data and label files."""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["hearthly", "crewpay"]

HEAD = """# support_f: held-out support knowledge bases (Hearthly, Crewpay)

Held-out evaluation corpora for a support-question answerer that reads several sources at
once (official docs, forum threads, support tickets, blog posts), answers a user's question,
and says whether the sources agree, contradict each other (the current official docs win), or
differ only by scope (firmware version, app version, plan, model, region).

**Everything here is fictional and was written from scratch for this set.** Both products,
their companies, people, ticket numbers, URLs (all under `.example` domains), prices, limits
and dates are invented; no text was copied from a real product's documentation, forum or
blog. The layout and label format follow `realkb` (see its README). Check the folder with
`python3 validate.py support_f` (the support sets' copy of realkb's checker).

* **hearthly** - a smart thermostat (models Dial (H1) and Dial Pro (H2); firmware HearthOS
  2.8 -> 3.2.1) with the Hearthly Home energy app (Free / Hearthly Plus). Changed values behind
  the distractors: Minimum Cycle Off-time ("MCO") fixed 300 seconds -> adjustable with the same
  default (2.8), Away heating setpoint 15 °C -> 17 °C and Auto-Away on -> off by default (3.0),
  Dial Pro room sensors 6 -> 10 (3.1). Model and plan differences: Hearthly Room Sensors
  ("HRS", defined in the spec table and used as an abbreviation elsewhere) 4 on the Dial / 10
  on the Dial Pro; energy history 90 days (Free) / 3 years (Plus); household members 6 / 12;
  Home Energy Report ("HER") only on Plus. Units: Comfort 20 °C = 68 °F; swing 0.5 °C =
  0.9 °F; display sleep 90 seconds = 1.5 minutes; MCO 300 seconds = 5 minutes.
* **crewpay** - a payroll and HR SaaS (plans Starter / Growth / Scale; regions United States,
  United Kingdom, European Union, Australia; releases 7.0 -> 7.3). Changed values: 2FA
  required for owners, admins and payroll managers (7.0, optional before), minimum password
  length 8 -> 12 characters (7.1), session idle timeout 60 -> 30 minutes (7.2), Starter
  active employees 15 -> 25 (7.3). Plan and region differences: admins 2 / 10 / unlimited,
  document vault 2 GB / 50 GB / 500 GB, audit log 30 / 90 / 365 days, Australia region on
  Scale only, approval cut-off 2 business days (US, AU) vs 1 (UK, EU). Abbreviations defined
  once and reused: Employee Self-Service (ESS), Single Sign-On (SSO), Paid Time Off (PTO).
  Units: 2 GB = 2048 MB; 30 minutes = 1800 seconds; PTO carryover 40 hours = five 8-hour days.

Distractors written on purpose:

* the same number in another meaning - Hearthly: 4 as the Dial's sensor limit vs the wrong
  "4 members" on Free; 12 as the number of HERs kept vs the wrong "12 months" of free history;
  10 as the Dial Pro's sensor limit quoted for the Dial; 7 °C Frost protection next to the
  17 °C Away setpoint; 2 hours as the Auto-Away delay once enabled. Crewpay: 25 MB per file
  next to 25 employees; 60 minutes as a Growth/Scale option vs the wrong 60-minute default;
  365 days as the Scale audit log vs the wrong "a year" on Growth; 15 minutes lockout and the
  old Starter cap of 15 employees;
* neighbouring settings with their own values - Hearthly: Sleep 18 °C, Away cooling 28 °C,
  Early-On 3 hours, filter reminder 90 days, aux heat lockout 4 °C; Crewpay: lockout after 5
  failed sign-ins, 12-hour absolute session, ESS 2FA optional and off, auto-approve after 3
  business days;
* threads where a wrong reply is corrected by a moderator, another poster, or the poster's own
  settings (Away 15 °C, Dial sensors, Free members, Auto-Away, Comfort 72 °F, password length,
  Growth audit log, PTO "unlimited", UK BACS 3 days);
* old values stated as facts without naming the version (a Tier-1 agent in HRT-3101 and
  CPY-4588, a 2026 security checklist, forum replies) and an outdated 2025 review;
* version-, model- and plan-scoped values (Away 15 °C on HearthOS 2.x, Dial Pro 6 sensors
  before 3.1, passwords before Crewpay 7.1, Australia region on Scale).
"""

PROV_NOTE = {
    "forums": "invented community thread",
}


def front(path):
    text = open(path, encoding="utf-8").read()
    end = text.find("\n---\n", 4)
    meta = {}
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
        tickets = json.load(open(os.path.join(pdir, "data/tickets/tickets.json"), encoding="utf-8"))["support_tickets"]
        conf = [json.loads(l) for l in open(os.path.join(pdir, "conflicts.jsonl"), encoding="utf-8")]
        gold = [l for l in open(os.path.join(pdir, "gold.jsonl"), encoding="utf-8") if l.strip()]
        c = {k: sum(1 for x in conf if x["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
        out.append(f"| {p} | {len(n['docs'])} | {len(n['forums'])} | {len(n['blogs'])} | {len(tickets)} | "
                   f"{c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {len(gold)} |")
        cases_md += ["", f"**{p}**", "", "| expect | question | official value (doc) | other value (source) |",
                     "|---|---|---|---|"]
        for x in conf:
            (d, dv), (o, ov) = x["sides"][0], x["sides"][1]
            esc = lambda s: s.replace("|", "\\|")
            cases_md.append(f"| {x['expect']} | {x['q']} | {esc(dv[0])} (`{d}`) | {esc(ov[0])} (`{o}`) |")
        for s in ("docs", "forums", "blogs"):
            for fn in n[s]:
                path = os.path.join(pdir, "data", s, fn)
                if s == "forums":
                    url = open(path, encoding="utf-8").read().strip().splitlines()[-1][len("Source: "):]
                    note = PROV_NOTE["forums"]
                else:
                    m = front(path)
                    url = m["source_url"]
                    note = m.get("version") or m.get("published_date", "")
                prov.append(f"| `{p}/data/{s}/{fn}` | {s} | {url} | {note} |")
        base = tickets[0]["source_url"].rsplit("/", 1)[0] + "/"
        ids = ", ".join(t["id"] for t in tickets)
        prov.append(f"| `{p}/data/tickets/tickets.json` | tickets | {base} (one URL per ticket) | "
                    f"{len(tickets)} invented tickets: {ids} |")
    out += ["", "## Layout", "",
            "Same as realkb: `<product>/data/{docs,forums,blogs,tickets}`, `conflicts.jsonl`, "
            "`answers.jsonl`, `gold.jsonl`. Doc ids are paths relative to the product folder; all "
            "tickets of a product share the id `data/tickets/tickets.json`. Each product has 2-3 "
            "yes/no questions whose answer is a state or value. `_build/make_labels.py` writes the "
            "three label files, `_build/make_readme.py` this README.", "", "## Cases", ""]
    out += cases_md
    out += ["", "## Provenance", "",
            "All files are fictional and were written for this set on 2026-11-29. URLs are invented (`.example`).",
            "", "| file | type | source URL | version / date / note |", "|---|---|---|---|"]
    out += prov
    out += ["", "## Licence", "", "Written for evaluation only; fictional content, no third-party text.", ""]
    open(os.path.join(ROOT, "README.md"), "w", encoding="utf-8").write("\n".join(out))


if __name__ == "__main__":
    main()
