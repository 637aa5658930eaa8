import json, os
ROOT = "/tmp/heldout17/support_v"
D = "data/docs/"; F = "data/forums/"; B = "data/blogs/"; T = "data/tickets/tickets.json"

def case(q, expect, official, ov, other, xv, auth, note, a0, a1, scope=None):
    c = {"q": q, "expect": expect, "sides": [[official, ov], [other, xv]], "authoritative": auth, "note": note}
    verdict = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}[expect]
    st = "supported" if expect == "consistent" else "contradicted"
    a = {"q": q, "verdict": verdict, "answers": [
        {"value": a0, "status": "authoritative", "source": official},
        {"value": a1, "status": st, "source": other}]}
    if scope:
        a["answers"][1]["scope"] = scope
    return c, a

sendloft = [
 case("A client couldn't open my download link eight days after I sent it - how long do links stay live if nobody changed any settings?",
      "contradiction", D+"sharing_links.md", ["Default: 7 days"], F+"community_link_dead_after_a_week.txt", ["links expire after 14 days by default"],
      ["7 days", "seven days", "one week", "7d"],
      "Sendloft 4.2 docs: 'link_expiry ... Default: 7 days'. The forum poster states 'I thought links expire after 14 days by default' (the pre-4.0 value) without naming a version; a later reply in the thread says the default is 7 days.",
      "7 days", "14 days"),
 case("I'm on Pro - what's the largest single file I can upload?",
      "contradiction", D+"plans_and_limits.md", ["50 GB"], B+"filemoverreview_sendloft_vs_rivals.md", ["Pro tops out at 20 GB per file"],
      ["50 GB"],
      "Plans and limits (4.2): 'Maximum size of a single file | 2 GB | 50 GB | 250 GB'. The 2025 review says 'Pro tops out at 20 GB per file' without naming a version (20 GB was the Pro limit before 4.1).",
      "50 GB", "20 GB"),
 case("How many API calls a minute can a Pro token make before it gets throttled?",
      "contradiction", D+"api_rate_limits.md", ["600 requests per minute"], T, ["The Pro plan allows 300 requests per minute"],
      ["600 requests per minute", "600/min", "600"],
      "API rate limits (4.2): 'Pro | 600 requests per minute | 50 requests per second'. Ticket SL-40213 (opened after the 4.2 release), tier-1 answer: 'The Pro plan allows 300 requests per minute' - the pre-4.2 value, stated as current and never corrected in the ticket.",
      "600 requests per minute", "300 requests per minute"),
 case("If I take the chunk_size line out of my sendloft config, what part size does the CLI upload with?",
      "contradiction", D+"cli_configuration.md", ["Default: 16 MiB"], F+"community_cli_chunk_size.txt", ["The default chunk size is 8 MiB"],
      ["16 MiB", "16777216 bytes", "16MiB"],
      "CLI configuration reference: 'chunk_size ... Default: 16 MiB'. The forum poster says 'The default chunk size is 8 MiB according to the config file that came with the CLI' - 8 MiB is what the packaged example sendloft.toml sets, not the built-in default (a later reply corrects this).",
      "16 MiB", "8 MiB"),
 case("A recipient typed the link password wrong too many times - how long until they can try again without me doing anything?",
      "contradiction", D+"security_settings.md", ["locked out of that link for 15 minutes"], F+"community_password_lockout.txt", ["locked out for 60 minutes"],
      ["15 minutes", "a quarter of an hour"],
      "Security settings: 'a recipient who enters a wrong password 5 times in a row is locked out of that link for 15 minutes'. Forum reply: 'You get five tries and then you're locked out for 60 minutes' (a later reply says it was about a quarter of an hour).",
      "15 minutes", "60 minutes"),
 case("Does the CLI really upload in 16 MiB pieces when I haven't configured anything?",
      "consistent", D+"cli_configuration.md", ["Default: 16 MiB"], B+"pixelfreight_cli_tuning.md", ["16777216 bytes"],
      ["16 MiB", "16777216 bytes"],
      "CLI reference 'Default: 16 MiB'; the blog says 'Out of the box the CLI uses a chunk size of 16777216 bytes' - the same value in bytes (16 x 1048576).",
      "16 MiB", "16777216 bytes"),
 case("My upload got interrupted - how long do I have to resume it before the parts I already sent are thrown away?",
      "consistent", D+"trash_and_incomplete_uploads.md", ["expires 24 hours after its last received part"], T, ["kept for one day after the last part arrives"],
      ["24 hours", "one day", "1 day"],
      "Docs: 'A resumable upload session that has not been completed expires 24 hours after its last received part'. Ticket SL-40388: 'Incomplete upload sessions are kept for one day after the last part arrives'.",
      "24 hours", "one day"),
 case("We're on Pro and someone deleted a transfer - how long can we still get it back?",
      "consistent", D+"trash_and_incomplete_uploads.md", ["Default: 30 days"], F+"community_restore_deleted_transfer.txt", ["30-day trash window"],
      ["30 days"],
      "Docs: 'Trash retention Default: 30 days' (Business can raise it to 180 days). Forum reply: 'Deleted stuff sits there for the 30-day trash window'.",
      "30 days", "30 days"),
 case("How long can I leave the web app open and untouched before it signs me out?",
      "consistent", D+"security_settings.md", ["Idle session timeout | 12 hours"], F+"community_logged_out_every_day.txt", ["720 minutes by default"],
      ["12 hours", "720 minutes"],
      "Security settings table: 'Idle session timeout | 12 hours'. Forum reply: 'It's 720 minutes by default (they show it as 12 hours...)'. An earlier reply's guess of 8 hours is wrong but is not the labelled side.",
      "12 hours", "720 minutes"),
 case("Were share links always set to expire after a week by default?",
      "version_scoped", D+"sharing_links.md", ["Default: 7 days"], B+"sendloft_blog_whats_new_4_0.md", ["Before Sendloft 4.0, links defaulted to 14 days"],
      ["7 days", "one week"],
      "Current docs: 'Default: 7 days'. Vendor blog for 4.0: 'Before Sendloft 4.0, links defaulted to 14 days' - correct for releases before 4.0.",
      "7 days", "14 days", scope="Sendloft before 4.0"),
 case("Is the Pro API cap still 300 requests a minute?",
      "version_scoped", D+"api_rate_limits.md", ["600 requests per minute"], B+"loopworks_api_integration_notes.md", ["Up to 4.1, Pro accounts were limited to 300 requests per minute"],
      ["600 requests per minute", "600"],
      "API rate limits (4.2): Pro '600 requests per minute'. Blog: 'Up to 4.1, Pro accounts were limited to 300 requests per minute' - scoped to releases up to 4.1 (release notes: raised from 300 to 600 in 4.2).",
      "600 requests per minute", "300 requests per minute", scope="Sendloft up to 4.1"),
]

