#!/usr/bin/env python3
"""Write conflicts.jsonl, answers.jsonl and gold.jsonl for both products of support_i."""
import json, os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
D, F, B, T = "data/docs/", "data/forums/", "data/blogs/", "data/tickets/tickets.json"

# (expect, q, [(id, [values])...], authoritative, answer_value_auth, answer_value_other, note, scope)
KV = [
 ("contradiction", "Our Business org rotated a shared Wi-Fi password a bunch of times - how many earlier versions of an item does Keyvale hold on to before it throws the oldest away?",
  [(D+"plans_and_limits.md", ["| Password history (versions kept per item) | 5 | 25 | 100 |"]), (F+"business_history_versions.txt", ["Business only keeps the last 10 versions of each item"])],
  ["25", "25 versions", "twenty-five"], "25", "10",
  "Plans table (7.4): password history Free '5', Business '25', Enterprise '100'. Forum reply: 'Business only keeps the last 10 versions of each item' - the pre-7.1 value stated as current (no version named); staff correct it later in the thread.", None),
 ("contradiction", "If nobody has touched the policies, how long can someone leave the Keyvale web vault idle before it asks for the master password again?",
  [(D+"security_policies.md", ["Default: 15 minutes"]), (B+"team_password_managers_review_2026.md", ["the web vault locks after 30 minutes of inactivity by default"])],
  ["15 minutes", "15", "a quarter of an hour"], "15 minutes", "30 minutes",
  "Security policies (7.4), web vault timeout 'Default: 15 minutes'. Review blog (2026-10, after 7.2): 'the web vault locks after 30 minutes of inactivity by default' - the pre-7.2 default, no version named. The extension's own 4-hour auto-lock is a different setting.", None),
 ("contradiction", "How many wrong master password tries does it take before Keyvale locks the account?",
  [(D+"security_policies.md", ["Default: 5 failed attempts"]), (T, ["Keyvale locks an account after 10 failed attempts"])],
  ["5", "five", "5 failed attempts"], "5 failed attempts", "10 failed attempts",
  "Security policies (7.4): 'Default: 5 failed attempts' (range 3 to 10). Tier-1 agent in KV-4410: 'Keyvale locks an account after 10 failed attempts' - the pre-7.0 default stated as fact; the per-IP limit of 20 attempts per hour is a separate limit.", None),
 ("contradiction", "Our CMDB sync uses one Business API key - what's the per-minute ceiling before we start getting 429s?",
  [(D+"api_rate_limits.md", ["| Business | 300 requests per minute |"]), (F+"api_429_business_sync.txt", ["Business is capped at 100 requests per minute per key"])],
  ["300 requests per minute", "300", "5 requests per second"], "300 requests per minute", "100 requests per minute",
  "API v3 rate limits (7.4): 'Business | 300 requests per minute'. Forum reply: 'Business is capped at 100 requests per minute per key' - the limit before 7.3, no version named. 10 per hour is the separate export-endpoint limit; 1,000 per minute is Enterprise.", None),
 ("contradiction", "If my emergency contact asks for access and I don't react, how long until they get in with the default setting?",
  [(D+"emergency_access.md", ["Default waiting period: 7 days"]), (B+"emergency_access_for_families.md", ["your emergency contact gets in after 48 hours"])],
  ["7 days", "a week", "one week"], "7 days", "48 hours",
  "Emergency access page (7.4): 'Default waiting period: 7 days' (options 1 to 30 days). Family-finance blog (2026-06, after 7.3): 'your emergency contact gets in after 48 hours' - the old 2-day default stated as fact. The 5-day invitation expiry is a different number.", None),
 ("consistent", "Is roughly 5 calls a second a safe design budget for one Keyvale Business API key?",
  [(D+"api_rate_limits.md", ["| Business | 300 requests per minute |"]), (T, ["Business keys get 5 requests per second"])],
  ["300 requests per minute", "5 requests per second", "yes"], "300 requests per minute", "5 requests per second",
  "API v3 rate limits: Business '300 requests per minute'. Agent in KV-4452: 'Business keys get 5 requests per second ... 300 a minute' - same value in another unit.", None),
 ("consistent", "A user got locked out after mistyping their master password - how long until they can try again without an admin stepping in?",
  [(D+"security_policies.md", ["the account is locked for 15 minutes"]), (F+"locked_out_after_typos.txt", ["locks the account for a quarter of an hour"])],
  ["15 minutes", "a quarter of an hour"], "15 minutes", "a quarter of an hour",
  "Security policies: 'the account is locked for 15 minutes, after which the counter resets'. Forum reply: 'locks the account for a quarter of an hour' - same duration in words.", None),
 ("consistent", "How many logins, notes and cards can a free Keyvale organization store?",
  [(D+"plans_and_limits.md", ["| Vault items (per organization) | 50 |"]), (F+"free_plan_item_cap.txt", ["The free tier tops out at fifty items per organization"])],
  ["50", "fifty", "50 vault items"], "50", "fifty",
  "Plans table: 'Vault items (per organization) | 50' on Free. Forum reply: 'The free tier tops out at fifty items per organization' - same value in words. Trash (30 days) does not count.", None),
 ("consistent", "For our SOC 2 audit: how long do event logs stick around on Business before Keyvale deletes them?",
  [(D+"event_logs.md", ["| Business | 90 days |"]), (B+"soc2_evidence_keyvale.md", ["Keyvale Business keeps three months of event logs"])],
  ["90 days", "three months", "3 months"], "90 days", "three months",
  "Event logs page: 'Business | 90 days'. Compliance blog: 'Keyvale Business keeps three months of event logs' - same value in months. Enterprise 2 years, Free 7 days.", None),
 ("version_scoped", "A news article says Business only saves 10 past passwords per item - is that out of date?",
  [(D+"plans_and_limits.md", ["| Password history (versions kept per item) | 5 | 25 | 100 |"]), (B+"keyvale_7_1_news.md", ["Before Keyvale 7.1, Business kept 10 previous versions per item"])],
  ["25", "25 versions", "yes - Business now keeps 25"], "25", "10",
  "Plans table (7.4): Business '25'. News post (2025-08): 'Before Keyvale 7.1, Business kept 10 previous versions per item' - names the release the old value applied to.", "Keyvale releases before 7.1"),
 ("version_scoped", "Why does a copied password stay on the clipboard for a whole minute on some of our laptops but only half that on others?",
  [(D+"browser_extension_settings.md", ["Default: 30 seconds"]), (F+"extension4_clipboard.txt", ["In extension 4.x the clipboard was cleared after 60 seconds"])],
  ["30 seconds", "half a minute", "30 s"], "30 seconds", "60 seconds",
  "Extension settings (5.2), Clear clipboard 'Default: 30 seconds'. Forum reply: 'In extension 4.x the clipboard was cleared after 60 seconds' - scoped to the old extension series. TOTP codes rotating every 30 seconds is unrelated.", "Keyvale browser extension 4.x"),
]

