import json, os
ROOT = "/tmp/heldout16/support_u"
D = "data/docs/"; F = "data/forums/"; B = "data/blogs/"; T = "data/tickets/tickets.json"

def write(product, cases, gold):
    p = os.path.join(ROOT, product)
    with open(os.path.join(p, "conflicts.jsonl"), "w") as fc, open(os.path.join(p, "answers.jsonl"), "w") as fa:
        for c in cases:
            fc.write(json.dumps({k: c[k] for k in ("q", "expect", "sides", "authoritative", "note")}, ensure_ascii=False) + "\n")
            verdict = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}[c["expect"]]
            a0 = {"value": c["auth_value"], "status": "authoritative", "source": c["sides"][0][0]}
            a1 = {"value": c["other_value"], "status": "supported" if c["expect"] == "consistent" else "contradicted", "source": c["sides"][1][0]}
            if c["expect"] == "version_scoped":
                a1["scope"] = c["scope"]
            fa.write(json.dumps({"q": c["q"], "verdict": verdict, "answers": [a0, a1]}, ensure_ascii=False) + "\n")
    with open(os.path.join(p, "gold.jsonl"), "w") as fg:
        for q, ids in gold:
            fg.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")

def case(q, expect, doc, dv, other, ov, auth, auth_value, other_value, note, scope=None):
    c = dict(q=q, expect=expect, sides=[[doc, dv], [other, ov]], authoritative=auth, auth_value=auth_value, other_value=other_value, note=note)
    if scope: c["scope"] = scope
    return c

