# Platewick: restaurant POS + online ordering SaaS (invented). Current: Platewick 7.2
P = "platewick"
DOCS = {}
FORUMS = {}
BLOGS = {}
META = {}  # rel path -> (url, note)

def doc(name, title, url, version, body, note=None):
    DOCS[name] = f'---\ntitle: "{title}"\nsource_url: {url}\nversion: "{version}"\n---\n\n{body.strip()}\n'
    META[f"data/docs/{name}"] = (url, note or f"{version} (invented)")

def blog(name, title, url, date, body, note):
    BLOGS[name] = f'---\ntitle: "{title}"\nsource_url: {url}\npublished_date: {date}\n---\n\n{body.strip()}\n'
    META[f"data/blogs/{name}"] = (url, f"{date}; {note} (invented)")

def forum(name, url, body, note):
    FORUMS[name] = body.strip() + f"\nSource: {url}\n"
    META[f"data/forums/{name}"] = (url, note + " (invented)")

V = "Platewick 7.2 (current)"

doc("pw_plans_and_limits.md", "Plans and limits", "https://help.platewick.example/plans/limits",
    "Platewick 7.2 (help centre, updated 2025-07-02)", """
# Plans and limits

Platewick is billed per location, monthly or annually (annual billing saves 15%). The table shows
what each plan includes as of Platewick 7.2. Limits are enforced per location unless the row says
otherwise.

| | Starter | Standard | Pro |
|---|---|---|---|
| Price per location | $59/month | $149/month | $299/month |
| POS terminals | 2 | 6 | 20 |
| Kitchen display screens (KDS) | 4 | 4 | 4 |
| Menu items | 150 | 600 | 2,500 |
| Modifier groups per item | 5 | 15 | 40 |
| Locations per account | 1 | 3 | 10 |
| Staff accounts | 10 | 40 | Unlimited |
| Order history retention | 90 days | 13 months | 7 years |
| Online ordering | Pickup only | Pickup and delivery | Pickup, delivery and catering |
| API access | Read-only | Full | Full |

**POS terminals** counts devices signed in at the same time, not devices registered. When one
terminal too many signs in, the terminal that has been idle longest is signed out. Kitchen display
screens do not count towards the terminal limit.

**Menu items** counts every sellable item, including hidden and out-of-season items. Modifiers
(extra shot, no onions) do not count. Items in the trash do not count.

**Order history retention**: orders older than your plan's retention period are deleted at
03:00 UTC on the first day of each month. Export them first if you need them (see
[Data retention and exports](https://help.platewick.example/data/retention)).

API request limits differ per plan; see [API limits](https://developers.platewick.example/v3/limits).
Upgrades take effect immediately; downgrades take effect at the next billing date and fail if you
are over the lower plan's menu item limit.
""")

doc("pw_payouts.md", "Payouts and payout schedule", "https://help.platewick.example/payments/payouts",
    "Platewick 7.2 (help centre, updated 2025-06-20)", """
# Payouts and payout schedule

Card payments taken with Platewick Payments are paid out to the bank account on file
automatically. You can change the schedule under **Settings > Payments > Payouts**.

### Payout schedule

Default: Daily.

Each day's card sales (cut-off 23:59 local time) are paid out two business days later (T+2).
Sales from Friday, Saturday and Sunday are paid out on Tuesday, Wednesday and Wednesday
respectively. Bank holidays are not business days.

Other options: **Weekly** (every Monday, covering the previous Monday to Sunday) and **Monthly**
(first business day of the month). Weekly and monthly payouts still need the usual two business
days to arrive.

### Minimum payout

Default: $25. A balance below the minimum rolls over to the next payout.

### Instant payouts

Available on Standard and Pro. Instant payouts arrive within 30 minutes, including weekends, for a
fee of 1.5% of the amount (minimum $0.50). You can take up to $10,000 per day as instant payouts.

### First payout

For new accounts the first payout is held for 7 calendar days while we verify the business.

### Statement descriptor

Up to 22 characters; shown on your customers' card statements.
""")

