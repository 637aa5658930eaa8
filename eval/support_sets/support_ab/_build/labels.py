#!/usr/bin/env python3
"""Writes conflicts.jsonl, answers.jsonl and gold.jsonl for both products."""
import json, os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

def case(q, expect, doc, dvals, other, ovals, auth, aval, oval, note, scope=None):
    return dict(q=q, expect=expect, doc=doc, dvals=dvals, other=other, ovals=ovals,
                auth=auth, aval=aval, oval=oval, note=note, scope=scope)

D, F, B, T = "data/docs/", "data/forums/", "data/blogs/", "data/tickets/tickets.json"

BURROW = [
 case("If I never touch the backup schedule, how often does Burrow run a backup?", "contradiction",
      D+"backup_schedule.md", ["Default: 60m"], F+"ubuntu_backups_only_every_four_hours.txt", ["the default backup interval is every 4 hours"],
      ["60m", "60 minutes", "every hour", "hourly", "1 hour"], "60m", "every 4 hours",
      "Schedule reference (agent 5.3): 'interval ... Default: 60m (one run per hour)'. Forum reply: 'the default backup interval is every 4 hours' with no version (the 4.x default; the same thread later blames the packaged agent.toml, which sets interval = \"4h\")."),
 case("I'm on the Personal plan - how many days back can I still get an older copy of a file?", "contradiction",
      D+"version_retention.md", ["| Personal | 30 days"], F+"personal_plan_how_far_back.txt", ["Personal keeps versions for 14 days"],
      ["30 days", "30"], "30 days", "14 days",
      "Retention table: 'Personal | 30 days'. Forum reply: 'Personal keeps versions for 14 days, Team 90 days' (14 days was the pre-5.0 value; no version named)."),
 case("One of our laptops hasn't been online in a while. How long until Burrow throws its backups away?", "contradiction",
      D+"version_retention.md", ["180 days"], T, ["we keep backups of inactive devices for 90 days"],
      ["180 days", "180", "six months"], "180 days", "90 days",
      "Retention doc: 'A device that has not checked in for 180 days is marked inactive ... Default: 180 days'. Ticket BRW-20601 tier-1 answer: 'we keep backups of inactive devices for 90 days' (the pre-5.0 value, stated as current)."),
 case("We're on Business - is there really a 2 GB ceiling per file, so our VM images won't back up?", "contradiction",
      D+"limits_file_size_chunks.md", ["50 GB (more on request)"], B+"cloud_backup_comparison_2026.md", ["caps individual files at 2 GB"],
      ["50 GB", "50GB"], "50 GB", "2 GB",
      "Limits doc: 'Business | 50 GB (more on request)'. The 2026 comparison post: 'Burrow caps individual files at 2 GB' (the 4.x limit for all plans), no version named."),
 case("How many management API calls per minute can one Business-plan token make before getting 429s?", "contradiction",
      D+"api_rate_limits.md", ["600 requests per minute"], B+"cloud_backup_comparison_2026.md", ["limited to 300 requests per minute even on Business"],
      ["600", "600 requests per minute", "600/min", "10 per second"], "600 requests per minute", "300 requests per minute",
      "API doc: 'Business | 600 requests per minute | 50'. Comparison post: 'limited to 300 requests per minute even on Business' (the limit before 5.2), without naming a version."),
 case("What chunk size does a freshly installed agent cut files into for dedup?", "consistent",
      D+"limits_file_size_chunks.md", ["Default: 8 MiB"], F+"dedupe_chunk_size_question.txt", ["8388608 bytes"],
      ["8 MiB", "8MiB", "8388608", "8388608 bytes"], "8 MiB", "8388608 bytes",
      "Limits doc: 'chunk_size ... Default: 8 MiB'. Forum correction reply: 'The chunk_size default on a fresh install is 8388608 bytes nowadays' (= 8 MiB). The earlier reply in the thread says 4 MiB."),
 case("After I prepare a download in the web console, how long do I have before the link stops working?", "consistent",
      D+"restore_links.md", ["72 hours"], B+"restore_day_tips.md", ["three days"],
      ["72 hours", "3 days", "three days", "72h"], "72 hours", "three days",
      "Restore doc: 'The download link is valid for 72 hours after the email is sent'. Blog: 'You get three days from the moment the \"your restore is ready\" email is sent'."),
 case("How much version history does a Business account keep if we never change the policy?", "consistent",
      D+"version_retention.md", ["| Business | 365 days"], B+"msp_retention_planning.md", ["a full year by default"],
      ["365 days", "1 year", "one year", "a year"], "365 days", "a full year",
      "Retention table: 'Business | 365 days | 7 years (2555 days)'. MSP blog: 'Business keeps versions for a full year by default, and you can stretch that to seven years'."),
 case("What's the rate limit for API tokens on the Team plan?", "consistent",
      D+"api_rate_limits.md", ["120 requests per minute"], T, ["limited to 120 requests per minute"],
      ["120 requests per minute", "120", "120/min", "2 per second"], "120 requests per minute", "120 requests per minute",
      "API doc: 'Team | 120 requests per minute | 20'. Ticket BRW-20533: 'Team plan API tokens are limited to 120 requests per minute with a burst allowance of 20 requests'."),
 case("Was Burrow always set to back up every hour, or did it used to run less often by default?", "version_scoped",
      D+"backup_schedule.md", ["Default: 60m"], B+"burrow_hourly_backups_default.md", ["Before 5.0, the agent ran every 4 hours by default"],
      ["60m", "60 minutes", "every hour", "hourly", "1 hour"], "60m", "every 4 hours",
      "Schedule doc (5.3): 'Default: 60m'. Vendor blog of 2025-01-20: 'Before 5.0, the agent ran every 4 hours by default' (matches the 5.0 release note).",
      scope="Burrow Agent before 5.0 (4.x)"),
 case("A setup guide I found says the agent uses 4 MiB chunks - is that still how it works?", "version_scoped",
      D+"limits_file_size_chunks.md", ["Default: 8 MiB"], B+"homelab_burrow_agent_setup.md", ["On agent 4.2, files are split into 4 MiB chunks"],
      ["8 MiB", "8MiB", "8388608", "8388608 bytes"], "8 MiB", "4 MiB",
      "Limits doc (5.3): 'Default: 8 MiB'. Homelab post (2024-01): 'On agent 4.2, files are split into 4 MiB chunks'. Release notes 4.3: default raised from 4 MiB to 8 MiB; older devices keep 4 MiB until re-registered.",
      scope="Burrow Agent 4.0-4.2 (and devices registered before 4.3)"),
]