pw = [
 case("One of our monitors never had its timeout touched - how many seconds does a check wait for the response before it's marked as failed?", "contradiction",
      D+"http_monitor_settings.md", ["Default: 15 seconds"], F+"community_slow_api_timeouts.txt", ["The default timeout is 30s"],
      ["15 seconds", "15 s", "15s", "15"], "15 seconds", "30 seconds",
      "Settings reference (7.2): 'Request timeout ... Default: 15 seconds, Maximum: 60 seconds'. Forum reply: 'The default timeout is 30s, so a 24 s response should pass' with no version named (30 s was the default before 7.0)."),
 case("On the free tier, what's the shortest check interval I can pick?", "contradiction",
      D+"plans_and_limits.md", ["3 minutes"], B+"budget_uptime_tools_roundup.md", ["the Free plan checks every 5 minutes at most"],
      ["3 minutes", "three minutes", "180 seconds"], "3 minutes", "5 minutes",
      "Plans table: 'Minimum check interval | 3 minutes | 60 seconds | 30 seconds'. The 2025 round-up says 'the Free plan checks every 5 minutes at most' (the pre-7.0 minimum; 5 minutes is also the default interval for new monitors, a neighbouring value) without naming a version."),
 case("Our auditors want the last two quarters of uptime data - how far back does the Team plan keep incident history?", "contradiction",
      D+"plans_and_limits.md", ["180 days"], T, ["retained for 90 days on Team"],
      ["180 days", "180", "six months"], "180 days", "90 days",
      "Plans table: 'Incident and uptime history | 30 days | 180 days | 13 months'. Ticket PW-20931 (Tier 1, 2025-10): 'Incident and uptime history is retained for 90 days on Team' - the value before 7.0, stated as current; the ticket was closed without correction."),
 case("If I run pw-agent with no config at all, how often does it send a heartbeat?", "contradiction",
      D+"private_agent_config.md", ["Default: 60s"], F+"community_agent_offline_after_restart.txt", ["The agent's default heartbeat is 30 seconds"],
      ["60s", "60 seconds", "one minute"], "60 seconds", "30 seconds",
      "Agent configuration reference: built-in 'heartbeat_interval ... Default: 60s'. Forum reply: 'The agent's default heartbeat is 30 seconds' - that is the value set by the packaged agent.yaml (data/docs/agent_packaged_config.md: 'heartbeat_interval: 30s'), not the built-in default."),
 case("How many API calls per minute can one token make before Pingwarden starts returning 429?", "contradiction",
      D+"api_rate_limits.md", ["120 requests per minute"], B+"grafana_pingwarden_dashboard.md", ["Each token gets 60 requests per minute"],
      ["120 requests per minute", "120 per minute", "120"], "120 requests per minute per token", "60 requests per minute",
      "API docs: 'Each API token may make 120 requests per minute, with short bursts of up to 20 requests per second'. The 2023-05 blog: 'Each token gets 60 requests per minute' without a version (the limit was raised in 6.4, 2023-10)."),
 case("For a monitor created today, how many locations have to see it down before an incident opens?", "consistent",
      D+"alerting_confirmation.md", ["`confirm_locations` | 3"], F+"community_confirm_locations_default.txt", ["new monitors confirm from three locations"],
      ["3", "three", "3 locations"], "3", "three locations",
      "Alerting docs table: 'Confirm from locations | `confirm_locations` | 3 | 1-6'. The forum thread's first reply says 2 (old default), the next reply corrects it: 'Since 7.2 new monitors confirm from three locations before an incident is opened'."),
 case("Is there a size cap on how much of the page a keyword check looks at?", "consistent",
      D+"http_monitor_settings.md", ["first 256 KiB"], F+"community_keyword_missing_large_page.txt", ["first 262144 bytes"],
      ["256 KiB", "262144 bytes", "256 KB"], "256 KiB", "262144 bytes",
      "Settings reference: 'Pingwarden searches the first 256 KiB of the decompressed response body'. Forum reply: 'Keyword matching only looks at the first 262144 bytes' (= 256 KiB). A later reply in the same thread recalls the old 64 KB value."),
 case("How long before a certificate expires does Pingwarden warn me, if I leave it alone?", "consistent",
      D+"alerting_confirmation.md", ["14 days before expiry"], B+"certwatch_ssl_expiry_alerts.md", ["two weeks before expiry"],
      ["14 days", "two weeks", "14"], "14 days", "two weeks",
      "Alerting docs: 'SSL certificate expiry warning | `ssl_expiry_days` | 14 days before expiry' (domain expiry is 30 days, a neighbouring value). Blog: 'warns two weeks before expiry by default'."),
 case("Can a single maintenance window cover a Friday-evening-to-Monday-evening migration?", "consistent",
      D+"alerting_confirmation.md", ["at most 72 hours"], F+"community_maintenance_weekend_migration.txt", ["up to three days"],
      ["72 hours", "three days", "3 days"], "72 hours", "three days",
      "Alerting docs: 'A single maintenance window can last at most 72 hours'. Forum reply: 'The cap was raised in 7.2 - a single window can now run up to three days' (the first reply's 'capped at 24 hours' is the pre-7.2 value)."),
 case("Did Pingwarden always give up on a check after 15 seconds?", "version_scoped",
      D+"http_monitor_settings.md", ["Default: 15 seconds"], B+"pingwarden_eng_fifteen_second_timeout.md", ["Before 7.0 the default timeout was 30 seconds"],
      ["15 seconds", "15 s", "15s", "15"], "15 seconds", "30 seconds", 
      "Settings reference (7.2): 'Default: 15 seconds'. Vendor engineering blog: 'Before 7.0 the default timeout was 30 seconds; new and migrated monitors now use 15 seconds'.",
      scope="Pingwarden before 7.0"),
 case("A comparison site says Team only keeps 90 days of history - is that still the case?", "version_scoped",
      D+"plans_and_limits.md", ["180 days"], B+"pingwarden_changelog_digest_v6.md", ["In Pingwarden 6.4, Team history is kept for 90 days"],
      ["180 days", "180", "six months"], "180 days", "90 days",
      "Plans table (7.2): Team 'Incident and uptime history' 180 days. The 2024 digest explicitly describes 6.4: 'In Pingwarden 6.4, Team history is kept for 90 days'; release notes 7.0 extended it from 90 to 180 days.",
      scope="Pingwarden 6.x (before 7.0)"),
]
pw_gold = [
 ("What's the default request timeout on an HTTP monitor?", [D+"http_monitor_settings.md", D+"release_notes.md", F+"community_slow_api_timeouts.txt", B+"pingwarden_eng_fifteen_second_timeout.md"]),
 ("How often can a free account run checks at most?", [D+"plans_and_limits.md", D+"release_notes.md", F+"community_free_plan_one_minute.txt", B+"budget_uptime_tools_roundup.md", B+"pingwarden_changelog_digest_v6.md"]),
 ("How many days of incident history do Team accounts get?", [D+"plans_and_limits.md", D+"release_notes.md", T, B+"pingwarden_changelog_digest_v6.md"]),
 ("How many failing locations does it take to open an incident by default?", [D+"alerting_confirmation.md", D+"release_notes.md", F+"community_confirm_locations_default.txt"]),
 ("My self-hosted agent location keeps going offline - what heartbeat interval does the agent use?", [D+"private_agent_config.md", D+"agent_packaged_config.md", D+"release_notes.md", F+"community_agent_offline_after_restart.txt", T]),
 ("What's the API rate limit per token?", [D+"api_rate_limits.md", D+"plans_and_limits.md", D+"release_notes.md", F+"community_api_429_exporter.txt", B+"grafana_pingwarden_dashboard.md", B+"pingwarden_changelog_digest_v6.md"]),
 ("Why does my keyword check miss text near the bottom of a big page?", [D+"http_monitor_settings.md", D+"release_notes.md", F+"community_keyword_missing_large_page.txt", T]),
 ("When does the certificate expiry warning go out?", [D+"alerting_confirmation.md", B+"certwatch_ssl_expiry_alerts.md"]),
 ("What is the longest maintenance window I can schedule in one go?", [D+"alerting_confirmation.md", D+"release_notes.md", F+"community_maintenance_weekend_migration.txt"]),
 ("How many SMS alerts per month does a Team account in the EU get?", [D+"plans_and_limits.md", T]),
 ("What interval does a newly created monitor start with?", [D+"http_monitor_settings.md", F+"community_free_plan_one_minute.txt"]),
 ("How long are individual check results kept before only daily aggregates remain?", [D+"plans_and_limits.md", D+"http_monitor_settings.md"]),
]
write("pingwarden", pw, pw_gold)