doc("pw_terminal_settings.md", "Terminal settings reference", "https://help.platewick.example/devices/terminal-settings",
    "Platewick 7.2 (help centre, updated 2025-06-17)", """
# Terminal settings reference

Settings > Devices > Terminal. Changes apply to every terminal at the location within one minute.

**Auto-lock after inactivity**
Default: 5 minutes. Range: 1-60 minutes. "Never" is available on Pro only.
A locked terminal keeps open tickets; staff unlock it with their 4-digit PIN.

**Offline payments**
Default: On. When a terminal loses its connection it keeps accepting card payments and stores them
encrypted on the device. Stored payments are forwarded automatically when the connection returns;
they must be forwarded within 24 hours or they expire and are declined. Keep the terminal powered
and signed in until the pending count shows 0.

**Offline payment limit**
Default: $250 per transaction, $3,000 in total per terminal while offline. Payments above the
per-transaction limit are refused while offline.

**Tip prompts**
Default: 15%, 18%, 20%, plus Custom and No tip.

**Receipt printer**
Network printers are reached on port 9100. Default paper width: 80 mm (58 mm supported).

**Cash drawer**
Default: opens on cash payments and on "No sale" (manager PIN required for No sale).

**Software updates**
Terminal app updates install automatically between 04:00 and 05:00 local time.
""")

doc("pw_online_ordering_settings.md", "Online ordering settings", "https://help.platewick.example/online-ordering/settings",
    "Platewick 7.2 (help centre, updated 2025-05-28)", """
# Online ordering settings

Settings > Online ordering. These settings apply to your Platewick-hosted ordering page and to
orders that come in through the Ordering API.

**Order throttling**
Default: 25 orders per 15-minute window. When a window is full, the next available pickup or
delivery time moves to the next window. Set the number to 0 to turn throttling off. The window
length can be changed to 10, 15, 20 or 30 minutes.

**Default prep time**
Default: 20 minutes. Shown to customers as the earliest pickup time. You can add busy-time extra
prep in 5-minute steps.

**Auto-accept orders**
Default: Off. When off, an order that is not accepted on a terminal or KDS within 8 minutes is
cancelled and refunded automatically.

**Scheduled orders**
Default: customers may order up to 3 days ahead. Maximum: 14 days.

**Delivery radius** (Standard and Pro)
Default: 5 km. Maximum: 25 km.

**Minimum order for delivery**
Default: $15.

**Menu refresh**
The online menu picks up changes from the POS menu every 10 minutes.
""")

doc("pw_api_limits.md", "API limits and webhooks (API v3)", "https://developers.platewick.example/v3/limits",
    "Platewick API v3, Platewick 7.2 (developer docs, updated 2025-06-17)", """
# API limits and webhooks (API v3)

## Rate limits

Rate limits apply per API key, in a sliding 60-second window.

| Plan | Requests per minute | Burst |
|---|---|---|
| Starter | 30 (read-only) | 10 |
| Standard | 120 | 20 |
| Pro | 600 | 100 |

So a Standard key can make 120 requests per minute; short bursts of up to 20 extra requests are
absorbed. A request over the limit gets HTTP `429 Too Many Requests` with a `Retry-After` header
(seconds). One integration should use one key; spreading one integration over several keys to get
around the limit is against the API terms.

## Pagination

List endpoints return 25 records per page by default, at most 100 (`?limit=100`).

## Webhooks

Platewick sends events (order.created, order.updated, payout.paid, menu.updated) as HTTPS POST
requests. Your endpoint must answer with a 2xx status within 10 seconds.

Failed deliveries (timeout, connection error or non-2xx status) are retried up to 8 times over
24 hours with exponential backoff; the first retry comes after 1 minute. After the last failed
retry the endpoint is disabled and the account owner gets an email. Re-enable it under
**Developers > Webhooks**; missed events can be fetched from `/v3/events` for 30 days.

Webhook payloads are at most 256 KB. Bulk menu imports accept CSV files up to 5 MB.
""")

doc("pw_data_retention.md", "Data retention and exports", "https://help.platewick.example/data/retention",
    "Platewick 7.2 (help centre, updated 2025-06-17)", """
# Data retention and exports

How long Platewick keeps your data, and how to export it before it is deleted.

**Orders and order history**
Kept for the retention period of your plan:

- Starter: 90 days
- Standard: 13 months
- Pro: 7 years

Older orders are deleted at 03:00 UTC on the first day of each month. Aggregated sales reports
(daily totals) are kept for as long as the account exists, on every plan.

**Deleted menu items**
Kept in the trash for 30 days, then deleted permanently.

**Audit log** (who changed prices, voids, refunds)
12 months on all plans.

**Customer contacts** (marketing opt-ins)
Kept until you or the customer deletes them.

**Exports**
Reports > Export. CSV exports can hold up to 1,000,000 rows; the download link stays valid for
72 hours. Card numbers are never stored or exported (payments are tokenised).
""")

