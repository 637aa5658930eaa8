#!/usr/bin/env python3
"""Write support_i/README.md from the data files and label files."""
import json, os, re
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["keyvale", "trailpost"]

HEAD = """# support_i: held-out support knowledge bases (Keyvale, Trailpost)

Held-out evaluation corpora for a support-question answerer that reads several sources at
once (official docs, forum threads, support tickets, blog posts), answers a user's question,
and says whether the sources agree, contradict each other (the current official docs win), or
differ only by scope (release, firmware, browser-extension series, plan).

**Everything here is invented and was written from scratch for this set.** Both products,
their companies, people, ticket and invoice numbers, URLs (all under `.example` domains),
prices, limits and dates are made up; no text was copied from a real product's documentation,
forum or blog. Sources are written in several voices on purpose (terse admins, chatty small
business owners, tier-1 agents who get it wrong, a vendor/trade news post, review blogs,
engineering postmortems, a compliance blog). The layout and label format follow `realkb`
(see its README). Check the folder with `python3 validate.py support_i`.

* **keyvale** - a team password manager (plans Free / Business / Enterprise; releases
  Keyvale 7.0 -> 7.4, browser extension 4.x -> 5.2, Public API v3). Changed values behind
  the distractors: failed-login lockout default 10 -> 5 attempts (7.0; lockout stays 15
  minutes), Business password history 10 -> 25 versions per item (7.1), web vault idle
  timeout default 30 -> 15 minutes (7.2), Business API limit 100 -> 300 requests per minute
  per key (7.3), emergency access default wait 2 days -> 7 days (7.3), extension
  clear-clipboard default 60 -> 30 seconds (extension 5.0). Plan differences: users 2 / up to
  500 / unlimited, vault items 50 / unlimited / unlimited, shared folders 1 / 100 / unlimited,
  password history 5 / 25 / 100, attachments No / 100 MB / 500 MB per file, event log 7 days /
  90 days / 2 years, emergency access / Public API No / Yes / Yes, SCIM No / No / Yes.
  Units: 300 per minute = 5 per second; 15 minutes = a quarter of an hour; 90 days = three
  months; 50 = fifty; 7 days = a week (the wrong "48 hours" is the old 2-day default).
* **trailpost** - a GPS fleet tracker (TP-300 device, firmware 3.0 -> 3.6; Trailpost Cloud
  5.0 -> 5.4; plans Starter / Fleet / Enterprise). Changed values: offline buffer 5,000 ->
  20,000 positions (firmware 3.2), default moving interval 60 s -> 30 s (firmware 3.4),
  Starter history 90 -> 30 days (Cloud 5.2), Fleet geofences 100 -> 200 (Cloud 5.3). Plan
  differences: devices 5 / 250 / unlimited, history 30 days / 12 months / 5 years, geofences
  10 / 200 / 2,000, minimum interval 60 / 10 / 5 s, included data 10 / 25 / 50 MB (pooled)
  per device per month, API No / Yes / Yes. Device: operating -30 °C to +70 °C (= -22 °F to
  158 °F), charging 0 to +45 °C, storage -40 to +85 °C, backup battery up to 8 hours at the
  default interval, battery-only parked mode up to 5 days. Units: 30 s = twice a minute (the
  wrong "once a minute" is the old default); 12 months = one year.

Distractors written on purpose:

* neighbouring settings with their own numbers - Keyvale: extension auto-lock 4 hours
  (vs web vault 15 minutes), per-IP sign-in limit 20 per hour, lockout range 3-10, TOTP 30
  seconds and remember-device 30 days (vs 30-second clipboard), Trash 30 days, invitation
  expiry 5 days, 5 emergency contacts, export endpoint 10 per hour, 500 events per page,
  burst of 20, 50,000-row CSV export, master password 12 characters; Trailpost: parked
  heartbeat 6 hours, heading change 30 degrees, harsh events 0.4 g / 0.5 g, speeding 5 km/h,
  polygon 100 vertices (vs the old 100-geofence limit), dwell 60 seconds, 500-record event
  area, 250-position upload batches, charging and storage temperature ranges, battery-only
  parked mode 5 days, firmware update 1.8 MB;
* threads where a wrong first reply is corrected by staff or by the poster's own findings
  (Business history 10 versions, Fleet geofences 100 / vertex limit, web vault vs extension
  timer);
* old values stated as facts without a version (2026 review blogs, a family-finance blog, a
  small-business diary, tier-1 agents in KV-4410 and TP-88121, forum replies);
* version-scoped statements that name the release (Keyvale 7.1 news post, extension 4.x
  forum reply, firmware 3.3 staff reply, Trailpost Cloud 5.3 news post);
* unrelated numbers: prices ($5 / $11 per user, $9 / $15 per device, $89 hardware, $0.40
  per MB, $4 roaming add-on), ticket, invoice, claim and incident ids, dates, sizes (16 MB
  flash, 1,100 mAh, 96 g).
"""

