import json, os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
D, F, B, T = "data/docs/", "data/forums/", "data/blogs/", "data/tickets/tickets.json"

def case(q, expect, doc, dv, other, ov, auth, note, a0, a1, scope=None):
    c = {"q": q, "expect": expect, "sides": [[doc, dv], [other, ov]], "authoritative": auth, "note": note}
    verdict = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}[expect]
    st = "supported" if expect == "consistent" else "contradicted"
    second = {"value": a1, "status": st, "source": other}
    if scope:
        second["scope"] = scope
    a = {"q": q, "verdict": verdict, "answers": [{"value": a0, "status": "authoritative", "source": doc}, second]}
    return c, a

WH = [
 case("Our string export is a single 30 MB JSON file - will Wordhaven accept it in one go or do we have to cut it up?", "contradiction",
      D+"file_upload_limits.md", ["50 MB"], B+"shipfast_localization_pipeline.md", ["caps uploads at 20 MB per file"],
      ["50 MB", "50MB"], "9.4 upload limits table: 'Maximum size of one source file | 50 MB'. The 2026 engineering blog says 'Wordhaven caps uploads at 20 MB per file' with no version (20 MB was the cap before 9.0).",
      "50 MB", "20 MB"),
 case("How many API calls a minute can a single token make on Business before we start seeing 429s?", "contradiction",
      D+"api_rate_limits_tokens.md", ["600 requests per minute"], B+"ci_api_throttling.md", ["On the Business plan you get 120 requests per minute per token"],
      ["600", "600 requests per minute"], "API reference: Business '600 requests per minute' per token. The DevOps blog says 'On the Business plan you get 120 requests per minute per token' (the flat pre-9.2 limit, no version named).",
      "600 requests per minute", "120 requests per minute"),
 case("We hooked up our repo in the UI and never touched the polling setting - how often will Wordhaven look for new strings?", "contradiction",
      D+"repository_sync.md", ["Default: 30m"], F+"sync_interval_default.txt", ["Default is 15 minutes"],
      ["30m", "30 minutes"], "Git sync settings: 'sync_interval ... Default: 30m'; 15m is only what the wh init starter file writes. The forum reply says 'Default is 15 minutes' and that 'the UI uses the same default' for a UI-only setup without a wordhaven.yml.",
      "30m", "15 minutes"),
 case("Pre-translate left all my 80% matches empty and I didn't change any options - what match score does it need out of the box?", "contradiction",
      D+"pretranslate_mt.md", ["Default: 85%"], T, ["The default minimum match for pre-translation is 75%"],
      ["85%", "85"], "Pre-translation options: 'Minimum TM match ... Default: 85%'. Tier-1 answer in WH-40211 (customer on 9.4): 'The default minimum match for pre-translation is 75%' (the pre-9.1 default, stated as current).",
      "85%", "75%"),
 case("If somebody on the team deletes a project, how long do we have to get it back?", "contradiction",
      D+"security_retention.md", ["30 days, then permanently purged"], B+"tms_plan_comparison.md", ["deleted projects can be restored for 90 days"],
      ["30 days", "thirty days"], "Retention table: 'Deleted projects (Trash) | 30 days, then permanently purged | All plans, all regions'. The 2026 plan review says 'deleted projects can be restored for 90 days' (90 days applied before 8.5; no version named).",
      "30 days", "90 days"),
 case("Is it normal that the web editor signs me out when I leave it open overnight? How long can I be idle?", "consistent",
      D+"security_retention.md", ["Default: 720 minutes"], F+"logged_out_every_morning.txt", ["after 12 hours without activity"],
      ["720 minutes", "12 hours"], "Security settings: 'idle_session_timeout ... Default: 720 minutes'. Forum reply: 'you get signed out after 12 hours without activity' - same value in hours.",
      "720 minutes", "12 hours"),
 case("How much machine translation is included each month on the Team plan?", "consistent",
      D+"pretranslate_mt.md", ["500,000 characters"], B+"tms_plan_comparison.md", ["half a million characters of machine translation a month"],
      ["500,000 characters", "500000", "half a million characters"], "MT quota table: 'Team | 500,000 characters'. Plan review: 'Team includes half a million characters of machine translation a month'.",
      "500,000 characters", "half a million characters"),
 case("We're on the EU instance - how long does an export download link keep working before the reviewer gets an expired error?", "consistent",
      D+"security_retention.md", ["48 hours"], T, ["remain valid for two days"],
      ["48 hours", "two days", "2 days"], "Retention table: 'Export download links | 48 hours | US region ... and EU region'. Ticket WH-40388 (EU customer): links 'remain valid for two days after the export finishes'. (APAC is 24 hours - different scope.)",
      "48 hours", "two days"),
 case("Do new API tokens run out on their own, and if so after how long?", "consistent",
      D+"api_rate_limits_tokens.md", ["Default: 90 days"], T, ["expire after 90 days by default"],
      ["90 days"], "Token settings: 'expires_in_days ... Default: 90 days, Maximum: 365 days'. Ticket WH-40502: 'Tokens created since release 9.3 expire after 90 days by default'.",
      "90 days", "90 days"),
 case("Someone on our team insists Wordhaven only takes files up to 20 MB - was that ever the case?", "version_scoped",
      D+"file_upload_limits.md", ["50 MB"], F+"upload_413_large_xliff.txt", ["before 9.0 the cap was 20 MB"],
      ["50 MB", "50MB"], "Current limit 50 MB (9.4 docs). The forum correction names the version: 'before 9.0 the cap was 20 MB, but 9.0 raised it to 50 MB' (the earlier reply in the same thread stated 20 MB as current).",
      "50 MB", "20 MB", scope="Wordhaven before 9.0"),
 case("Did the default score threshold for pre-translation change at some point? We get fewer fills than last year.", "version_scoped",
      D+"pretranslate_mt.md", ["Default: 85%"], F+"pretranslate_fewer_segments.txt", ["Back on 9.0 the default pre-translate threshold was 75%"],
      ["85%", "85"], "Docs: 'Default: 85%'. Forum: 'Back on 9.0 the default pre-translate threshold was 75%; 9.1 raised it to 85%' - the older value with its version.",
      "85%", "75%", scope="Wordhaven 9.0 and earlier"),
]

