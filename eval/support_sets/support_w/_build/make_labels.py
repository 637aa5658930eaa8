#!/usr/bin/env python3
"""Writes conflicts.jsonl, answers.jsonl and gold.jsonl for both products."""
import json, os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

D = "data/docs/"; F = "data/forums/"; B = "data/blogs/"; T = "data/tickets/tickets.json"

# (q, expect, official_side, other_side, authoritative, note, answer0, answer1, scope)
TIDECAST = [
 ("My 612 MB WAV keeps getting rejected on the Creator plan - isn't the limit 500 MB?",
  "contradiction", (D+"upload_limits.md", ["1 GB"]), (F+"creator_upload_cap_413.txt", ["Creator cap is 500 MB"]),
  ["1 GB", "1 GB per episode", "1000 MB"],
  "Upload limits (5.2): 'Creator | 1 GB'. Forum thread: 'The Creator cap is 500 MB, right?' and the reply 'Creator tops out at 500 MB per file', stated as current fact (500 MB was the 4.x limit).",
  "1 GB", "500 MB", None),
 ("I edited a published episode - how long until the public feed URL shows the change?",
  "contradiction", (D+"rss_feed_settings.md", ["Default: 300 seconds"]), (T, ["cached for 15 minutes"]),
  ["300 seconds", "5 minutes", "five minutes"],
  "RSS feed settings: 'Feed edge cache ... Default: 300 seconds'. Ticket TC-48213, tier-1 answer: 'Our feeds are cached for 15 minutes' (the pre-4.6 value; tier 2 later says 300 seconds).",
  "300 seconds (5 minutes)", "15 minutes", None),
 ("Can I still re-process an episode I uploaded two months ago, or has Tidecast already thrown away the original file?",
  "contradiction", (D+"audio_processing.md", ["Default: 90 days after processing finishes"]), (F+"reprocess_original_missing.txt", ["Originals are deleted after 30 days"]),
  ["90 days", "90 days after processing"],
  "Audio processing (5.2): 'Original file retention: Default: 90 days after processing finishes'. Forum reply: 'Originals are deleted after 30 days, only the processed MP3 stays' (30 days was the pre-5.2 value; no version named).",
  "90 days after processing", "30 days", None),
 ("How many API calls per minute can one token make before Tidecast starts returning 429?",
  "contradiction", (D+"api_rate_limits.md", ["120 requests per minute"]), (B+"devnotes_tidecast_api_integration.md", ["60 requests per minute per token"]),
  ["120 requests per minute", "120 per minute", "120"],
  "Rate limits: 'Personal token (all plans) | 120 requests per minute | 20'. The 2026 blog post: 'Tidecast's API allows 60 requests per minute per token' (the pre-5.0 limit, stated as current).",
  "120 requests per minute per token (burst 20)", "60 requests per minute", None),
 ("What part size does tidecast-cli use if I don't pass --chunk-size?",
  "contradiction", (D+"cli_uploader.md", ["Default: 8 MiB (8388608 bytes)"]), (F+"cli_upload_stalls_hotel.txt", ["default chunk size is 32 MiB"]),
  ["8 MiB", "8388608 bytes", "8MiB"],
  "CLI reference: 'chunk_size: Default: 8 MiB (8388608 bytes)'; the packaged /etc/tidecast/tidecast.toml sets '32MiB'. Forum reply: 'The CLI's default chunk size is 32 MiB' (confuses the shipped config file with the built-in default; a later reply corrects it).",
  "8 MiB", "32 MiB", None),
 ("What bitrate does Tidecast encode a new stereo show at unless I change it?",
  "consistent", (D+"audio_processing.md", ["Default: 128 kbps"]), (B+"soundcheck_loudness_bitrate_hosts.md", ["128 kbit/s stereo MP3"]),
  ["128 kbps", "128 kbit/s"],
  "Audio processing: 'Output bitrate (stereo): Default: 128 kbps'. Blog: 'Tidecast's default output is 128 kbit/s stereo MP3' (same value, other unit spelling).",
  "128 kbps", "128 kbit/s", None),
 ("Our show is hosted in the EU - how far back can we export raw download logs?",
  "consistent", (D+"data_retention_regions.md", ["13 months"]), (F+"eu_stats_history_short.txt", ["kept for thirteen months"]),
  ["13 months", "thirteen months"],
  "Retention table, EU region: 'Raw download logs ... | 25 months | 13 months'. Staff reply: 'In the EU region raw download logs ... are kept for thirteen months'. The US value (25 months) is a neighbouring number.",
  "13 months (EU region)", "thirteen months", None),
 ("Is it true that feed edits now go live within about five minutes?",
  "consistent", (D+"rss_feed_settings.md", ["Default: 300 seconds"]), (F+"feed_title_change_slow.txt", ["five minutes"]),
  ["300 seconds", "5 minutes", "five minutes"],
  "RSS feed settings: 'Default: 300 seconds'. Staff reply in the thread corrects an earlier '15 minutes' reply: 'the feed edge cache is five minutes these days'. The <ttl> 60 is a neighbouring value.",
  "300 seconds", "five minutes", None),
 ("How many parts does tidecast-cli push at the same time out of the box?",
  "consistent", (D+"cli_uploader.md", ["Default: 3"]), (B+"wavelength_cli_automation.md", ["sends three parts at a time by default"]),
  ["3", "three"],
  "CLI reference: 'parallel: Default: 3' (the packaged config file sets 4). Blog: 'sends three parts at a time by default'.",
  "3", "three", None),
 ("Was the Creator upload limit always 1 GB?",
  "version_scoped", (D+"upload_limits.md", ["1 GB"]), (B+"tidecast_blog_whats_new_5_0.md", ["In Tidecast 4.x the Creator limit was 500 MB"]),
  ["1 GB", "1 GB per episode"],
  "Upload limits (5.2): Creator '1 GB'. Vendor blog for 5.0: '(In Tidecast 4.x the Creator limit was 500 MB ...)' - names the older version.",
  "1 GB", "500 MB", "Tidecast 4.x (before 5.0)"),
 ("My older show comes out at 96 kbps - was that the default at some point?",
  "version_scoped", (D+"audio_processing.md", ["Default: 128 kbps"]), (F+"output_bitrate_sounds_worse.txt", ["On 4.x the default output was 96 kbps"]),
  ["128 kbps"],
  "Audio processing (5.2): 'Default: 128 kbps'. Forum reply: 'On 4.x the default output was 96 kbps ... Since 5.0 new shows get 128 kbps'.",
  "128 kbps", "96 kbps", "Tidecast 4.x (shows created before 5.0 keep it)"),
]