BURROW_GOLD = [
 ("How often does the Burrow agent back up when the schedule is left at its default?",
  [D+"backup_schedule.md", D+"agent_toml_packaged.md", D+"release_notes.md", F+"ubuntu_backups_only_every_four_hours.txt", B+"homelab_burrow_agent_setup.md", B+"burrow_hourly_backups_default.md"]),
 ("What's the shortest interval I'm allowed to set between backups?",
  [D+"backup_schedule.md", D+"release_notes.md", F+"ubuntu_backups_only_every_four_hours.txt"]),
 ("If a backup run fails, how long does the agent wait before trying again?",
  [D+"backup_schedule.md", D+"agent_toml_packaged.md"]),
 ("How far back do file versions go on a Personal account?",
  [D+"version_retention.md", D+"release_notes.md", F+"personal_plan_how_far_back.txt", T, B+"burrow_hourly_backups_default.md"]),
 ("How long does a Business account keep old versions?",
  [D+"version_retention.md", B+"msp_retention_planning.md", B+"cloud_backup_comparison_2026.md"]),
 ("When does Burrow delete the backups of a device that stopped checking in?",
  [D+"version_retention.md", D+"release_notes.md", F+"old_laptop_backups_gone.txt", T]),
 ("What is the biggest single file Burrow will back up?",
  [D+"limits_file_size_chunks.md", D+"release_notes.md", F+"vm_image_skipped_too_large.txt", B+"cloud_backup_comparison_2026.md"]),
 ("What chunk size does the agent use for deduplication?",
  [D+"limits_file_size_chunks.md", D+"agent_toml_packaged.md", D+"release_notes.md", F+"dedupe_chunk_size_question.txt", B+"homelab_burrow_agent_setup.md"]),
 ("How long is a web restore download link valid?",
  [D+"restore_links.md", D+"release_notes.md", F+"restore_link_expired.txt", B+"restore_day_tips.md"]),
 ("How many API requests per minute can a token make?",
  [D+"api_rate_limits.md", D+"release_notes.md", F+"api_429_team_token.txt", T, B+"cloud_backup_comparison_2026.md"]),
 ("After we close an EU account, when is our backup data actually erased?",
  [D+"version_retention.md", T]),
 ("How big is the agent's local chunk cache by default?",
  [D+"limits_file_size_chunks.md", D+"agent_toml_packaged.md"]),
]