WH_GOLD = [
 ("What's the biggest single source file I can upload?", [D+"file_upload_limits.md", D+"release_notes.md", F+"upload_413_large_xliff.txt", B+"shipfast_localization_pipeline.md", T]),
 ("How many API requests per minute does one token get before it's throttled?", [D+"api_rate_limits_tokens.md", D+"release_notes.md", F+"rate_limit_429_ci.txt", B+"ci_api_throttling.md"]),
 ("How often does the Git integration poll our repository if we don't configure anything?", [D+"repository_sync.md", D+"cli_config_reference.md", D+"release_notes.md", F+"sync_interval_default.txt", B+"shipfast_localization_pipeline.md"]),
 ("Which TM match score does pre-translation require by default?", [D+"pretranslate_mt.md", D+"release_notes.md", F+"pretranslate_fewer_segments.txt", B+"wordhaven_whats_new_9_1.md", T]),
 ("Is a deleted project still recoverable after a few weeks?", [D+"security_retention.md", D+"release_notes.md", F+"restore_deleted_project.txt", B+"tms_plan_comparison.md"]),
 ("How long can I leave the editor idle before I'm logged out?", [D+"security_retention.md", F+"logged_out_every_morning.txt"]),
 ("How many machine translation characters come with the Team plan?", [D+"pretranslate_mt.md", B+"tms_plan_comparison.md"]),
 ("How long is an export download link valid?", [D+"security_retention.md", D+"release_notes.md", B+"agency_handoff_workflow.md", T]),
 ("Do API tokens expire, and when?", [D+"api_rate_limits_tokens.md", D+"release_notes.md", F+"ci_token_401.txt", T]),
 ("How far back does the activity log go on each plan?", [D+"security_retention.md", D+"release_notes.md", B+"tms_plan_comparison.md"]),
 ("How many parallel transfers does the wh CLI run unless I change it?", [D+"cli_config_reference.md", F+"rate_limit_429_ci.txt", B+"ci_api_throttling.md"]),
 ("Is there a limit on how many strings one file can hold?", [D+"file_upload_limits.md", F+"upload_413_large_xliff.txt", T]),
]