TIDECAST_GOLD = [
 ("What's the largest episode file I can upload on Creator?",
  [D+"upload_limits.md", D+"release_notes.md", F+"creator_upload_cap_413.txt", B+"tidecast_blog_whats_new_5_0.md", B+"podhop_switching_hosts_2024.md"]),
 ("How long does it take before changes to my show appear in the public RSS feed?",
  [D+"rss_feed_settings.md", D+"release_notes.md", F+"feed_title_change_slow.txt", B+"podhop_switching_hosts_2024.md", T]),
 ("For how long can I re-process an episode before the original upload is removed?",
  [D+"audio_processing.md", D+"release_notes.md", F+"reprocess_original_missing.txt", T]),
 ("Which bitrate does Tidecast use for the MP3 it distributes?",
  [D+"audio_processing.md", D+"release_notes.md", F+"output_bitrate_sounds_worse.txt", B+"tidecast_blog_whats_new_5_0.md", B+"soundcheck_loudness_bitrate_hosts.md", B+"podhop_switching_hosts_2024.md"]),
 ("How many requests per minute does the Tidecast API allow?",
  [D+"api_rate_limits.md", D+"release_notes.md", F+"api_429_nightly_sync.txt", B+"tidecast_blog_whats_new_5_0.md", B+"devnotes_tidecast_api_integration.md", T]),
 ("How big are the pieces tidecast-cli splits my file into by default?",
  [D+"cli_uploader.md", D+"release_notes.md", F+"cli_upload_stalls_hotel.txt", B+"wavelength_cli_automation.md"]),
 ("How many upload parts run in parallel with the CLI if I don't configure anything?",
  [D+"cli_uploader.md", F+"cli_upload_stalls_hotel.txt", B+"wavelength_cli_automation.md"]),
 ("How long are listener IPs and raw download logs kept for EU-hosted shows?",
  [D+"data_retention_regions.md", D+"release_notes.md", F+"eu_stats_history_short.txt", T]),
 ("If I delete an episode by accident, how long do I have to get it back?",
  [D+"data_retention_regions.md"]),
 ("Is the per-episode limit on the Starter plan still 250 MB?",
  [D+"upload_limits.md", D+"release_notes.md", F+"creator_upload_cap_413.txt", B+"tidecast_blog_whats_new_5_0.md", B+"podhop_switching_hosts_2024.md"]),
 ("What loudness does Tidecast normalise episodes to?",
  [D+"audio_processing.md", D+"release_notes.md", F+"output_bitrate_sounds_worse.txt", B+"soundcheck_loudness_bitrate_hosts.md"]),
]