sendloft_gold = [
 ("How long is a share link valid if the sender doesn't pick an expiry?",
  [D+"sharing_links.md", D+"release_notes.md", D+"cli_sample_config.md", F+"community_link_dead_after_a_week.txt", B+"sendloft_blog_whats_new_4_0.md"]),
 ("What's the biggest single file a Pro workspace can send?",
  [D+"plans_and_limits.md", D+"release_notes.md", B+"filemover review_placeholder"]),
 ("How many requests per minute does the API allow on the Pro plan?",
  [D+"api_rate_limits.md", D+"release_notes.md", F+"community_api_429_pro.txt", B+"loopworks_api_integration_notes.md", T]),
 ("Which part size does the sendloft CLI use for resumable uploads when nothing is configured?",
  [D+"cli_configuration.md", D+"cli_sample_config.md", D+"release_notes.md", F+"community_cli_chunk_size.txt", B+"pixelfreight_cli_tuning.md", B+"sendloft_blog_whats_new_4_0.md"]),
 ("How long does an unfinished upload stay on the server before it expires?",
  [D+"trash_and_incomplete_uploads.md", T]),
 ("How long is a recipient blocked after too many wrong link passwords?",
  [D+"security_settings.md", F+"community_password_lockout.txt"]),
 ("How long do deleted files stay in the trash?",
  [D+"trash_and_incomplete_uploads.md", D+"release_notes.md", F+"community_restore_deleted_transfer.txt", B+"itadmin_notes_sendloft_checklist.md"]),
 ("Our Business workspace is hosted in the EU - how far back does the audit log go?",
  [D+"security_settings.md", D+"release_notes.md", F+"community_eu_audit_log.txt", B+"itadmin_notes_sendloft_checklist.md", T]),
 ("After how much inactivity does the web app log people out by default?",
  [D+"security_settings.md", D+"release_notes.md", F+"community_logged_out_every_day.txt", B+"sendloft_blog_whats_new_4_0.md", B+"itadmin_notes_sendloft_checklist.md"]),
 ("How many people can I email a single transfer to on Pro?",
  [D+"plans_and_limits.md"]),
 ("Is there a per-second cap on API calls on top of the per-minute one?",
  [D+"api_rate_limits.md", F+"community_api_429_pro.txt", B+"loopworks_api_integration_notes.md"]),
]
sendloft_gold[1] = (sendloft_gold[1][0], [D+"plans_and_limits.md", D+"release_notes.md", B+"filemoverreview_sendloft_vs_rivals.md", T])