doc("pw_release_notes.md", "Platewick release notes", "https://help.platewick.example/release-notes",
    "Platewick 7.2 (release notes 6.8-7.2)", """
# Platewick release notes

## 7.2 (2025-06-17)

- Starter order history retention extended from 60 days to 90 days.
- Offline payments: stored payments can now be forwarded for up to 24 hours after they were taken
  (previously 12 hours).
- Auto-lock: new "Never" option on Pro.
- Fixed: receipt printers on port 9100 sometimes printed twice after a reconnect.

## 7.1 (2024-10-08)

- API v3 released. Rate limits raised: Standard from 60 to 120 requests per minute, Pro from 300
  to 600 requests per minute. API v2 will be switched off on 2025-04-30.
- Webhook retries: failed deliveries are now retried up to 8 times over 24 hours (previously 3
  retries within one hour).
- New webhook event `payout.paid`.

## 7.0 (2024-03-12)

- Menu item limits raised: Standard from 400 to 600 items, Pro from 2,000 to 2,500 items.
- Starter plan now includes 2 POS terminals (was 1).
- Order throttling: window length is now configurable (10, 15, 20 or 30 minutes); the default
  stays at 25 orders per 15-minute window.

## 6.8 (2023-09-05)

- Kitchen display screens: 4 included on every plan.
- Tip prompts can now be edited per location.
""")

# ---------------- forums ----------------
forum("pw_forum_starter_terminals.txt", "https://community.platewick.example/t/starter-plan-how-many-terminals/4412", """
Title: Starter plan - how many terminals can we actually run?
User: (hollis_bakes) Hi all!! We're a tiny bakery-cafe (six tables and a pastry counter) and we're opening a second till by the window for the summer rush. I'm trying to work out whether Starter still works for us or if we have to jump up to Standard, which honestly is a big jump for us. How many terminals does Starter let you run at once? We also have one kitchen screen, if that matters. Thank you so much in advance, this forum has saved me more than once :)
Reply: (dmitri_k) Starter gets you 3 terminals, Standard 6. KDS doesn't count.
Reply: (ana_pw_champion) Small correction to the above: Starter is 2 terminals, not 3. If a third one signs in, the one that has been idle the longest gets signed out. Standard is 6. Dmitri is right that kitchen screens don't count (4 are included on every plan), so with two tills plus your kitchen screen you're fine on Starter.
Reply: (dmitri_k) My bad, I was thinking of the old reseller bundle we had. 2 it is.
Reply: (hollis_bakes) Perfect, staying on Starter then. Thanks both!
""", "thread 2025-07-15; first reply wrong (3), corrected by a community champion")

forum("pw_forum_api_429.txt", "https://community.platewick.example/t/429s-from-orders-endpoint/5120", """
Title: 429s from orders endpoint
User: (ops_rkt) Standard plan, API v3. Nightly sync pulls /v3/orders, 429 after a few seconds at ~2.5 req/s. What's the limit?
Reply: (jpbarros) Standard is 7,200 requests per hour per key, sliding window. 2.5/s is 150 a minute, you're over. Read Retry-After and back off.
Reply: (ops_rkt) split across two keys?
Reply: (jpbarros) Limits are per key but the API terms say one integration = one key. Use limit=100 per page (default is 25) and you'll need a quarter of the calls. Or go Pro (600/min).
Reply: (ops_rkt) limit=100 fixed it. thx
""", "thread 2025-08-03, API v3")

forum("pw_forum_menu_cap_standard.txt", "https://community.platewick.example/t/hit-the-menu-item-limit-on-standard/3307", """
Title: Hit the menu item limit on Standard?!
User: (chef_marguerite) Posted 2023-11-02. We run brunch and dinner plus a rotating specials board, about 450 items once you count all the seasonal stuff. Tonight Platewick refused to let me add the new holiday menu. Is there really a cap?
Reply: (tomasz_pos) Yep. On Platewick 6.8 the Standard plan caps you at 400 menu items, and hidden items count too. Pro gives you 2,000. Modifiers don't count, so turn "Oat milk" and friends into modifiers instead of separate items. Deleted items sit in the trash for 30 days.
Reply: (chef_marguerite) Ugh, fine. Archiving the 2022 Christmas menu and converting milks to modifiers. Thanks!
""", "thread 2023-11-02, Platewick 6.8 (before 7.0)")