def fm(path):
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
    out = [HEAD, "\n## Counts\n", "| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |", "|---|---|---|---|---|---|---|---|---|"]
    cases = {}
    for p in PRODUCTS:
        pd = os.path.join(ROOT, p)
        n = {s: len(os.listdir(os.path.join(pd, "data", s))) for s in ("docs", "forums", "blogs")}
        tk = json.load(open(os.path.join(pd, "data/tickets/tickets.json")))["support_tickets"]
        c = [json.loads(l) for l in open(os.path.join(pd, "conflicts.jsonl"))]
        g = [l for l in open(os.path.join(pd, "gold.jsonl")) if l.strip()]
        cases[p] = (c, tk)
        cnt = {k: sum(1 for x in c if x["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
        out.append(f"| {p} | {n['docs']} | {n['forums']} | {n['blogs']} | {len(tk)} | {cnt['contradiction']} | {cnt['consistent']} | {cnt['version_scoped']} | {len(g)} |")
    out.append("\n## Layout\n\nSame as realkb: `<product>/data/{docs,forums,blogs,tickets}`, `conflicts.jsonl`, `answers.jsonl`, `gold.jsonl`. Doc ids are paths relative to the product folder; all tickets of a product share the id `data/tickets/tickets.json`. `_build/make_labels.py` writes the three label files, `_build/make_readme.py` this README.\n")
    out.append("\n## Cases\n")
    for p in PRODUCTS:
        out.append(f"\n**{p}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
        for x in cases[p][0]:
            (d, dv), (o, ov) = x["sides"][0], x["sides"][1]
            esc = lambda s: s.replace("|", "\\|")
            out.append(f"| {x['expect']} | {x['q']} | {esc(dv[0])} (`{d}`) | {esc(ov[0])} (`{o}`) |")
    out.append("\n## Provenance\n\nAll files are invented and were written for this set on 2026-11-30. URLs are invented (`.example`).\n")
    out.append("| file | type | source URL | version / date / note |\n|---|---|---|---|")
    for p in PRODUCTS:
        pd = os.path.join(ROOT, p)
        for s in ("docs", "forums", "blogs"):
            for fn in sorted(os.listdir(os.path.join(pd, "data", s))):
                path = os.path.join(pd, "data", s, fn)
                if s == "forums":
                    url = open(path, encoding="utf-8").read().strip().splitlines()[-1][len("Source: "):]
                    note = "invented community thread"
                else:
                    m = fm(path)
                    url = m.get("source_url")
                    note = m.get("version") or m.get("published_date")
                out.append(f"| `{p}/data/{s}/{fn}` | {s} | {url} | {note} |")
        tk = cases[p][1]
        base = tk[0]["source_url"].rsplit("/", 1)[0] + "/"
        out.append(f"| `{p}/data/tickets/tickets.json` | tickets | {base} (one URL per ticket) | {len(tk)} invented tickets: {', '.join(t['id'] for t in tk)} |")
    out.append("""
## Notes on the labels

* The first side of every case is a doc of the current release (Keyvale 7.4 / extension 5.2 / API v3; TP-300 firmware 3.6 / Trailpost Cloud 5.4). Release-notes pages state old values next to new ones and are listed in `gold.jsonl` but are never the 'other' side.
* Threads that contain a wrong first reply also contain the correction; the labelled value is the wrong reply's sentence (contradiction) or the reply that agrees (consistent).
* Contradiction values are old values (or, for the TP-300 temperature ticket, a plain mistake) stated without naming a version; the version_scoped cases carry the same kind of old value but name the release, firmware or extension series.
* Consistent cases use another unit or wording than the docs (per second vs per minute, quarter of an hour, fifty, three months, twice a minute, °F, one year, eight hours).

## Licence

Written for evaluation only; invented content, no third-party text.
""")
    open(os.path.join(ROOT, "README.md"), "w", encoding="utf-8").write("\n".join(out))

main()