TP = [
 ("contradiction", "Out of the box, how often does a moving TP-300 send its location?",
  [(D+"reporting_intervals.md", ["Default: 30 s"]), (B+"fleet_tracker_roundup_2026.md", ["The TP-300 reports its position once a minute by default"])],
  ["30 s", "30 seconds", "every 30 seconds", "twice a minute"], "30 s", "once a minute",
  "Reporting intervals (firmware 3.6), moving interval 'Default: 30 s'. Review roundup (2026-09, after firmware 3.4): 'reports its position once a minute by default' - the pre-3.4 default, no version named. Parked heartbeat (6 hours) and heading change (30 degrees) are other settings.", None),
 ("contradiction", "We're on Fleet and drawing delivery zones - how many geofences can the account have in total?",
  [(D+"geofences.md", ["| Fleet | 200 |"]), (F+"fleet_geofence_limit.txt", ["Fleet lets you draw up to 100 geofences"])],
  ["200", "200 geofences"], "200", "100",
  "Geofences page (Cloud 5.4): 'Fleet | 200'. Forum reply: 'Fleet lets you draw up to 100 geofences' - pre-5.3 value stated as current; the poster actually hit the 100-vertex polygon limit and staff correct the reply.", None),
 ("contradiction", "What's the coldest and hottest environment a TP-300 is rated to operate in?",
  [(D+"device_specifications.md", ["| Operating temperature | -30 °C to +70 °C |"]), (T, ["rated from -20 °C to +60 °C"])],
  ["-30 °C to +70 °C", "-30 to 70 °C", "-22 °F to 158 °F"], "-30 °C to +70 °C", "-20 °C to +60 °C",
  "Spec sheet: 'Operating temperature | -30 °C to +70 °C' (charging 0 to +45 °C, storage -40 to +85 °C). Tier-1 agent in TP-88121: 'rated from -20 °C to +60 °C' - wrong; tier 2 notes the spec is wider.", None),
 ("contradiction", "How many GPS fixes can the tracker keep in memory while it has no cell signal?",
  [(D+"offline_buffering.md", ["stores up to 20,000 positions"]), (F+"tunnel_gap_buffer.txt", ["The unit only buffers 5,000 points when it's out of coverage"])],
  ["20,000 positions", "20,000", "20000"], "20,000 positions", "5,000 points",
  "Offline buffering (firmware 3.6): 'the TP-300 stores up to 20,000 positions'. Forum reply: 'The unit only buffers 5,000 points' - the pre-3.2 capacity stated as current, no version named. The 500-record event area and 250-position upload batches are other numbers.", None),
 ("contradiction", "On the cheapest plan, how long does Trailpost keep our trip history?",
  [(D+"plans_and_limits.md", ["| Location history retention | 30 days | 12 months | 5 years |"]), (B+"landscaping_business_diary.md", ["Starter keeps 90 days of trip history"])],
  ["30 days", "a month", "one month"], "30 days", "90 days",
  "Plans table (Cloud 5.4): retention Starter '30 days', Fleet '12 months', Enterprise '5 years'. Small-business blog (2026-04, after Cloud 5.2): 'Starter keeps 90 days of trip history' - the old value stated as fact.", None),
 ("consistent", "Is it right that the stock reporting profile sends a point twice a minute while driving?",
  [(D+"reporting_intervals.md", ["Default: 30 s"]), (F+"battery_drain_interval.txt", ["The stock setting reports twice a minute while moving"])],
  ["30 s", "twice a minute", "yes"], "30 s", "twice a minute",
  "Reporting intervals: moving 'Default: 30 s'. Forum reply: 'The stock setting reports twice a minute while moving' - same value expressed as a rate.", None),
 ("consistent", "What's the TP-300's working temperature range in Fahrenheit?",
  [(D+"device_specifications.md", ["| Operating temperature | -30 °C to +70 °C |"]), (F+"freezer_trucks_temperature.txt", ["the operating spec is -22 °F to 158 °F"])],
  ["-22 °F to 158 °F", "-30 °C to +70 °C"], "-30 °C to +70 °C", "-22 °F to 158 °F",
  "Spec sheet: '-30 °C to +70 °C'. Forum reply: 'the operating spec is -22 °F to 158 °F' - the same range converted to Fahrenheit.", None),
 ("consistent", "An insurer wants trips from about ten months ago - how much location history does a Fleet subscription retain?",
  [(D+"plans_and_limits.md", ["| Location history retention | 30 days | 12 months | 5 years |"]), (T, ["Fleet keeps one year of location history"])],
  ["12 months", "one year", "1 year"], "12 months", "one year",
  "Plans table: Fleet '12 months'. Agent in TP-88240: 'Fleet keeps one year of location history' - same value in years.", None),
 ("consistent", "If a trailer loses vehicle power, how long will the tracker keep reporting on its internal battery at normal settings?",
  [(D+"device_specifications.md", ["up to 8 hours of tracking at the default interval"]), (B+"reefer_power_loss_postmortem.md", ["up to eight hours of tracking at the default interval"])],
  ["8 hours", "eight hours", "up to 8 hours"], "up to 8 hours", "up to eight hours",
  "Spec sheet: backup battery 'up to 8 hours of tracking at the default interval'. Postmortem: 'specified for up to eight hours of tracking at the default interval', measured 7 h 45 min to 8 h 30 min. Battery-only parked mode (up to 5 days) is a different figure.", None),
 ("version_scoped", "Some of our older vans only log a point every 60 seconds on the default profile - was that ever the standard setting?",
  [(D+"reporting_intervals.md", ["Default: 30 s"]), (F+"points_every_minute_old_firmware.txt", ["On firmware 3.3 and earlier the default moving interval was 60 seconds"])],
  ["30 s", "30 seconds", "yes, on firmware 3.3 and earlier; now 30 s"], "30 s", "60 seconds",
  "Reporting intervals (firmware 3.6): 'Default: 30 s'. Staff reply: 'On firmware 3.3 and earlier the default moving interval was 60 seconds' - names the firmware the old value applied to.", "TP-300 firmware 3.3 and earlier"),
 ("version_scoped", "A telematics news piece says Fleet accounts max out at 100 geofences - is that still the limit?",
  [(D+"geofences.md", ["| Fleet | 200 |"]), (B+"trailpost_cloud_5_3_news.md", ["Before Trailpost Cloud 5.3, Fleet accounts were limited to 100 geofences"])],
  ["200", "no - Fleet now allows 200"], "200", "100",
  "Geofences page (Cloud 5.4): 'Fleet | 200'. News post (2026-01): 'Before Trailpost Cloud 5.3, Fleet accounts were limited to 100 geofences' - scoped to releases before 5.3.", "Trailpost Cloud releases before 5.3"),
]