forum("pw_forum_offline_payments.txt", "https://community.platewick.example/t/internet-down-offline-card-payments/5388", """
Title: Internet went down for a whole afternoon - are offline card payments safe?
User: (the_salty_pretzel) Our ISP dropped out for about six hours on Saturday. The terminals kept taking cards in offline mode and showed a little cloud icon with a number on it. How long do the terminals hold those payments before they're lost? Do I need to do anything?
Reply: (gregor_h) Terminals store offline payments for 48 hours, so you're fine as long as each terminal comes back online before Monday afternoon. Don't sign out or factory-reset a terminal with pending payments. And watch the $250 per-transaction offline cap, bigger tickets get refused while offline.
Reply: (the_salty_pretzel) Phew. Counter went to 0 on all three about ten minutes after the router came back. Thanks!
""", "thread 2025-09-13")

forum("pw_forum_payout_timing.txt", "https://community.platewick.example/t/when-do-payouts-hit-the-bank/5011", """
Title: When do card payouts actually hit the bank?
User: (nadia_foodtruck) first week on platewick payments. sold a ton at the market friday, nothing in the bank monday morning. is that normal?? kind of panicking
Reply: (bm_accounting) Totally normal. Daily payouts are T+2 in business days, so Friday's sales land Tuesday. Weekends and bank holidays don't count. Also your very first payout is held 7 days while they verify the business, so week one is always slower.
Reply: (nadia_foodtruck) ohhh the first payout thing explains it. thank you!!
""", "thread 2025-05-27")

forum("pw_forum_autolock.txt", "https://community.platewick.example/t/terminals-lock-too-quickly/4870", """
Title: Terminals lock too quickly during service
User: (Lionel_FOH) Servers complain the terminals lock in the middle of taking an order. What's the default and can I change it?
Reply: (kassia_dev) By default a terminal auto-locks after 300 seconds with no touch. Settings > Devices > Terminal > Auto-lock, anywhere from 1 to 60 minutes. "Never" exists on Pro only (since 7.2). Open tickets survive the lock, they just re-enter their PIN.
Reply: (Lionel_FOH) Set it to 15. Thanks.
""", "thread 2025-07-30")

forum("pw_forum_order_throttling.txt", "https://community.platewick.example/t/online-orders-flooding-kitchen/5249", """
Title: Online orders flooding the kitchen on Friday nights
User: (harborside_gm) Friday around 7pm we get slammed with pickup orders from the website, 40+ in half an hour, and the line can't keep up. Is there a throttle somewhere?
Reply: (wes_ordering) Order throttling, under Settings > Online ordering. Default is 30 orders per half hour, lower it to what your line can really do. Also bump the prep time up from the default 20 minutes on Fridays, customers see the later pickup time before they pay.
Reply: (harborside_gm) Set it to 12 and prep to 30. Will report back.
""", "thread 2025-08-22")

# ---------------- blogs ----------------
blog("pw_blog_review_tabletech.md", "Platewick review 2025: a solid POS with confusing tiers",
     "https://tabletechreview.example/reviews/platewick-2025", "2025-05-20", """
*By Corinne Abate, TableTech Review*

Platewick has quietly become one of the most common point-of-sale systems in independent cafes,
and after three months running it at a 40-seat bistro we understand why: the terminal app is fast,
the kitchen display is included, and online ordering is built in rather than bolted on.

**Plans.** The entry-level Starter plan ($59 a month per location)
covers one location and three terminals, which is enough for a counter-service cafe. Standard ($149) bumps you to six terminals,
600 menu items and delivery; Pro ($299) is really aimed at groups with several sites.

**Payments.** Platewick Payments is the only processor on offer. Payouts are weekly by default,
landing every Monday, and you can pay 1.5% for instant payouts if cash flow is tight.

**What we didn't like.** Reporting is thin unless you export to CSV, and the menu editor gets slow
past a few hundred items. Support was friendly but twice gave us answers that turned out to be
wrong.

**Verdict:** 4 out of 5. A good default choice for a single-site restaurant.
""", "third-party review")

blog("pw_blog_postmortem_webhooks.md", "Postmortem: 41 minutes of missing delivery orders",
     "https://engineering.cobbleandrye.example/posts/postmortem-missing-delivery-orders", "2025-02-11", """
*Cobble & Rye engineering blog*

## Summary

On 2025-02-07 between 18:02 and 18:43 our delivery dispatcher did not receive new orders from
Platewick for three of our five locations. 27 orders were prepared late; we refunded 9.

## What happened

Our webhook receiver runs as a small container (512 MB memory) behind our gateway on port 8443. A
deploy at 17:58 introduced a slow database query in the order handler (`handlers/orders.py`, line
212). Responses went from about 80 ms to 14 seconds. Platewick expects a response within 10
seconds, so every delivery attempt timed out.

Platewick retries a failed webhook three times, a few minutes apart, and then gives up on that
event. By the time we rolled back at 18:31, most of the evening's events had used up their retries
and the endpoint had been disabled. We re-enabled it and replayed missed orders from the events
API at 18:43.

## What we are changing

- The receiver now acknowledges immediately and processes orders from a queue.
- An alert fires when no order webhook arrives for 10 minutes during opening hours.
- We poll `/v3/events` every 5 minutes as a backstop.
""", "customer engineering postmortem")