REEFPILOT = [
 ("When I press Feed, how long do the pumps stay off before they come back on?",
  "contradiction", (D+"feed_mode.md", ["Default: 10 minutes"]), (B+"firstreef_beginner_automation.md", ["pauses your return and wave pumps for 5 minutes"]),
  ["10 minutes", "ten minutes"],
  "Feed mode (firmware 3.4): 'Feed mode duration: Default: 10 minutes'. Beginner guide (2026): 'ReefPilot pauses your return and wave pumps for 5 minutes' - the pre-3.0 value, no version named. The 5-minute skimmer restart delay is a neighbouring setting.",
  "10 minutes", "5 minutes", None),
 ("At what water temperature does the R3 raise its high-temperature alarm if I never set one?",
  "contradiction", (D+"temperature_alarms.md", ["Default: 28.5 °C"]), (F+"summer_high_temp_no_alarm.txt", ["the default high alarm is 29 °C"]),
  ["28.5 °C", "28.5", "83.3 °F"],
  "Temperature alarms (firmware 3.4): 'High temperature alarm: Default: 28.5 °C'. Forum reply to a user on firmware 3.4: 'the default high alarm is 29 °C' (29.0 °C was the default before 3.2). The 30.0 °C heater cutoff is a neighbouring value.",
  "28.5 °C (83.3 °F)", "29 °C", None),
 ("I'm on the free plan - how many days of graphs does the app keep?",
  "contradiction", (D+"logging_and_history.md", ["Free | 30 days"]), (F+"older_graphs_missing_free.txt", ["Free only keeps 14 days of history"]),
  ["30 days"],
  "Logging and history: 'Free | 30 days'. Forum reply: 'Free only keeps 14 days of history, Plus keeps 2 years' (14 days was the free limit before app 6.0; no version named).",
  "30 days", "14 days", None),
 ("Is 100 mL per day the most a D-4 head will dose by default?",
  "contradiction", (D+"dosing_pump_limits.md", ["Default: 250 mL per head"]), (F+"doser_stops_kalk_100ml.txt", ["100 mL/day is the firmware max per head"]),
  ["250 mL", "250 mL per head", "250 ml"],
  "D-4 limits: 'Daily safety limit: Default: 250 mL per head' (the Starter profile writes 100 mL). Forum reply: '100 mL/day is the firmware max per head' - confuses the profile value with the firmware default; the staff reply in the same thread corrects it.",
  "250 mL per head", "100 mL per day", None),
 ("How long does my controller have to be offline before the app warns me?",
  "contradiction", (D+"app_notifications.md", ["Default: after 15 minutes"]), (T, ["sends the offline alert after 30 minutes offline"]),
  ["15 minutes", "after 15 minutes"],
  "Notifications (app 6.2): 'Controller offline alert: Default: after 15 minutes'. Ticket LR-20417, tier-1 answer: 'The app sends the offline alert after 30 minutes offline' (the pre-6.2 default, stated to a 6.2 user).",
  "15 minutes", "30 minutes", None),
 ("I use Fahrenheit - is the stock high temp alarm around 83 °F?",
  "consistent", (D+"temperature_alarms.md", ["28.5 °C (83.3 °F)"]), (B+"reefbench_heatwave_checklist.md", ["alarms at 83.3 °F by default"]),
  ["28.5 °C", "83.3 °F"],
  "Temperature alarms: 'High temperature alarm | 28.5 °C (83.3 °F)'. Blog: 'it alarms at 83.3 °F by default and cuts the heaters at 86 °F' (same value in Fahrenheit).",
  "28.5 °C (83.3 °F)", "83.3 °F", None),
 ("How often does the controller write a pH reading to its log?",
  "consistent", (D+"logging_and_history.md", ["Default: 60 seconds"]), (F+"how_often_ph_recorded.txt", ["logs every minute by default"]),
  ["60 seconds", "every minute", "1 minute"],
  "Logging: 'Probe logging interval: Default: 60 seconds'. Forum: 'It logs every minute by default'. The 5-minute cloud sync interval is a neighbouring value.",
  "60 seconds", "every minute", None),
 ("If I pay for ReefPilot Plus, how far back do my graphs go?",
  "consistent", (D+"logging_and_history.md", ["730 days (2 years)"]), (T, ["keeps two years of probe history"]),
  ["730 days", "2 years", "two years"],
  "Logging and history: 'ReefPilot Plus | 730 days (2 years)'. Ticket LR-20610: 'the cloud keeps two years of probe history, compared with 30 days on the free plan'.",
  "730 days (2 years)", "two years", None),
 ("What total load can the European PB-6 power bar take before it cuts out?",
  "consistent", (D+"power_bar_specs.md", ["10 A"]), (F+"pb6_trips_with_chiller_uk.txt", ["rated ten amps total"]),
  ["10 A", "10 amps", "ten amps"],
  "PB-6 specs: 'Total load, all outlets | 10 A | 15 A' (PB-6E | PB-6U). Forum reply: 'the EU/UK bar is rated ten amps total across all six outlets (the US model does 15 A at 120 V)'.",
  "10 A (PB-6E, EU/UK)", "ten amps", None),
 ("Did feed mode use to be shorter?",
  "version_scoped", (D+"feed_mode.md", ["Default: 10 minutes"]), (F+"feed_mode_ends_too_soon.txt", ["5 minutes was the default on 2.x"]),
  ["10 minutes"],
  "Feed mode (firmware 3.4): 'Default: 10 minutes'. Forum reply: '5 minutes was the default on 2.x, firmware 3.0 made it 10'.",
  "10 minutes", "5 minutes", "firmware 2.x (before 3.0)"),
 ("A review says the R3 only logs every 5 minutes - is that still how it works?",
  "version_scoped", (D+"logging_and_history.md", ["Default: 60 seconds"]), (B+"saltwater_sundays_r3_review.md", ["On firmware 2.8, which my unit shipped with, the R3 logs probe readings every 5 minutes"]),
  ["60 seconds", "every minute"],
  "Logging (firmware 3.4): 'Probe logging interval: Default: 60 seconds'. 2024 review: 'On firmware 2.8, which my unit shipped with, the R3 logs probe readings every 5 minutes' (release notes: 300 s -> 60 s in 3.2).",
  "60 seconds", "5 minutes", "firmware 2.8 (before 3.2)"),
]