RL = [
 case("Straight out of the box, how long is each loop-recording file on the D4?", "contradiction",
      D+"recording_settings.md", ["Default: 3 minutes"], F+"loop_length_default.txt", ["Default is 1-minute clips"],
      ["3 minutes", "3 min"], "Firmware 3.4 manual: 'Loop recording segment length ... Default: 3 minutes'. Forum reply: 'Default is 1-minute clips' with no firmware named (1 minute was the default before 3.0).",
      "3 minutes", "1 minute"),
 case("At what battery voltage does the D4 give up on parking mode if I never changed the setting?", "contradiction",
      D+"parking_mode.md", ["Default: 12.0 V (12 V vehicles)"], B+"hardwiring_the_d4.md", ["shuts off parking mode when the battery drops to 11.8 V"],
      ["12.0 V", "12.0V"], "Parking mode: 'Low-voltage cutoff ... Default: 12.0 V (12 V vehicles)'. Installer blog: 'The D4 shuts off parking mode when the battery drops to 11.8 V' - 11.8 V is the HK-2 kit dial's factory position, not the camera's cutoff.",
      "12.0 V", "11.8 V"),
 case("Can I use a 512 GB card in the D4 or is that too big for it?", "contradiction",
      D+"memory_cards.md", ["32 GB to 512 GB"], B+"best_microsd_for_dashcams.md", ["supports cards up to 256 GB maximum"],
      ["512 GB", "512GB"], "Memory cards page (firmware 3.4): 'Capacity | 32 GB to 512 GB'. 2026 buying guide: 'The D4 supports cards up to 256 GB maximum' (true only before firmware 2.6; no version named).",
      "512 GB", "256 GB"),
 case("My D4 stops recording in parking mode around half a day after I park - how long is parking mode meant to run by default?", "contradiction",
      D+"parking_mode.md", ["Default: 12 hours"], T, ["Parking mode records for 24 hours by default"],
      ["12 hours"], "Parking mode: 'Parking timer ... Default: 12 hours'. Tier-1 reply in RL-77310 (customer on 3.4): 'Parking mode records for 24 hours by default' (the pre-3.2 default, stated as current).",
      "12 hours", "24 hours"),
 case("I pay for Cloud Plus - how many days do uploaded clips stay before they're removed?", "contradiction",
      D+"roadlume_cloud_plans.md", ["30 days"], F+"plus_clips_vanish.txt", ["Plus keeps clips for 14 days"],
      ["30 days"], "Cloud plans: 'Event clip retention in the cloud | 7 days | 30 days | 90 days' (Basic/Plus/Fleet). Forum reply: 'Plus keeps clips for 14 days' with no date (14 days applied until 2026-07-01).",
      "30 days", "14 days"),
 case("When something bumps the car, how much footage ends up in the event file?", "consistent",
      D+"event_detection.md", ["Event clip length: 30 s"], F+"event_clip_length.txt", ["Half a minute in total"],
      ["30 s", "30 seconds", "half a minute"], "Event clips: 'Event clip length: 30 s (10 s before the trigger, 20 s after)'. Forum: 'Half a minute in total - 10 s before the bump and 20 s after'.",
      "30 s", "half a minute"),
 case("Will the D4 cope with a car parked in desert heat or a hard frost - what temperatures is it rated for?", "consistent",
      D+"specifications.md", ["-20 °C to 70 °C"], B+"d4_one_year_later.md", ["-4 °F to 158 °F"],
      ["-20 °C to 70 °C", "-4 °F to 158 °F"], "Specifications: 'Operating temperature | -20 °C to 70 °C'. Review: 'rated from -4 °F to 158 °F' - the same range in Fahrenheit.",
      "-20 °C to 70 °C", "-4 °F to 158 °F"),
 case("On the free cloud tier, when do my uploaded event clips disappear?", "consistent",
      D+"roadlume_cloud_plans.md", ["7 days"], T, ["keeps event clips for one week"],
      ["7 days", "one week"], "Cloud plans: Basic (free) retention '7 days'. Ticket RL-77452: 'on the Basic (free) plan the cloud keeps event clips for one week from upload'.",
      "7 days", "one week"),
 case("Someone said the camera itself cuts out at 11.8 volts - is that the camera's own setting?", "consistent",
      D+"parking_mode.md", ["Default: 12.0 V (12 V vehicles)"], F+"parking_cutoff_battery.txt", ["The camera's own cutoff defaults to 12.0 V"],
      ["12.0 V", "12.0V"], "Parking mode: 'Default: 12.0 V (12 V vehicles)'. Moderator's correcting reply: '11.8 V is the HK-2 kit's dial in its factory position ... The camera's own cutoff defaults to 12.0 V' (the earlier reply in the thread said 11.8 V).",
      "12.0 V", "12.0 V"),
 case("Weren't the D4's loop files only a minute long at some point?", "version_scoped",
      D+"recording_settings.md", ["Default: 3 minutes"], B+"d4_one_year_later.md", ["on firmware 2.x the default segment length was 1 minute"],
      ["3 minutes", "3 min"], "Manual (3.4): 'Default: 3 minutes'. Review: 'on firmware 2.x the default segment length was 1 minute ... Firmware 3.0 bumped it to 3 minutes'.",
      "3 minutes", "1 minute", scope="D4 firmware 2.x (before 3.0)"),
 case("Did a firmware update make parking mode stop sooner than it used to?", "version_scoped",
      D+"parking_mode.md", ["Default: 12 hours"], F+"parking_timer_after_update.txt", ["On firmware 3.1 and earlier the parking timer defaulted to 24 hours"],
      ["12 hours"], "Manual (3.4): 'Parking timer ... Default: 12 hours'. Forum: 'On firmware 3.1 and earlier the parking timer defaulted to 24 hours; 3.2 changed the default to 12 hours'.",
      "12 hours", "24 hours", scope="D4 firmware 3.1 and earlier"),
]