KV_GOLD = [
 ("How many old versions of a password does a Keyvale Business organization keep per item?", [D+"plans_and_limits.md", D+"release_notes.md", F+"business_history_versions.txt", B+"keyvale_7_1_news.md"]),
 ("After how long without activity does the web vault lock by default?", [D+"security_policies.md", D+"release_notes.md", F+"web_vault_keeps_locking.txt", B+"team_password_managers_review_2026.md"]),
 ("How many failed master password attempts trigger an account lockout?", [D+"security_policies.md", D+"release_notes.md", T, F+"locked_out_after_typos.txt", B+"sync_bot_lockout_postmortem.md"]),
 ("How long is an account locked after too many failed sign-ins?", [D+"security_policies.md", D+"release_notes.md", F+"locked_out_after_typos.txt", B+"sync_bot_lockout_postmortem.md"]),
 ("What is the Public API rate limit for a Business API key?", [D+"api_rate_limits.md", D+"release_notes.md", F+"api_429_business_sync.txt", T]),
 ("What is the default emergency access waiting period?", [D+"emergency_access.md", D+"release_notes.md", F+"emergency_access_setup.txt", B+"emergency_access_for_families.md", T]),
 ("How many vault items can a Free organization store?", [D+"plans_and_limits.md", D+"release_notes.md", F+"free_plan_item_cap.txt", B+"team_password_managers_review_2026.md", T]),
 ("How long are event logs retained on the Business plan?", [D+"plans_and_limits.md", D+"event_logs.md", B+"soc2_evidence_keyvale.md"]),
 ("After how many seconds does the browser extension clear a copied password from the clipboard?", [D+"browser_extension_settings.md", D+"release_notes.md", F+"extension4_clipboard.txt"]),
 ("What is the browser extension's default auto-lock (vault timeout) setting?", [D+"browser_extension_settings.md", F+"web_vault_keeps_locking.txt", B+"team_password_managers_review_2026.md"]),
 ("How many shared folders does the Free plan allow?", [D+"plans_and_limits.md", F+"free_plan_item_cap.txt"]),
 ("How often can a full vault export be requested through the API?", [D+"api_rate_limits.md", F+"api_429_business_sync.txt", T]),
]