REEFPILOT_GOLD = [
 ("How long does feed mode keep the pumps paused?",
  [D+"feed_mode.md", D+"release_notes.md", F+"feed_mode_ends_too_soon.txt", B+"lumenreef_blog_firmware_3_0.md", B+"firstreef_beginner_automation.md"]),
 ("What's the default high-temperature alarm on the R3?",
  [D+"temperature_alarms.md", D+"release_notes.md", F+"summer_high_temp_no_alarm.txt", B+"saltwater_sundays_r3_review.md", B+"reefbench_heatwave_checklist.md"]),
 ("At what temperature are the heater outlets switched off no matter what?",
  [D+"temperature_alarms.md", F+"summer_high_temp_no_alarm.txt", B+"saltwater_sundays_r3_review.md", B+"reefbench_heatwave_checklist.md"]),
 ("How much graph history does the free plan include?",
  [D+"logging_and_history.md", D+"release_notes.md", F+"older_graphs_missing_free.txt", B+"saltwater_sundays_r3_review.md", B+"firstreef_beginner_automation.md", T]),
 ("How long is history kept with a Plus subscription?",
  [D+"logging_and_history.md", D+"release_notes.md", F+"older_graphs_missing_free.txt", B+"saltwater_sundays_r3_review.md", T]),
 ("How often are probe readings recorded?",
  [D+"logging_and_history.md", D+"release_notes.md", F+"how_often_ph_recorded.txt", B+"saltwater_sundays_r3_review.md"]),
 ("Why does my doser head stop partway through the day - what is the daily cap?",
  [D+"dosing_pump_limits.md", D+"release_notes.md", F+"doser_stops_kalk_100ml.txt", B+"lumenreef_blog_firmware_3_0.md", B+"alk_lab_dosing_two_part.md", T]),
 ("How quickly will I get a notification if my controller goes offline?",
  [D+"app_notifications.md", D+"release_notes.md", F+"power_cut_no_offline_alert.txt", T]),
 ("How many amps can the EU/UK power bar handle in total?",
  [D+"power_bar_specs.md", F+"pb6_trips_with_chiller_uk.txt", T]),
 ("Is the US version of the power bar rated higher than the European one?",
  [D+"power_bar_specs.md", F+"pb6_trips_with_chiller_uk.txt", T]),
 ("How long does the skimmer wait before restarting after feeding?",
  [D+"feed_mode.md"]),
]