blog("pw_blog_news_api_v3.md", "Platewick ships API v3 with higher rate limits",
     "https://restaurantstack.example/news/platewick-api-v3", "2024-10-09", """
*RestaurantStack News*

Point-of-sale vendor Platewick released version 7.1 of its platform on Tuesday, headlined by a
new REST API, v3.

The main change for integrators is capacity. With API v2, integrations on the Standard plan were
limited to 60 requests per minute; v3 doubles that to 120, and Pro keys go from 300 to 600. The
company says v3 also adds a `payout.paid` webhook and a replayable events feed.

API v2 will keep working until 30 April 2025, after which calls to `/v2` endpoints will return
HTTP 410. Platewick says about 1,100 third-party integrations are affected.
""", "trade news post about release 7.1")

blog("pw_blog_retention_compared.md", "How long does your POS keep order history? We compared five",
     "https://smallbizbooks.example/blog/pos-order-history-retention-compared", "2025-03-04", """
*Small Biz Books blog*

Your POS is not an archive. Accountants keep asking us for order-level data from last year's
busy season, and more and more often it is simply gone. We checked how long five popular systems
keep individual orders:

- **Platewick:** Starter 60 days, Standard 13 months, Pro: seven years.
- **Tillberry:** 2 years on every plan.
- **CounterNest:** 180 days, unlimited with the Archive add-on.
- **Orderlynx:** 12 months.
- **Saltbox POS:** as long as the account is open.

Our advice is the same for all of them: export a CSV at the end of every month (it takes two
minutes) and keep it with your books for at least six years.
""", "bookkeeping blog; states the pre-7.2 Starter value (60 days) as current")

blog("pw_blog_online_ordering_rush.md", "Taming the Friday rush with online ordering throttles",
     "https://hospitalityops.example/blog/taming-the-friday-rush", "2025-06-30", """
*Hospitality Ops, by Jules Marchetti*

Most online-ordering meltdowns are not a kitchen problem but a settings problem. If your
ordering page promises a 20-minute pickup to the 30th customer in a quarter hour, the kitchen
will fail no matter how good it is.

On Platewick, two settings do most of the work. Order throttling defaults to 25 orders every 15
minutes, which is far too many for a six-burner line; most of my clients end up between 8 and 12.
The default prep time is 20 minutes; add busy-time prep in 5-minute steps on Friday and Saturday
nights instead of raising the base value.

One more trap: with auto-accept off, orders nobody accepts within 8 minutes are cancelled and
refunded. Put a KDS where someone actually looks at it.
""", "consultant blog")