KESTREL = [
 case("If nothing is drawing power from the AC outlets, how long until the PowerCell switches them off by itself?", "contradiction",
      D+"output_settings.md", ["Default: 2 h"], F+"fridge_ac_turns_off.txt", ["the AC turns off after 12 hours of idle by default"],
      ["2 h", "2 hours", "two hours", "120 minutes"], "2 h", "12 hours",
      "Output settings (fw 3.4): 'AC output auto-off ... Default: 2 h'. Forum reply: 'the AC turns off after 12 hours of idle by default' with no firmware named (the pre-3.0 default; corrected later in the same thread)."),
 case("My PowerCell bought in Germany pulls over 2 kW in Turbo mode - isn't Turbo supposed to stop at 1800 W?", "contradiction",
      D+"charging_input.md", ["2200 W"], T, ["Turbo charging is limited to 1800 W on all models"],
      ["2200 W", "2200", "2.2 kW"], "2200 W (230 V models)", "1800 W on all models",
      "Charging doc: 'Turbo | 1800 W | 2200 W' (120 V vs 230 V models). Ticket KPC-88121 tier-1 answer to a German (230 V) customer: 'Turbo charging is limited to 1800 W on all models' - same scope, wrong value."),
 case("How many days of usage history can I scroll back through in the app?", "contradiction",
      D+"app_pairing_history.md", ["the last 30 days"], F+"app_history_one_week.txt", ["The app keeps 7 days of history"],
      ["30 days", "30", "a month"], "30 days", "7 days",
      "App doc (app 4.2): 'The History tab shows ... the last 30 days'. Forum reply: 'The app keeps 7 days of history, that's all you get' (app 3.x behaviour, no version named)."),
 case("If I never changed the battery settings, at what percentage does the PowerCell cut its outputs?", "contradiction",
      D+"battery_limits.md", ["Default: 10%"], B+"power_station_buyers_guide.md", ["the default discharge floor of 0%"],
      ["10%", "10 %", "10 percent"], "10%", "0%",
      "Battery doc (fw 3.4): 'Discharge limit ... Default: 10%'. Buyer's guide (2026): 'the default discharge floor of 0% means you get every last watt-hour' (pre-3.0 default, no version named)."),
 case("How long does the display stay lit after I press a button, out of the box?", "contradiction",
      D+"output_settings.md", ["Default: 1 min"], F+"screen_stays_on.txt", ["The screen timeout defaults to 5 minutes"],
      ["1 min", "1 minute", "one minute", "60 seconds"], "1 min", "5 minutes",
      "Output settings (fw 3.4): 'Screen timeout ... Default: 1 min'. Forum reply: 'The screen timeout defaults to 5 minutes' (pre-3.0 value), no firmware named."),
 case("When the mains goes out, how quickly does the PowerCell flip over to battery?", "consistent",
      D+"ups_mode.md", ["<20 ms"], F+"ups_pc_reboots.txt", ["under 20 milliseconds"],
      ["<20 ms", "under 20 ms", "20 ms", "20 milliseconds"], "<20 ms", "under 20 milliseconds",
      "UPS doc: 'the unit switches to battery in <20 ms'. Forum reply: 'Switchover is under 20 milliseconds per Kestrel'."),
 case("After holding the IoT button, how long does the unit stay discoverable for a new phone?", "consistent",
      D+"app_pairing_history.md", ["120 seconds"], T, ["stays in pairing mode for 2 minutes"],
      ["120 seconds", "2 minutes", "two minutes", "120 s"], "120 seconds", "2 minutes",
      "App doc: 'The pairing window stays open for 120 seconds'. Ticket KPC-88302: 'the unit stays in pairing mode for 2 minutes'."),
 case("What's the most open-circuit voltage my panels can put into the solar input?", "consistent",
      D+"charging_input.md", ["Do not exceed 60 V"], F+"solar_panels_in_series.txt", ["Max is 60 volts"],
      ["60 V", "60 volts", "60V"], "60 V", "60 volts",
      "Charging doc: 'Voltage range: 12-60 V DC (open-circuit voltage, Voc). Do not exceed 60 V'. Forum reply: 'Max is 60 volts and 15 amps on the solar input'."),
 case("If the PowerCell sits in the closet for the winter, how often should I top it back up?", "consistent",
      D+"battery_limits.md", ["every 3 months"], B+"prepper_battery_storage.md", ["every three months"],
      ["every 3 months", "every three months", "3 months", "quarterly"], "every 3 months", "every three months",
      "Battery doc: 'recharge to 60% every 3 months'. Prepper blog: 'Top it back up to 60% every three months'."),
 case("A review says the AC outlets only shut off after 12 hours with no load - was that ever right?", "version_scoped",
      D+"output_settings.md", ["Default: 2 h"], B+"vanlife_powercell_review.md", ["On firmware 2.6, the AC outlets switch off after 12 hours"],
      ["2 h", "2 hours", "two hours", "120 minutes"], "2 h", "12 hours",
      "Output settings (fw 3.4): 'Default: 2 h'. Van review (2024-09): 'On firmware 2.6, the AC outlets switch off after 12 hours with no load'. Release notes fw 3.0: default changed from 12 h to 2 h.",
      scope="PowerCell firmware 2.x (before 3.0)"),
 case("Did the screen use to stay on longer before some firmware update?", "version_scoped",
      D+"output_settings.md", ["Default: 1 min"], B+"firmware_3_what_changed.md", ["Before firmware 3.0, the screen stayed on for 5 minutes"],
      ["1 min", "1 minute", "one minute", "60 seconds"], "1 min", "5 minutes",
      "Output settings (fw 3.4): 'Screen timeout ... Default: 1 min'. Firmware 3.0 post: 'Before firmware 3.0, the screen stayed on for 5 minutes; now it's 1 minute'.",
      scope="PowerCell firmware before 3.0"),
]