rainmere = [
 case("I pressed rain delay without changing the length - when will my sprinklers start again?",
      "contradiction", D+"rain_delay_and_weather_skip.md", ["Rain delay duration | 48 hours"], T, ["the rain delay lasts 24 hours"],
      ["48 hours", "2 days", "two days"],
      "Firmware 3.4 docs: 'Rain delay duration | 48 hours'. Ticket RM-7802 (Feb 2026), tier-1 answer: 'By default the rain delay lasts 24 hours from when you start it' - the firmware 2.x default stated as current, never corrected.",
      "48 hours", "24 hours"),
 case("How much rain has to be in the forecast before Sprout 8 skips a watering by itself?",
      "contradiction", D+"rain_delay_and_weather_skip.md", ["Default: 6 mm (0.24 in)"], B+"smartyard_irrigation_controllers_compared.md", ["more than 3 mm of rain"],
      ["6 mm", "0.24 in", "0.24 inches"],
      "Docs: 'Weather Skip threshold Default: 6 mm (0.24 in)'. The 2026 comparison says Sprout 8 'skips a run if more than 3 mm of rain is forecast' without naming a version (3 mm was the default before firmware 3.2).",
      "6 mm (0.24 in)", "3 mm"),
 case("My drip zones always shut off after an hour and a half - is 90 minutes the standard max run time per zone?",
      "contradiction", D+"zone_settings.md", ["Default: 180 minutes"], F+"community_drip_zones_stop_90_minutes.txt", ["the run-time cap defaults to 90 minutes"],
      ["180 minutes", "3 hours", "three hours"],
      "Zone settings: 'Run-time cap Default: 180 minutes'. Forum reply: 'Yes, the run-time cap defaults to 90 minutes' - 90 minutes is the cap the Drip / beds wizard preset writes, not the built-in default (a later reply corrects this).",
      "180 minutes", "90 minutes"),
 case("Out of the box, what's the longest a zone will run before the controller cuts it off for safety?",
      "contradiction", D+"zone_settings.md", ["Run-time cap | zone | 180 minutes"], B+"greenthumb_setting_up_sprout8.md", ["4-hour maximum run time"],
      ["180 minutes", "3 hours", "three hours"],
      "Zone settings table: 'Run-time cap | zone | 180 minutes'. Blog: 'every zone has a 4-hour maximum run time' without naming a version (240 minutes was the cap before firmware 3.0).",
      "180 minutes", "4 hours"),
 case("Without a subscription, how far back can I look at my watering history?",
      "contradiction", D+"watering_history_and_plus.md", ["| Free | 30 days |"], F+"community_history_only_a_month.txt", ["Free accounts keep 90 days of history"],
      ["30 days"],
      "Watering history (app 5.2): 'Free | 30 days'. Forum reply: 'Free accounts keep 90 days of history' - the pre-5.0 value stated as current (the next reply says it is out of date).",
      "30 days", "90 days"),
 case("What's the default Weather Skip rain threshold in inches?",
      "consistent", D+"rain_delay_and_weather_skip.md", ["6 mm (0.24 in)"], F+"community_weather_skip_4mm.txt", ["0.24 inches"],
      ["0.24 in", "6 mm"],
      "Docs: 'Default: 6 mm (0.24 in)'. Forum reply: 'The default is 0.24 inches now (6 mm for us metric folks)'. An earlier reply in the thread wrongly says 3 mm.",
      "6 mm (0.24 in)", "0.24 inches"),
 case("A zone I added by hand stops after three hours even though the program says longer - is that the normal cutoff?",
      "consistent", D+"zone_settings.md", ["Default: 180 minutes"], T, ["which is three hours"],
      ["180 minutes", "3 hours", "three hours"],
      "Zone settings: 'Run-time cap Default: 180 minutes'. Ticket RM-7781: 'it uses the built-in run-time cap, which is three hours'.",
      "180 minutes", "three hours"),
 case("My pump relay switches on a few seconds before the first valve opens - how long is that gap by default?",
      "consistent", D+"zone_settings.md", ["Default: 5 seconds"], F+"community_pump_start_delay.txt", ["5-second pump start delay"],
      ["5 seconds"],
      "Zone settings: 'Master valve / pump start delay Default: 5 seconds'. Forum reply: 'that's the 5-second pump start delay'.",
      "5 seconds", "5 seconds"),
 case("If I pay for Rainmere Plus, how long is my watering history kept?",
      "consistent", D+"watering_history_and_plus.md", ["2 years"], B+"budgetgarden_is_rainmere_plus_worth_it.md", ["730 days"],
      ["2 years", "730 days", "two years"],
      "Docs: 'Rainmere Plus | 2 years'. Blog: 'Plus keeps 730 days with CSV export' - the same period in days.",
      "2 years", "730 days"),
 case("Has a rain delay always lasted two days by default?",
      "version_scoped", D+"rain_delay_and_weather_skip.md", ["Rain delay duration | 48 hours"], B+"rainmere_blog_firmware_3_0.md", ["In firmware 2.x, a rain delay lasted 24 hours by default"],
      ["48 hours", "2 days"],
      "Current docs: 48 hours. Vendor blog for firmware 3.0: 'In firmware 2.x, a rain delay lasted 24 hours by default' - correct for firmware 2.x.",
      "48 hours", "24 hours", scope="Sprout 8 firmware 2.x (before 3.0)"),
 case("Did free accounts ever get more than a month of watering history?",
      "version_scoped", D+"watering_history_and_plus.md", ["| Free | 30 days |"], B+"budgetgarden_is_rainmere_plus_worth_it.md", ["Before app 5.0, free accounts got 90 days of watering history"],
      ["30 days"],
      "Current docs: free history 30 days. Blog: 'Before app 5.0, free accounts got 90 days of watering history' - correct for Rainmere app versions before 5.0.",
      "30 days", "90 days", scope="Rainmere app before 5.0"),
]