TICKETS = {"support_tickets": [
    {"id": "PW-20931", "title": "Where did our order history from the spring go?", "status": "closed",
     "created_date": "2025-09-08", "source_url": "https://support.platewick.example/tickets/PW-20931",
     "content": "Customer (Starter plan, one location): Our accountant needs the individual orders from April and they're not in Reports anymore. Did something break?\n\nAgent (tier 1, Rosa): Hi! Nothing is broken - Starter keeps 30 days of order history; older orders are purged at the start of each month. Daily sales totals are still there under Reports > Sales. If you need order-level data for longer, you can upgrade to Standard (13 months) or export a CSV every month going forward. Sorry for the trouble!\n\nCustomer: OK, we'll start exporting."},
    {"id": "PW-21077", "title": "Instant payout fee and timing", "status": "solved",
     "created_date": "2025-07-02", "source_url": "https://support.platewick.example/tickets/PW-21077",
     "content": "Customer (Standard): What does an instant payout cost, and how long do regular payouts take?\n\nAgent (tier 1, Malik): Instant payouts cost 1.5% of the amount (minimum $0.50) and usually arrive within 30 minutes, up to $10,000 a day. They are available on Standard and Pro. Regular daily payouts arrive two business days after the sales day. Let me know if anything else comes up!"},
    {"id": "PW-21302", "title": "Need 4 tills for the patio season", "status": "solved",
     "created_date": "2025-08-14", "source_url": "https://support.platewick.example/tickets/PW-21302",
     "content": "Customer: We're on Starter and want to run 4 terminals on the patio this summer. Is there an add-on?\n\nAgent (tier 1, Malik): There's no terminal add-on. Starter includes 2 POS terminals signed in at the same time; Standard includes 6, so you would need Standard for 4. Kitchen display screens don't count towards either number. I can switch you for the summer and back in October if you like."},
    {"id": "PW-21455", "title": "Webhook endpoint disabled overnight", "status": "solved",
     "created_date": "2025-09-19", "source_url": "https://support.platewick.example/tickets/PW-21455",
     "content": "Customer (Pro, integration developer): Our webhook endpoint got disabled overnight while our server was down for maintenance (about 26 hours). Why?\n\nAgent (tier 1, Priya): When deliveries fail we retry up to 8 times over 24 hours; after the last failed retry the endpoint is disabled and the owner is emailed. Since your server was down longer than that, it was switched off. Re-enable it under Developers > Webhooks and fetch anything you missed from /v3/events (kept for 30 days)."},
]}
META["data/tickets/tickets.json"] = ("https://support.platewick.example/tickets/PW-20931<br>https://support.platewick.example/tickets/PW-21077<br>https://support.platewick.example/tickets/PW-21302<br>https://support.platewick.example/tickets/PW-21455",
    "4 tickets 2025-07 to 2025-09: PW-20931 (tier-1 agent wrong: Starter 30 days), PW-21077, PW-21302, PW-21455 (invented)")