KESTREL_GOLD = [
 ("How long before the PowerCell turns off idle AC outlets by default?",
  [D+"output_settings.md", D+"firmware_release_notes.md", D+"quick_start_card.md", F+"fridge_ac_turns_off.txt", B+"vanlife_powercell_review.md", B+"firmware_3_what_changed.md"]),
 ("How long does the screen stay on by default?",
  [D+"output_settings.md", D+"firmware_release_notes.md", D+"quick_start_card.md", F+"screen_stays_on.txt", B+"firmware_3_what_changed.md"]),
 ("How many watts does Turbo AC charging draw?",
  [D+"charging_input.md", D+"specifications.md", D+"firmware_release_notes.md", F+"turbo_charging_uk.txt", T, B+"power_station_buyers_guide.md", B+"vanlife_powercell_review.md"]),
 ("At what battery level do the outputs shut off if I haven't changed anything?",
  [D+"battery_limits.md", D+"firmware_release_notes.md", F+"unit_shuts_off_at_10_percent.txt", T, B+"power_station_buyers_guide.md", B+"firmware_3_what_changed.md"]),
 ("How far back does the History tab in the app go?",
  [D+"app_pairing_history.md", D+"firmware_release_notes.md", F+"app_history_one_week.txt", T]),
 ("How long is the Bluetooth pairing window open?",
  [D+"app_pairing_history.md", T]),
 ("How fast is the switchover to battery in UPS mode?",
  [D+"ups_mode.md", F+"ups_pc_reboots.txt", B+"home_office_ups_setup.md"]),
 ("What is the maximum solar input voltage?",
  [D+"charging_input.md", D+"specifications.md", F+"solar_panels_in_series.txt"]),
 ("How often should a stored unit be recharged?",
  [D+"battery_limits.md", B+"prepper_battery_storage.md"]),
 ("How many charge cycles is the battery rated for?",
  [D+"battery_limits.md", D+"specifications.md", B+"prepper_battery_storage.md"]),
 ("How much load can pass through the unit in UPS mode before it switches to battery?",
  [D+"ups_mode.md", F+"ups_pc_reboots.txt", B+"home_office_ups_setup.md"]),
 ("How long is the PowerCell's warranty?",
  [D+"specifications.md", B+"power_station_buyers_guide.md"]),
]

def write(product, cases, gold):
    pdir = os.path.join(ROOT, product)
    with open(os.path.join(pdir, "conflicts.jsonl"), "w") as c, open(os.path.join(pdir, "answers.jsonl"), "w") as a:
        for k in cases:
            c.write(json.dumps({"q": k["q"], "expect": k["expect"],
                                "sides": [[k["doc"], k["dvals"]], [k["other"], k["ovals"]]],
                                "authoritative": k["auth"], "note": k["note"]}, ensure_ascii=False) + "\n")
            verdict = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}[k["expect"]]
            second = {"value": k["oval"], "status": "supported" if k["expect"] == "consistent" else "contradicted", "source": k["other"]}
            if k["scope"]:
                second["scope"] = k["scope"]
            a.write(json.dumps({"q": k["q"], "verdict": verdict,
                                "answers": [{"value": k["aval"], "status": "authoritative", "source": k["doc"]}, second]},
                               ensure_ascii=False) + "\n")
    with open(os.path.join(pdir, "gold.jsonl"), "w") as g:
        for q, ids in gold:
            g.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")

write("burrow", BURROW, BURROW_GOLD)
write("kestrel", KESTREL, KESTREL_GOLD)
print("written")