RL_GOLD = [
 ("How long is each loop recording segment by default?", [D+"recording_settings.md", D+"firmware_release_notes.md", F+"loop_length_default.txt", B+"d4_one_year_later.md"]),
 ("What low-voltage cutoff does parking mode use unless I change it?", [D+"parking_mode.md", D+"hk2_hardwire_kit_quickstart.md", F+"parking_cutoff_battery.txt", B+"hardwiring_the_d4.md"]),
 ("What's the largest microSD card the D4 will read?", [D+"memory_cards.md", D+"specifications.md", D+"firmware_release_notes.md", F+"sd_card_format_nag.txt", B+"best_microsd_for_dashcams.md", T]),
 ("How many hours does parking mode record before it stops on its own?", [D+"parking_mode.md", D+"firmware_release_notes.md", F+"parking_timer_after_update.txt", F+"parking_cutoff_battery.txt", T]),
 ("How long does Cloud Plus keep my clips?", [D+"roadlume_cloud_plans.md", D+"firmware_release_notes.md", F+"plus_clips_vanish.txt", B+"roadlume_cloud_plus_30_days.md", T]),
 ("Are clips on the free cloud plan kept for a week?", [D+"roadlume_cloud_plans.md", D+"firmware_release_notes.md", F+"plus_clips_vanish.txt", B+"roadlume_cloud_plus_30_days.md", T]),
 ("How many seconds of video does an event clip include?", [D+"event_detection.md", D+"firmware_release_notes.md", F+"event_clip_length.txt"]),
 ("Which temperatures can the D4 operate in?", [D+"specifications.md", B+"d4_one_year_later.md", B+"winter_dashcam_tips.md"]),
 ("How often does the camera remind me to format the card if I leave the setting alone?", [D+"recording_settings.md", D+"firmware_release_notes.md", D+"memory_cards.md", F+"sd_card_format_nag.txt"]),
 ("Why aren't parking events uploading to the cloud for my account in Germany?", [D+"roadlume_cloud_plans.md", D+"firmware_release_notes.md", T]),
 ("What G-sensor sensitivity level is used while driving by default?", [D+"event_detection.md", F+"event_clip_length.txt"]),
 ("Is the time-lapse parking recording still 2 frames per second?", [D+"parking_mode.md", D+"firmware_release_notes.md"]),
]

for prod, cases, gold in (("wordhaven", WH, WH_GOLD), ("roadlume", RL, RL_GOLD)):
    p = os.path.join(ROOT, prod)
    with open(os.path.join(p, "conflicts.jsonl"), "w") as f:
        for c, a in cases: f.write(json.dumps(c, ensure_ascii=False) + "\n")
    with open(os.path.join(p, "answers.jsonl"), "w") as f:
        for c, a in cases: f.write(json.dumps(a, ensure_ascii=False) + "\n")
    with open(os.path.join(p, "gold.jsonl"), "w") as f:
        for q, ids in gold: f.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")
    from collections import Counter
    print(prod, Counter(c["expect"] for c, a in cases), len(gold))