D = "data/docs/"; F = "data/forums/"; B = "data/blogs/"; T = "data/tickets/tickets.json"
CASES = [
 dict(q="A cafe on the entry-level plan wants to know how many tills they can have signed in at the same time.",
      expect="contradiction",
      sides=[[D+"pw_plans_and_limits.md", ["| POS terminals | 2 | 6 | 20 |"]], [B+"pw_blog_review_tabletech.md", ["covers one location and three terminals"]]],
      authoritative=["2", "two", "2 terminals"],
      note="Plans table (7.2): '| POS terminals | 2 | 6 | 20 |' (Starter 2). The TableTech review says Starter 'covers one location and three terminals' with no version; Starter was never 3 (release notes 7.0: 2, was 1).",
      a0="2 terminals", a1="three terminals"),
 dict(q="How far back can a Starter customer still pull up individual past orders before they get purged?",
      expect="contradiction",
      sides=[[D+"pw_data_retention.md", ["Starter: 90 days"]], [T, ["Starter keeps 30 days of order history"]]],
      authoritative=["90 days", "ninety days"],
      note="Data retention doc: 'Starter: 90 days' (release notes 7.2: extended from 60 to 90 days). Tier-1 agent in PW-20931: 'Starter keeps 30 days of order history' - never a documented value.",
      a0="90 days", a1="30 days"),
 dict(q="Our internet dropped — how long can a terminal hang on to card payments it took offline before they expire?",
      expect="contradiction",
      sides=[[D+"pw_terminal_settings.md", ["they must be forwarded within 24 hours"]], [F+"pw_forum_offline_payments.txt", ["Terminals store offline payments for 48 hours"]]],
      authoritative=["24 hours", "a day", "one day"],
      note="Terminal settings: stored payments 'must be forwarded within 24 hours or they expire'. Forum reply (gregor_h): 'Terminals store offline payments for 48 hours' with no version (12 hours before 7.2; 48 was never right).",
      a0="24 hours", a1="48 hours"),
 dict(q="If our endpoint keeps failing, how many redelivery attempts does Platewick make for a webhook before it stops?",
      expect="contradiction",
      sides=[[D+"pw_api_limits.md", ["retried up to 8 times over", "24 hours with exponential backoff"]], [B+"pw_blog_postmortem_webhooks.md", ["Platewick retries a failed webhook three times"]]],
      authoritative=["8", "eight", "up to 8 retries over 24 hours"],
      note="API limits (v3, 7.2): failed deliveries 'are retried up to 8 times over 24 hours with exponential backoff'. The Cobble & Rye postmortem (2025-02, after 7.1) says 'Platewick retries a failed webhook three times' - the pre-7.1 behaviour (3 retries within one hour) stated as current, no version named.",
      a0="up to 8 retries over 24 hours", a1="3 retries"),
 dict(q="Out of the box, how many online orders does Platewick take per time slot before it starts pushing pickup times later?",
      expect="contradiction",
      sides=[[D+"pw_online_ordering_settings.md", ["Default: 25 orders per 15-minute window"]], [F+"pw_forum_order_throttling.txt", ["Default is 30 orders per half hour"]]],
      authoritative=["25 orders per 15 minutes", "25 orders per 15-minute window", "25 per quarter hour"],
      note="Online ordering settings: 'Order throttling Default: 25 orders per 15-minute window' (release notes 7.0: 'the default stays at 25 orders per 15-minute window'). Forum reply (wes_ordering): 'Default is 30 orders per half hour' - both the count and the window differ.",
      a0="25 orders per 15-minute window", a1="30 orders per half hour"),
 dict(q="What sustained call rate can a Standard-plan integration use against the API before it starts getting 429s?",
      expect="consistent",
      sides=[[D+"pw_api_limits.md", ["a Standard key can make 120 requests per minute"]], [F+"pw_forum_api_429.txt", ["7,200 requests per hour per key"]]],
      authoritative=["120 requests per minute", "7,200 requests per hour", "2 requests per second"],
      note="API limits: 'a Standard key can make 120 requests per minute' (burst 20). Forum reply: 'Standard is 7,200 requests per hour per key' - the same rate in another unit (120 x 60).",
      a0="120 requests per minute", a1="7,200 requests per hour"),
 dict(q="How long can a POS terminal sit untouched before it locks itself, if nobody changed the setting?",
      expect="consistent",
      sides=[[D+"pw_terminal_settings.md", ["Default: 5 minutes. Range: 1-60 minutes"]], [F+"pw_forum_autolock.txt", ["auto-locks after 300 seconds"]]],
      authoritative=["5 minutes", "five minutes", "300 seconds"],
      note="Terminal settings: 'Auto-lock after inactivity Default: 5 minutes'. Forum: 'a terminal auto-locks after 300 seconds with no touch' - same value in seconds.",
      a0="5 minutes", a1="300 seconds"),
 dict(q="A food-truck owner sold a lot on Friday; with the default payout setup, when should that money reach their bank?",
      expect="consistent",
      sides=[[D+"pw_payouts.md", ["two business days later (T+2)"]], [F+"pw_forum_payout_timing.txt", ["Daily payouts are T+2 in business days"]]],
      authoritative=["two business days (T+2)", "T+2", "Tuesday"],
      note="Payouts doc: 'Default: Daily. Each day's card sales ... are paid out two business days later (T+2)'. Forum: 'Daily payouts are T+2 in business days, so Friday's sales land Tuesday'. (The review's 'weekly by default' is a separate, wrong claim; weekly is an option.)",
      a0="daily, two business days later (T+2)", a1="T+2 business days"),
 dict(q="For a customer on the top tier, how many years of order-level history does Platewick keep?",
      expect="consistent",
      sides=[[D+"pw_plans_and_limits.md", ["| Order history retention | 90 days | 13 months | 7 years |"]], [B+"pw_blog_retention_compared.md", ["Pro: seven years"]]],
      authoritative=["7 years", "seven years"],
      note="Plans table: '| Order history retention | 90 days | 13 months | 7 years |' (Pro 7 years). Small Biz Books: 'Pro: seven years' - same value spelled out (its Starter figure, 60 days, is outdated but not asked here).",
      a0="7 years", a1="seven years"),
 dict(q="A customer says the mid-tier plan can't hold more than 400 menu items — is that still true?",
      expect="version_scoped",
      sides=[[D+"pw_plans_and_limits.md", ["| Menu items | 150 | 600 | 2,500 |"]], [F+"pw_forum_menu_cap_standard.txt", ["On Platewick 6.8 the Standard plan caps you at 400 menu items"]]],
      authoritative=["600", "600 menu items"],
      note="Plans table (7.2): '| Menu items | 150 | 600 | 2,500 |' (Standard 600). The 2023 forum reply names Platewick 6.8: 'the Standard plan caps you at 400 menu items' - correct then; release notes 7.0 raised Standard from 400 to 600.",
      a0="600 menu items", a1="400 menu items", scope="Platewick 6.x (before 7.0, 2024-03-12)"),
 dict(q="An integrator read that Standard API keys only get 60 calls a minute. Is that the current limit?",
      expect="version_scoped",
      sides=[[D+"pw_api_limits.md", ["| Standard | 120 | 20 |"]], [B+"pw_blog_news_api_v3.md", ["With API v2, integrations on the Standard plan were", "limited to 60 requests per minute"]]],
      authoritative=["120 requests per minute", "120"],
      note="API limits (v3): '| Standard | 120 | 20 |'. The RestaurantStack news post scopes the old value: 'With API v2, integrations on the Standard plan were limited to 60 requests per minute; v3 doubles that to 120'. Release notes 7.1 agree.",
      a0="120 requests per minute", a1="60 requests per minute", scope="API v2 (Platewick before 7.1; v2 switched off 2025-04-30)"),
]