TP_GOLD = [
 ("What is the TP-300's default reporting interval while moving?", [D+"reporting_intervals.md", D+"release_notes.md", D+"offline_buffering.md", D+"sim_and_data.md", F+"points_every_minute_old_firmware.txt", F+"battery_drain_interval.txt", F+"tunnel_gap_buffer.txt", B+"fleet_tracker_roundup_2026.md"]),
 ("How many geofences can a Fleet account create?", [D+"plans_and_limits.md", D+"geofences.md", D+"release_notes.md", F+"fleet_geofence_limit.txt", B+"trailpost_cloud_5_3_news.md"]),
 ("What is the operating temperature range of the TP-300?", [D+"device_specifications.md", F+"freezer_trucks_temperature.txt", T, B+"winter_field_test.md"]),
 ("How many positions can the tracker buffer without cellular coverage?", [D+"offline_buffering.md", D+"release_notes.md", F+"tunnel_gap_buffer.txt", T, B+"reefer_power_loss_postmortem.md"]),
 ("How long is location history kept on the Starter plan?", [D+"plans_and_limits.md", D+"release_notes.md", F+"starter_history_month.txt", B+"landscaping_business_diary.md"]),
 ("How long is location history kept on the Fleet plan?", [D+"plans_and_limits.md", D+"release_notes.md", F+"starter_history_month.txt", T]),
 ("How long does the backup battery keep the tracker running after vehicle power is lost?", [D+"device_specifications.md", F+"battery_drain_interval.txt", B+"reefer_power_loss_postmortem.md"]),
 ("How much cellular data is included per device per month on Fleet?", [D+"plans_and_limits.md", D+"sim_and_data.md", F+"battery_drain_interval.txt", F+"sim_data_overage.txt", T]),
 ("At what temperatures will the TP-300 backup battery charge?", [D+"device_specifications.md", F+"freezer_trucks_temperature.txt", B+"winter_field_test.md"]),
 ("How often does a parked vehicle's tracker send a heartbeat by default?", [D+"reporting_intervals.md", D+"sim_and_data.md", T, B+"reefer_power_loss_postmortem.md"]),
 ("How many vertices can a geofence polygon have?", [D+"geofences.md", F+"fleet_geofence_limit.txt"]),
 ("What does data overage cost per MB on Fleet?", [D+"sim_and_data.md", F+"sim_data_overage.txt"]),
]

VERDICT = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}

def write(product, cases, gold):
    pdir = os.path.join(ROOT, product)
    with open(os.path.join(pdir, "conflicts.jsonl"), "w") as fc, open(os.path.join(pdir, "answers.jsonl"), "w") as fa:
        for expect, q, sides, auth, av, ov, note, scope in cases:
            fc.write(json.dumps({"q": q, "expect": expect, "sides": [[i, v] for i, v in sides], "authoritative": auth, "note": note}, ensure_ascii=False) + "\n")
            other = {"value": ov, "status": "supported" if expect == "consistent" else "contradicted", "source": sides[1][0]}
            if scope:
                other["scope"] = scope
            fa.write(json.dumps({"q": q, "verdict": VERDICT[expect], "answers": [{"value": av, "status": "authoritative", "source": sides[0][0]}, other]}, ensure_ascii=False) + "\n")
    with open(os.path.join(pdir, "gold.jsonl"), "w") as fg:
        for q, ids in gold:
            fg.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")

write("keyvale", KV, KV_GOLD)
write("trailpost", TP, TP_GOLD)
CASES = {"keyvale": KV, "trailpost": TP}