aw = [
 case("My Pulse 2 is always plugged into USB - how often is it taking a measurement if I never changed anything?", "contradiction",
      D+"pulse2_specifications.md", ["2 minutes"], F+"community_how_often_does_it_measure.txt", ["It samples every 5 minutes"],
      ["2 minutes", "two minutes", "120 seconds"], "2 minutes", "5 minutes",
      "Specifications (fw 3.4.0): 'USB-C power (5 V, 1 A) | 2 minutes | 1, 2, 5 or 10 minutes'. Forum reply to a user on 3.4.0: 'It samples every 5 minutes, that's fixed' (5 minutes was the default before firmware 3.0; 10 minutes on battery is a neighbouring value)."),
 case("I just set up a new monitor and it pinged me about CO2 at around 1000 ppm - is that the normal out-of-the-box alert level?", "contradiction",
      D+"alerts_and_thresholds.md", ["Default: 1000 ppm"], T, ["The default alert is 1200 ppm"],
      ["1000 ppm", "1000", "1,000 ppm"], "1000 ppm", "1200 ppm",
      "Alerts docs: 'CO2 alert Default: 1000 ppm'. Ticket AW-58102 (Tier 1, 2025-10, customer on fw 3.4.0): 'The default alert is 1200 ppm' - the pre-3.2 default, stated as current; ticket closed uncorrected."),
 case("If my Wi-Fi is down for a couple of days, does the monitor hold on to the readings?", "contradiction",
      D+"offline_and_connectivity.md", ["The buffer holds 72 hours"], B+"wifi_outage_test.md", ["only keeps 24 hours of readings"],
      ["72 hours", "three days", "3 days"], "72 hours", "24 hours",
      "Offline docs (fw 3.4.0): 'The buffer holds 72 hours of readings at the default mains interval'. The 2025 test blog: 'it only keeps 24 hours of readings in memory if Wi-Fi drops' - no firmware version named (24 hours was the pre-3.0 buffer)."),
 case("Without paying for Plus, how far back can I scroll in the app's history?", "contradiction",
      D+"app_plans_and_history.md", ["90 days"], F+"community_free_history_length.txt", ["Free accounts only get 30 days of history"],
      ["90 days", "90", "three months"], "90 days", "30 days",
      "Plans table (app 5.2): 'Reading history in the app | 90 days | 5 years'. Forum reply: 'Free accounts only get 30 days of history' (the value before app 5.0), no version named. Neighbouring values: full resolution 7 days, CSV export 31 days."),
 case("I'm in the UK - at what PM2.5 level will the app warn me if I don't change the setting?", "contradiction",
      D+"alerts_and_thresholds.md", ["25 µg/m³"], B+"review_pulse2_london_flat.md", ["warns at 35 µg/m³"],
      ["25 µg/m³", "25", "25 ug/m3"], "25 µg/m³ (EU/UK account region)", "35 µg/m³",
      "Alerts docs: region table 'European Union, United Kingdom, EEA | 25 µg/m³' (US/Canada: 35 µg/m³). The London review says 'Out of the box the app warns at 35 µg/m³ of PM2.5' for a UK user - the US/Canada value, same scope as the UK row."),
 case("How often does the CO2 sensor re-zero itself automatically?", "consistent",
      D+"calibration.md", ["Calibration period: 7 days"], F+"community_co2_baseline_bedroom.txt", ["rolling 168 hours"],
      ["7 days", "168 hours", "one week"], "7 days", "168 hours",
      "Calibration docs: 'Calibration period: 7 days'. Forum correction: 'since firmware 3.4 ABC takes the lowest reading over a rolling 168 hours' (= 7 days); the earlier reply's '8 days' is the pre-3.4 value."),
 case("Does a mains-powered Pulse 2 update every couple of minutes by default?", "consistent",
      D+"pulse2_specifications.md", ["2 minutes"], B+"review_pulse2_london_flat.md", ["a new reading every 120 seconds"],
      ["2 minutes", "two minutes", "120 seconds"], "2 minutes", "120 seconds",
      "Specifications: USB-C power default interval '2 minutes'. Review: 'on mains power it takes a new reading every 120 seconds'."),
 case("We want 14 monitors in one office Home - is that over the limit?", "consistent",
      D+"app_plans_and_history.md", ["up to 16 monitors"], T, ["up to sixteen monitors per Home"],
      ["16", "sixteen", "16 monitors"], "16 monitors", "sixteen monitors",
      "Plans docs: 'A Home can hold up to 16 monitors on any plan'. Ticket AW-58377: 'On app 5.2 and later you can have up to sixteen monitors per Home, on both the Free plan and Plus'."),
 case("How long do I need to hold the button to wipe a second-hand monitor?", "consistent",
      D+"pulse2_specifications.md", ["Factory reset: hold the top button for 10 seconds"], F+"community_factory_reset_how_long.txt", ["hold the top button for ten seconds"],
      ["10 seconds", "ten seconds"], "10 seconds", "ten seconds",
      "Specifications: 'Factory reset: hold the top button for 10 seconds until the ring turns solid red'. Forum correction: 'For a factory reset hold the top button for ten seconds'; the earlier reply's '3 seconds' is pairing mode (a neighbouring value)."),
 case("Why do some older posts say the CO2 alert starts at 1200?", "version_scoped",
      D+"alerts_and_thresholds.md", ["Default: 1000 ppm"], B+"aerwyn_blog_new_co2_default.md", ["On firmware 3.1 and earlier the default alert was 1200 ppm"],
      ["1000 ppm", "1000", "1,000 ppm"], "1000 ppm", "1200 ppm",
      "Alerts docs: 'Default: 1000 ppm'. Vendor blog for firmware 3.2: 'On firmware 3.1 and earlier the default alert was 1200 ppm; from 3.2 it is 1000 ppm'. (The Classroom profile's 1400 ppm is a separate, programme-scoped value.)",
      scope="firmware 3.1 and earlier"),
 case("Was the offline memory always three days, or did it use to be shorter?", "version_scoped",
      D+"offline_and_connectivity.md", ["The buffer holds 72 hours"], F+"community_offline_gap_after_router_swap.txt", ["On firmware 2.x the buffer only held 24 hours"],
      ["72 hours", "three days", "3 days"], "72 hours", "24 hours",
      "Offline docs: 'The buffer holds 72 hours of readings'. Forum reply: 'On firmware 2.x the buffer only held 24 hours, but 3.0 raised it to 72 hours' (an earlier reply in the thread says 'only buffers a day's worth' without a version).",
      scope="firmware 2.x (before 3.0)"),
]
aw_gold = [
 ("How often does the monitor measure when it's on USB power?", [D+"pulse2_specifications.md", D+"release_notes.md", D+"schools_classroom_profile.md", F+"community_how_often_does_it_measure.txt", B+"review_pulse2_london_flat.md"]),
 ("What CO2 level triggers an alert on a freshly set up monitor?", [D+"alerts_and_thresholds.md", D+"release_notes.md", D+"schools_classroom_profile.md", F+"community_classroom_alert_1400.txt", B+"aerwyn_blog_new_co2_default.md", B+"home_office_ventilation_tips.md", B+"review_pulse2_london_flat.md", T]),
 ("How many hours of readings are kept on the device while it's offline?", [D+"pulse2_specifications.md", D+"offline_and_connectivity.md", D+"release_notes.md", F+"community_offline_gap_after_router_swap.txt", B+"wifi_outage_test.md"]),
 ("How much history does the free app keep?", [D+"app_plans_and_history.md", D+"release_notes.md", F+"community_free_history_length.txt", T]),
 ("What's the default PM2.5 warning level for an account in Europe or the UK?", [D+"alerts_and_thresholds.md", B+"review_pulse2_london_flat.md", T]),
 ("Over what period does automatic CO2 calibration look for the lowest reading?", [D+"calibration.md", D+"release_notes.md", F+"community_co2_baseline_bedroom.txt"]),
 ("Is there a cap on monitors per Home?", [D+"app_plans_and_history.md", D+"release_notes.md", F+"community_monitor_limit_per_home.txt", T]),
 ("How do I factory reset it - how long to hold the button?", [D+"pulse2_specifications.md", F+"community_factory_reset_how_long.txt"]),
 ("How often does it measure on battery?", [D+"pulse2_specifications.md", F+"community_how_often_does_it_measure.txt", B+"home_assistant_local_mqtt.md"]),
 ("How many days can one CSV export cover on the free plan?", [D+"app_plans_and_history.md", T, F+"community_free_history_length.txt"]),
 ("After how long without contact does the app show the monitor as offline?", [D+"offline_and_connectivity.md"]),
]
write("aerwyn_pulse", aw, aw_gold)
print("ok")