GOLD = [
 ("How many POS terminals can be signed in at once on the Starter plan?",
  [D+"pw_plans_and_limits.md", D+"pw_release_notes.md", F+"pw_forum_starter_terminals.txt", B+"pw_blog_review_tabletech.md", T]),
 ("How long does Platewick keep order history on the Starter plan?",
  [D+"pw_plans_and_limits.md", D+"pw_data_retention.md", D+"pw_release_notes.md", B+"pw_blog_retention_compared.md", T]),
 ("How long can offline card payments stay stored on a terminal before they expire?",
  [D+"pw_terminal_settings.md", D+"pw_release_notes.md", F+"pw_forum_offline_payments.txt"]),
 ("How many times are failed webhook deliveries retried, and over what period?",
  [D+"pw_api_limits.md", D+"pw_release_notes.md", B+"pw_blog_postmortem_webhooks.md", T]),
 ("What is the default order throttling limit for online ordering?",
  [D+"pw_online_ordering_settings.md", D+"pw_release_notes.md", F+"pw_forum_order_throttling.txt", B+"pw_blog_online_ordering_rush.md"]),
 ("What is the API rate limit for a Standard plan key?",
  [D+"pw_api_limits.md", D+"pw_release_notes.md", F+"pw_forum_api_429.txt", B+"pw_blog_news_api_v3.md"]),
 ("After how much inactivity does a terminal auto-lock by default?",
  [D+"pw_terminal_settings.md", F+"pw_forum_autolock.txt"]),
 ("When do daily card payouts arrive in the bank account?",
  [D+"pw_payouts.md", F+"pw_forum_payout_timing.txt", B+"pw_blog_review_tabletech.md", T]),
 ("How long is order history retained on the Pro plan?",
  [D+"pw_plans_and_limits.md", D+"pw_data_retention.md", B+"pw_blog_retention_compared.md"]),
 ("What is the menu item limit on the Standard plan?",
  [D+"pw_plans_and_limits.md", D+"pw_release_notes.md", F+"pw_forum_menu_cap_standard.txt", B+"pw_blog_review_tabletech.md"]),
 ("What does an instant payout cost?",
  [D+"pw_payouts.md", B+"pw_blog_review_tabletech.md", T]),
 ("What is the default prep time shown for online orders?",
  [D+"pw_online_ordering_settings.md", F+"pw_forum_order_throttling.txt", B+"pw_blog_online_ordering_rush.md"]),
]

SUMMARY = """* **platewick** - Platewick, a restaurant point-of-sale and online-ordering SaaS (plans, terminal
  counts, menu item limits, payouts, offline payments, order-history retention, API v3 rate limits
  and webhooks). Current: **Platewick 7.2** (2025-06-17)."""
CHANGES = """* **platewick** - Starter terminals 1 -> 2 and Standard menu items 400 -> 600 (Pro 2,000 -> 2,500)
  in 7.0; API Standard 60 -> 120 requests per minute (Pro 300 -> 600) and webhook retries
  3 within one hour -> 8 over 24 hours in 7.1 (API v3); Starter order history 60 -> 90 days and
  offline-payment window 12 -> 24 hours in 7.2. Distractors: burst 20 next to the 120/min limit;
  Starter's 30/min read-only limit; per-transaction $250 vs total $3,000 offline limits; weekly
  payouts (an option, every Monday) vs the daily T+2 default; the 7-day first-payout hold; 8-minute
  auto-cancel vs 20-minute prep time vs 15-minute throttling window; 4 KDS screens vs 2 terminals;
  trash 30 days, audit log 12 months, events feed 30 days, export link 72 hours; ports 9100 and
  8443, 512 MB, line 212, 5 MB CSV, 256 KB payloads. Wrong or stale values: a forum reply says
  Starter has 3 terminals (corrected in the same thread), a review says "three terminals" and
  "weekly by default", a tier-1 agent says Starter keeps 30 days, a bookkeeping blog says 60 days,
  a postmortem says three webhook retries, forum replies say 48 hours offline and 30 orders per
  half hour."""