def write(product, cases, gold):
    pdir = os.path.join(ROOT, product)
    with open(os.path.join(pdir, "conflicts.jsonl"), "w", encoding="utf-8") as fc, \
         open(os.path.join(pdir, "answers.jsonl"), "w", encoding="utf-8") as fa:
        for q, expect, off, other, auth, note, a0, a1, scope in cases:
            fc.write(json.dumps({"q": q, "expect": expect,
                                 "sides": [[off[0], off[1]], [other[0], other[1]]],
                                 "authoritative": auth, "note": note}, ensure_ascii=False) + "\n")
            verdict = {"contradiction": "contradiction", "consistent": "consistent",
                       "version_scoped": "scoped"}[expect]
            second = {"value": a1, "status": "supported" if expect == "consistent" else "contradicted",
                      "source": other[0]}
            if scope:
                second["scope"] = scope
            fa.write(json.dumps({"q": q, "verdict": verdict,
                                 "answers": [{"value": a0, "status": "authoritative", "source": off[0]}, second]},
                                ensure_ascii=False) + "\n")
    with open(os.path.join(pdir, "gold.jsonl"), "w", encoding="utf-8") as fg:
        for q, ids in gold:
            fg.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")


write("tidecast", TIDECAST, TIDECAST_GOLD)
write("reefpilot", REEFPILOT, REEFPILOT_GOLD)
print("ok")
