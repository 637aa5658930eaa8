#!/usr/bin/env python3
"""Write README.md for support_k from the data files and label files."""
import json, os, re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PRODUCTS = ["tallyfern", "meshcairn"]

HEAD = """# support_k: held-out support knowledge bases (Tallyfern, Meshcairn)

Held-out evaluation corpora for a support-question answerer that reads several sources at
once (official docs, forum threads, support tickets, blog posts), answers a user's question,
and says whether the sources agree, contradict each other (the current official docs win), or
differ only by scope (release, firmware series, plan). It was written without looking at the
system under test.

**Everything here is invented and was written from scratch for this set.** Both products,
their companies, people, ticket and invoice numbers, URLs (all under `.example` domains),
prices, limits and dates are made up; no text was copied from a real product's documentation,
forum or blog, and no real company is named. Sources are written in several voices on purpose
(terse admins, a chatty small-business owner, tier-1 agents who sometimes get it wrong, staff
replies that correct an earlier reply, a trade news post, review blogs, engineering
postmortems). The layout and label format follow `realkb` (see its README). Check the folder
with `python3 validate.py support_k`.

* **tallyfern** - an invoicing / billing SaaS (plans Starter / Studio / Scale; releases
  Tallyfern 9.0 -> 9.3, API v2). Changed values behind the distractors: webhook retry window
  24 hours -> 72 hours (9.0), Starter invoices 25 -> 40 per month (9.1), attachment size per file
  on Studio/Scale 8 MB -> 20 MB (9.2), dunning default retry attempts 3 -> 4 and retry window
  10 -> 14 days (9.2, new workspaces only), Studio API limit 60 -> 120 requests per minute (9.3).
  Plan differences: invoices 40 / 1,000 / unlimited per month, seats 1 / 5 / 25, attachment
  5 MB / 20 MB / 20 MB per file, API No / Yes / Yes, webhook endpoints - / 5 / 25, data kept
  after cancellation 30 days / 90 days / 1 year. Units: 900 per minute = 15 per second;
  14 days = a fortnight = two weeks; 72 hours = three days; 8 hours = 480 minutes;
  twenty-five spelled out.
* **meshcairn** - an on-premise wireless access point controller (Meshcairn Controller and AP
  firmware 6.0 -> 6.4; APs MC-210 / MC-420 / MC-640; licences Lite / Campus / Enterprise).
  Changed values: max clients per radio 64 -> 128 (AP firmware 6.0), guest session 480 ->
  1440 minutes (6.1), client idle timeout 600 -> 300 seconds (6.2), event log retention 30 ->
  14 days (6.3, new installs only), offline detection 5 -> 3 missed heartbeats = 150 -> 90
  seconds (6.3). Licence limits: 25 / 500 / 4,000 APs per controller. Units: 300 seconds =
  five minutes; 1440 minutes = 24 hours; 30 seconds = every half minute; 150 seconds = two and
  a half minutes; five hundred spelled out.

Distractors written on purpose:

* neighbouring settings with their own numbers - Tallyfern: absolute session lifetime 30
  days (vs the 8-hour idle timeout), bulk endpoint 10 requests per minute, report exports 6 per
  hour, sandbox keys 30 per minute, burst of 40, page size 50 / 200, webhook response timeout
  15 seconds, re-send window 30 days, 1,000 consecutive failures, signature tolerance 5 minutes,
  email size 25 MB (vs 20 MB per attachment), payment link expiry 30 days, reminders 3 days
  before / every 7 days, sign-in lockout 10 attempts / 30 minutes, API key expiry 365 days;
  Meshcairn: hardware maximum 200 / 256 clients per radio (vs default 128), band steering
  -70 dBm, minimum RSSI -80 dBm, DTIM 1 / 3, client session history 90 days (vs events 14
  days), statistics 48 hours / 30 days / 1 year, 20 GB database cap, voucher validity 7 days,
  guest bandwidth 10 / 2 Mbps, adoption window 10 minutes, heartbeat range 10-120 seconds;
* a distribution preset that differs from built-in defaults: the Meshcairn virtual appliance
  ships `backup.keep = 14` and `backup.time = 01:30` (built-in 7 backups at 02:00);
  upgraded installs that keep old saved values (dunning 3 attempts / 10 days, event retention
  30 days, idle timeout 600 s);
* threads where a wrong first reply is corrected (Studio 60/min vs 120 and the bulk
  endpoint, 10-minute idle timeout, 30-day event retention, absolute session lifetime);
* old values stated as facts without a version (review blogs, postmortems, tier-1 agents in
  TF-20417 and MC-7731, forum replies);
* version-scoped statements that name the release (Tallyfern 9.3 news post, Tallyfern 8.x
  staff reply, controller 6.1 staff reply, AP firmware 5.x news post);
* unrelated numbers: prices ($9 / $29 / $99 per month, $1,900 / $7,500 per year), ports
  (587, 465, 25, 8080, 8443, 8880, 8843, 10001, 514, 22), sizes (38 MB / 31 MB firmware
  images, 1.6 GB OVA, 256 KB payloads, 3-12 MB backups), ticket, invoice and endpoint ids,
  timestamps and dates.
"""