rainmere_gold = [
 ("How long does a rain delay last if I don't pick a duration?",
  [D+"rain_delay_and_weather_skip.md", D+"release_notes.md", F+"community_rain_delay_watered_next_day.txt", B+"rainmere_blog_firmware_3_0.md", T]),
 ("How much forecast rain makes Weather Skip cancel a run?",
  [D+"rain_delay_and_weather_skip.md", D+"release_notes.md", F+"community_weather_skip_4mm.txt", B+"smartyard_irrigation_controllers_compared.md"]),
 ("What's the default run-time cap per zone?",
  [D+"zone_settings.md", D+"programs_and_schedules.md", D+"release_notes.md", F+"community_drip_zones_stop_90_minutes.txt", B+"greenthumb_setting_up_sprout8.md", B+"rainmere_blog_firmware_3_0.md", T]),
 ("How long does the controller run the pump before it opens a valve?",
  [D+"zone_settings.md", D+"release_notes.md", F+"community_pump_start_delay.txt"]),
 ("At what temperature does a US Sprout 8 skip watering because of frost?",
  [D+"freeze_skip.md", F+"community_freeze_skip_fahrenheit.txt", T]),
 ("Is freeze skip set to 2 °C on a UK unit?",
  [D+"freeze_skip.md", F+"community_freeze_skip_fahrenheit.txt", B+"hedgerow_winterising_your_system.md", T]),
 ("How much watering history do I get on the free plan?",
  [D+"watering_history_and_plus.md", D+"release_notes.md", F+"community_history_only_a_month.txt", B+"budgetgarden_is_rainmere_plus_worth_it.md"]),
 ("How long does Rainmere Plus keep watering records?",
  [D+"watering_history_and_plus.md", D+"release_notes.md", F+"community_history_only_a_month.txt", B+"budgetgarden_is_rainmere_plus_worth_it.md"]),
 ("How many programs and start times can the controller store?",
  [D+"programs_and_schedules.md", D+"release_notes.md", F+"community_how_many_programs.txt", B+"rainmere_blog_firmware_3_0.md", B+"smartyard_irrigation_controllers_compared.md"]),
 ("What flow rate sets off the leak alert?",
  [D+"hardware_installation.md", T]),
 ("How much current can a single zone output drive?",
  [D+"hardware_installation.md"]),
]

for name, cases, gold in (("sendloft", sendloft, sendloft_gold), ("rainmere", rainmere, rainmere_gold)):
    p = os.path.join(ROOT, name)
    with open(os.path.join(p, "conflicts.jsonl"), "w") as f:
        for c, a in cases:
            f.write(json.dumps(c, ensure_ascii=False) + "\n")
    with open(os.path.join(p, "answers.jsonl"), "w") as f:
        for c, a in cases:
            f.write(json.dumps(a, ensure_ascii=False) + "\n")
    with open(os.path.join(p, "gold.jsonl"), "w") as f:
        for q, ids in gold:
            f.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")
print("written")