LAYOUT = """## Layout

Same as realkb: `<product>/data/{docs,forums,blogs,tickets}`, `conflicts.jsonl`, `answers.jsonl`, `gold.jsonl`. Doc ids are paths relative to the product folder; all tickets of a product share the id `data/tickets/tickets.json`. `_build/make_labels.py` writes the three label files, `_build/make_readme.py` this README.
"""

NOTES = """## Notes on the labels

* The first side of every case is a doc of the current release (Tallyfern 9.3 / API v2;
  Meshcairn Controller and AP firmware 6.4). Release-notes pages state old values next to new
  ones and are listed in `gold.jsonl` but are never the 'other' side.
* Threads that contain a wrong first reply also contain the correction; the labelled value is
  the wrong reply's sentence (contradiction) or the reply that agrees (consistent). The
  Tallyfern webhook thread used for a version_scoped case also has a user reply saying "a
  day" without a version; the labelled sentence is the staff reply that names 8.x.
* Contradiction values are old values stated without naming a version; the version_scoped
  cases carry the same kind of old value but name the release or firmware series.
* Consistent cases use another unit or wording than the docs (per second vs per minute, a
  fortnight, three days, 480 minutes, five minutes, 24 hours, five hundred, every half minute).
* Upgraded installations may legitimately show old saved values (release notes say so); the
  questions in the contradiction cases ask about defaults / fresh installs.

## Licence

Written for evaluation only; invented content, no third-party text.
"""


def meta(path):
    text = open(path, encoding="utf-8").read()
    if path.endswith(".md"):
        fm = text[4:text.find("\n---\n", 4)]
        m = dict(re.findall(r"^([A-Za-z_]+):\s*(.*)$", fm, re.M))
        return m.get("source_url", "").strip('"'), (m.get("version") or m.get("published_date") or "").strip('"')
    if path.endswith(".txt"):
        src = [l for l in text.splitlines() if l.startswith("Source: ")][-1][8:]
        return src, "invented community thread"
    data = json.load(open(path, encoding="utf-8"))
    ids = [t["id"] for t in data["support_tickets"]]
    host = data["support_tickets"][0]["source_url"].rsplit("/", 1)[0] + "/"
    return host + " (one URL per ticket)", f"{len(ids)} invented tickets: " + ", ".join(ids)


def main():
    out = [HEAD, "\n## Counts\n",
           "| product | docs | forum threads | blogs | tickets | contradiction | consistent | version_scoped | gold questions |",
           "|---|---|---|---|---|---|---|---|---|"]
    for p in PRODUCTS:
        d = os.path.join(ROOT, p, "data")
        n = {s: len(os.listdir(os.path.join(d, s))) for s in ("docs", "forums", "blogs")}
        tickets = len(json.load(open(os.path.join(d, "tickets", "tickets.json")))["support_tickets"])
        cs = [json.loads(l) for l in open(os.path.join(ROOT, p, "conflicts.jsonl"))]
        g = sum(1 for _ in open(os.path.join(ROOT, p, "gold.jsonl")))
        c = {k: sum(1 for x in cs if x["expect"] == k) for k in ("contradiction", "consistent", "version_scoped")}
        out.append(f"| {p} | {n['docs']} | {n['forums']} | {n['blogs']} | {tickets} | {c['contradiction']} | {c['consistent']} | {c['version_scoped']} | {g} |")
    out += ["", LAYOUT, "\n## Cases\n"]
    for p in PRODUCTS:
        out += [f"\n**{p}**\n", "| expect | question | official value (doc) | other value (source) |", "|---|---|---|---|"]
        for l in open(os.path.join(ROOT, p, "conflicts.jsonl")):
            x = json.loads(l)
            (d0, v0), (d1, v1) = x["sides"][0], x["sides"][1]
            esc = lambda s: s.replace("|", "\\|")
            out.append(f"| {x['expect']} | {x['q']} | {esc(v0[0])} (`{d0}`) | {esc(v1[0])} (`{d1}`) |")
    out += ["\n## Provenance\n",
            "All files are invented and were written for this set on 2026-11-29. URLs are invented (`.example`).\n",
            "| file | type | source URL | version / date / note |", "|---|---|---|---|"]
    for p in PRODUCTS:
        for sub in ("docs", "forums", "blogs", "tickets"):
            d = os.path.join(ROOT, p, "data", sub)
            for fn in sorted(os.listdir(d)):
                url, note = meta(os.path.join(d, fn))
                out.append(f"| `{p}/data/{sub}/{fn}` | {sub} | {url} | {note} |")
    out += ["", NOTES]
    open(os.path.join(ROOT, "README.md"), "w", encoding="utf-8").write("\n".join(out))


if __name__ == "__main__":
    main()
