#!/usr/bin/env python3
"""Writes conflicts.jsonl, answers.jsonl and gold.jsonl for support_n (and prints the case tables)."""
import json, os
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

D, F, B, T = "data/docs/", "data/forums/", "data/blogs/", "data/tickets/tickets.json"

def case(q, expect, doc, dvals, other, ovals, auth, note, aval, oval, scope=None):
    return dict(q=q, expect=expect, sides=[[doc, dvals], [other, ovals]], authoritative=auth,
                note=note, _a=aval, _o=oval, _scope=scope)

P = {}
P["mendlane"] = dict(cases=[
 case("A solo counsellor says her video sessions keep closing partway through - how long can a visit on the Solo plan actually last?",
      "contradiction", D+"ml_plans_and_limits.md", ["40 minutes"], F+"community_solo_visit_cut_off.txt", ["Solo caps video visits at 30 minutes"],
      ["40 minutes", "40 min", "40"],
      "Plans table (2026.4): 'Max video visit length | 40 minutes' for Solo. A community reply states 'Solo caps video visits at 30 minutes' without naming a release (30 was the Solo limit before 2026.2).",
      "40 minutes", "30 minutes"),
 case("How many calls a minute can our booking integration make against the appointments endpoints before it starts getting 429s?",
      "contradiction", D+"ml_api_limits.md", ["120 requests per minute"], B+"devnotes_mendlane_booking_sync.md", ["60 requests per minute"],
      ["120 requests per minute", "120 per minute", "120"],
      "API limits (2026.4): core API 'allows 120 requests per minute per API key'. The developer blog says 'Mendlane's API allows 60 requests per minute per API key' with no release named (the pre-2026.2 limit). Distractor: Export API 10 requests per hour.",
      "120 requests per minute", "60 requests per minute"),
 case("If the practice never changed anything under Compliance > Recordings, when does a consented video recording get purged?",
      "contradiction", D+"ml_recording_and_retention.md", ["Default: 30 days"], T, ["kept for 90 days by default"],
      ["30 days", "one month"],
      "Retention settings: 'Video recording retention / Default: 30 days'. Tier-1 agent in ML-20411: 'Video recordings are kept for 90 days by default' (the value before 2026.3; the customer's April recording had already been removed). Distractors: Strict Privacy template 7 days, clinical records 7 years.",
      "30 days", "90 days"),
 case("Our new receptionist deleted an afternoon of appointments. How long do we have to restore them from Trash?",
      "contradiction", D+"ml_recording_and_retention.md", ["can be restored for 14 days"], T, ["can be restored within 30 days"],
      ["14 days", "two weeks", "a fortnight"],
      "Retention doc: deleted items 'can be restored for 14 days'. Tier-1 agent in ML-20577: 'Deleted appointments go to Trash and can be restored within 30 days' - wrong (30 days is the deletion-queue time for expired clinical records).",
      "14 days", "30 days"),
 case("Out of the box, how long can a clinician leave the provider portal untouched before getting signed out?",
      "contradiction", D+"ml_security_sessions.md", ["Default: 20 minutes"], B+"telehealthreview_mendlane_review.md", ["logged out after half an hour"],
      ["20 minutes"],
      "Security settings (2026.4): 'Provider portal idle timeout / Default: 20 minutes'. The 2026 review: 'Idle providers are logged out after half an hour' with no release named (30 minutes was the built-in value before 2026.4). Distractors: Strict Privacy template 10 minutes, patient portal 60 minutes.",
      "20 minutes", "30 minutes"),
 case("We run 2-hour DBT groups. On the Group plan, will one video visit stay open for the whole block?",
      "consistent", D+"ml_plans_and_limits.md", ["120 minutes"], F+"community_group_two_hour_sessions.txt", ["Group plan visits run up to two hours"],
      ["120 minutes", "two hours", "2 hours"],
      "Plans table: Group 'Max video visit length' 120 minutes; the community reply says 'Group plan visits run up to two hours' (same value, other unit). Distractor: Clinic 90 minutes.",
      "120 minutes", "two hours"),
 case("A provider typed the wrong password a few times and is now locked out - how long until the lock lifts by itself?",
      "consistent", D+"ml_security_sessions.md", ["locked for 15 minutes"], T, ["locked for a quarter of an hour"],
      ["15 minutes", "a quarter of an hour"],
      "Security settings: 'Default: 5 failed attempts, then locked for 15 minutes'. Tier-1 agent in ML-20634: 'After five failed sign-in attempts the account is locked for a quarter of an hour' (same value).",
      "15 minutes", "a quarter of an hour"),
 case("Our webhook endpoint was down for an afternoon. Does Mendlane redeliver failed events, and for how long?",
      "consistent", D+"ml_api_limits.md", ["up to 5 times over 24 hours"], B+"devnotes_mendlane_booking_sync.md", ["retried five times over a day"],
      ["up to 5 times over 24 hours", "5 retries over 24 hours", "five times over a day"],
      "API limits (2026.4): failed deliveries are 'retried up to 5 times over 24 hours'. The developer blog: 'the delivery is retried five times over a day' (same). The release notes mention the older 3 retries over 6 hours.",
      "up to 5 retries over 24 hours", "five times over a day"),
 case("For our auditor: how long are visit notes and intake forms kept after a patient's last appointment?",
      "consistent", D+"ml_recording_and_retention.md", ["retained for 7 years"], B+"practicemgr_how_long_do_we_keep_records.md", ["kept for seven years"],
      ["7 years", "seven years"],
      "Retention doc: 'Clinical records are retained for 7 years after the last visit'. The practice manager's blog: 'kept for seven years after the patient's last visit' (same). Distractors: audit log 6 years, recordings 30 days, age-25 rule for minors.",
      "7 years", "seven years"),
 case("An older article says the Clinic plan only covers ten clinicians. How many provider seats does Clinic give us today?",
      "version_scoped", D+"ml_plans_and_limits.md", ["up to 15"], B+"mendlane_news_2026_3.md", ["Until now the Clinic plan included 10 provider seats"],
      ["15", "up to 15", "15 provider seats"],
      "Plans table (2026.4): Clinic 'Provider seats | ... | up to 15'. The 2026.3 release post: 'Until now the Clinic plan included 10 provider seats ... From 2026.3, Clinic includes up to 15' - 10 was right before 2026.3. Distractor: 5 front-desk seats.",
      "15", "10", "releases before 2026.3"),
 case("Patients used to get one reminder the day before. Did the default reminder timing change?",
      "version_scoped", D+"ml_reminder_settings.md", ["Default: 48 hours and 2 hours before the appointment"], F+"community_reminder_timing.txt", ["Up to 2026.2 the default was one reminder 24 hours ahead"],
      ["48 hours and 2 hours before", "two days and two hours before", "48 hours and 2 hours"],
      "Reminder settings (2026.4): 'Default: 48 hours and 2 hours before the appointment'. The community reply: 'Up to 2026.2 the default was one reminder 24 hours ahead' (version named). Distractors: quiet hours 21:00-08:00, up to 4 reminder points, amber flag 12 hours before.",
      "48 hours and 2 hours before the appointment", "a single reminder 24 hours before", "2026.2 and earlier"),
], gold=[
 ("How long can a video visit last on the Solo plan?", ["data/docs/ml_plans_and_limits.md", "data/docs/ml_release_notes_2026.md", F+"community_solo_visit_cut_off.txt", B+"mindfulroom_switching_to_mendlane.md"]),
 ("What is the request rate limit of the Mendlane core API?", [D+"ml_api_limits.md", D+"ml_release_notes_2026.md", B+"devnotes_mendlane_booking_sync.md", F+"community_api_429_export.txt", T]),
 ("How long are video visit recordings kept by default?", [D+"ml_recording_and_retention.md", D+"ml_release_notes_2026.md", D+"ml_security_sessions.md", B+"mendlane_news_2026_3.md", B+"practicemgr_how_long_do_we_keep_records.md", T]),
 ("How long can deleted appointments be restored from Trash?", [D+"ml_recording_and_retention.md", B+"practicemgr_how_long_do_we_keep_records.md", T]),
 ("After how much inactivity are providers signed out of the portal?", [D+"ml_security_sessions.md", D+"ml_release_notes_2026.md", F+"community_logged_out_idle.txt", B+"telehealthreview_mendlane_review.md"]),
 ("When are appointment reminders sent by default?", [D+"ml_reminder_settings.md", D+"ml_release_notes_2026.md", F+"community_reminder_timing.txt", B+"mendlane_news_2026_3.md", B+"mendlane_status_postmortem_2026_03_18.md", B+"mindfulroom_switching_to_mendlane.md"]),
 ("How many provider seats does the Clinic plan include?", [D+"ml_plans_and_limits.md", D+"ml_release_notes_2026.md", B+"mendlane_news_2026_3.md", B+"telehealthreview_mendlane_review.md"]),
 ("How early before the appointment can patients enter the virtual waiting room?", [D+"ml_booking_settings.md", D+"ml_release_notes_2026.md", F+"community_waiting_room_early.txt", B+"mendlane_status_postmortem_2026_03_18.md", B+"mindfulroom_switching_to_mendlane.md"]),
 ("How many failed sign-ins lock an account and for how long?", [D+"ml_security_sessions.md", F+"community_lockout_front_desk.txt", B+"telehealthreview_mendlane_review.md", T]),
 ("What is the rate limit of the Export API?", [D+"ml_api_limits.md", D+"ml_release_notes_2026.md", B+"devnotes_mendlane_booking_sync.md", F+"community_api_429_export.txt", T]),
 ("How often and for how long are failed webhook deliveries retried?", [D+"ml_api_limits.md", D+"ml_release_notes_2026.md", B+"devnotes_mendlane_booking_sync.md"]),
 ("How long are clinical records such as visit notes retained?", [D+"ml_recording_and_retention.md", B+"practicemgr_how_long_do_we_keep_records.md"]),
])

P["voltquill"] = dict(cases=[
 case("The broadband died overnight and the car barely charged. What current does the Ember fall back to when it's offline, by default?",
      "contradiction", D+"vq_settings_charging.md", ["Default: 10 A"], F+"owners_offline_fallback_current.txt", ["the offline fallback is 6 A by default"],
      ["10 A", "10 amps"],
      "Charging settings (firmware 3.4.0): 'Offline fallback current / Default: 10 A'. Forum reply: 'the offline fallback is 6 A by default' with no firmware named (6 A was the fallback before 3.3.0). Distractors: 6 A minimum current, 6 A when only the CT clamp signal is lost, 16 A factory installer limit.",
      "10 A", "6 A"),
 case( "In solar mode, once the surplus drops away, how long does the charger hang on before it pauses?",
 "contradiction", D+"vq_settings_eco_solar.md", ["Default: 5 minutes"], B+"sunpowered_ember_eco_mode_review.md", ["waits 120 seconds before pausing"],
 ["5 minutes", "300 seconds"],
 "Eco settings (3.4.0): 'Stop delay / Default: 5 minutes'. The August 2026 solar blog: 'the Ember waits 120 seconds before pausing' with no firmware named (120 s was the stop delay before 3.2.0). Distractors: start delay 60 seconds, start threshold 1.4 kW, grid import allowance 0 W.",
 "5 minutes", "120 seconds"),
 case("A customer wants weekday, weekend, holiday and solar schedules - how many schedules can one Ember hold?",
      "contradiction", D+"vq_settings_scheduling.md", ["Up to 8 schedules per charger"], T, ["supports up to four schedules per charger"],
      ["8", "eight", "up to 8 schedules"],
      "Scheduling settings (3.4.0): 'Up to 8 schedules per charger'. Tier-1 agent in VQ-5512 (customer on 3.4.0): 'The Ember supports up to four schedules per charger' (4 was the limit before 3.3.0; no version named).",
      "8", "4"),
 case("The installer skipped the country profile when commissioning. What main fuse rating does the charger then assume for load balancing?",
      "contradiction", D+"vq_load_balancing.md", ["Default: 60 A"], T, ["The default main fuse setting is 100 A"],
      ["60 A", "60 amps"],
      "Load balancing doc: 'Main fuse rating / Default: 60 A ... A charger commissioned without a country profile uses the built-in default of 60 A'. Tier-1 agent in VQ-5589: 'The default main fuse setting is 100 A' - that is the UK domestic profile's preset, not the built-in default. Distractors: DE/AT 63 A, NL 35 A, safety margin 2 A.",
      "60 A", "100 A"),
 case("For mileage claims: how far back does the Voltquill app keep charging session history?",
      "contradiction", D+"vq_api.md", ["24 months"], F+"owners_app_session_history.txt", ["the app only keeps a year of sessions"],
      ["24 months", "two years", "2 years"],
      "API / data retention doc: session history 'shown in the app for 24 months'. Forum reply: 'the app only keeps a year of sessions' - wrong. Distractor: on-device event log 30 days / 10,000 entries; export endpoint 5 requests per day.",
      "24 months", "one year"),
 case("Does the Ember 22 really deliver its full rated power on a three-phase supply?",
      "consistent", D+"vq_hardware_models.md", ["22 kW"], F+"owners_ember22_real_power.txt", ["22,000 W"],
      ["22 kW", "22,000 W", "32 A per phase"],
      "Hardware table: Ember 22 'Maximum charging power | ... | 22 kW' at '32 A per phase'. Forum: 'It does 22,000 W if the car can take it: 3 phases x 32 amps per phase' (same, in watts). Distractor: 11 kW on-board chargers, 16 A per phase.",
      "22 kW", "22,000 W"),
 case("What's the lowest current the Ember will charge at before it just pauses?",
      "consistent", D+"vq_hardware_models.md", ["minimum charging current of 6 A"], B+"evgarage_ember7_review.md", ["minimum of 6 amps"],
      ["6 A", "6 amps"],
      "Hardware doc: 'The minimum charging current of 6 A is the lowest value allowed'. Review: 'It can throttle down to a minimum of 6 amps' (same). Distractors: 10 A offline fallback, 16 A factory circuit limit, 1.4 kW Eco threshold.",
      "6 A", "6 amps"),
 case("How many calls can a script make to the Voltquill cloud API with one personal token in an hour?",
      "consistent", D+"vq_api.md", ["300 requests per hour per token"], B+"tinkerhaus_ember_local_api_guide.md", ["300 an hour"],
      ["300 requests per hour", "300 per hour"],
      "API doc: cloud API 'Rate limit: 300 requests per hour per token'. The local-API guide (written for 3.3.x, but the cloud limit is not firmware-bound): 'you get 300 an hour' (same). Distractors: local API 1 (formerly 5) requests per second, export 5 requests per day, tokens 30 days.",
      "300 requests per hour", "300 an hour"),
 case("The charger tripped on a residual current fault at night and restarted itself. Does it keep retrying, and how often?",
      "consistent", D+"vq_settings_charging.md", ["3 automatic retries, 15 minutes apart"], T, ["it retries three times, a quarter of an hour apart"],
      ["3 automatic retries, 15 minutes apart", "3 retries, 15 minutes apart", "three times, a quarter of an hour apart"],
      "Charging settings: 'Residual current trip recovery / Default: 3 automatic retries, 15 minutes apart'. Tier-1 agent in VQ-5603: 'it retries three times, a quarter of an hour apart' (same). Release notes: before 3.1.0 it was 1 retry after 30 minutes.",
      "3 retries, 15 minutes apart", "three times, a quarter of an hour apart"),
 case("My 00:30 schedule used to kick in exactly on time. Has scheduled charging always had a random start delay?",
      "version_scoped", D+"vq_settings_scheduling.md", ["Default: 600 seconds"], F+"owners_schedule_random_delay.txt", ["On firmware 3.3.2 the randomised delay was 0 seconds"],
      ["600 seconds", "up to 10 minutes", "10 minutes"],
      "Scheduling settings (3.4.0): 'Randomised start delay / Default: 600 seconds'. Forum OP: 'On firmware 3.3.2 the randomised delay was 0 seconds' (version named; release notes: 3.4.0 turned it on). Distractors: range 0-1800 s, 15-minute schedule steps, update window 02:00-04:00.",
      "600 seconds", "0 seconds (off)", "firmware before 3.4.0 (e.g. 3.3.2)"),
 case("A home-automation guide says I can hit the charger's local API five times a second. What's the current limit?",
      "version_scoped", D+"vq_api.md", ["1 request per second per client"], B+"tinkerhaus_ember_local_api_guide.md", ["With firmware 3.3 the local API allowed 5 requests per second"],
      ["1 request per second", "one request per second"],
      "API doc (3.4.0): local API 'Rate limit: 1 request per second per client'. The guide: 'With firmware 3.3 the local API allowed 5 requests per second per client' (version named; 3.4.0 lowered it). Distractors: port 8421, status refresh 5 seconds, cloud 300 per hour.",
      "1 request per second", "5 requests per second", "firmware 3.3.x"),
], gold=[
 ("What charging current does the Ember use when it loses its cloud connection?", [D+"vq_settings_charging.md", D+"vq_firmware_release_notes.md", F+"owners_offline_fallback_current.txt", B+"voltquill_postmortem_cloud_outage_2026_05.md"]),
 ("How long does Eco mode wait before pausing when solar surplus drops?", [D+"vq_settings_eco_solar.md", D+"vq_firmware_release_notes.md", B+"sunpowered_ember_eco_mode_review.md"]),
 ("How many charging schedules can an Ember charger store?", [D+"vq_settings_scheduling.md", D+"vq_firmware_release_notes.md", F+"owners_how_many_schedules.txt", B+"evgarage_ember7_review.md", T]),
 ("What is the default main fuse rating used for load balancing?", [D+"vq_load_balancing.md", F+"installers_ct_clamp_main_fuse.txt", T]),
 ("How long is charging session history kept in the app?", [D+"vq_api.md", F+"owners_app_session_history.txt", B+"evgarage_ember7_review.md"]),
 ("What is the maximum charging power of the Ember 22?", [D+"vq_hardware_models.md", F+"owners_ember22_real_power.txt"]),
 ("What is the minimum charging current of the Ember?", [D+"vq_hardware_models.md", D+"vq_settings_eco_solar.md", B+"sunpowered_ember_eco_mode_review.md", B+"evgarage_ember7_review.md", B+"tinkerhaus_ember_local_api_guide.md", T]),
 ("What is the rate limit of the Voltquill cloud API?", [D+"vq_api.md", B+"tinkerhaus_ember_local_api_guide.md", B+"evgarage_ember7_review.md"]),
 ("How does the charger recover after a residual current fault?", [D+"vq_settings_charging.md", D+"vq_firmware_release_notes.md", T]),
 ("What is the randomised start delay for scheduled charging?", [D+"vq_settings_scheduling.md", D+"vq_firmware_release_notes.md", F+"owners_schedule_random_delay.txt", B+"voltquill_news_firmware_3_4.md", B+"offpeakhacks_smart_scheduling.md"]),
 ("How many requests per second does the local API allow?", [D+"vq_api.md", D+"vq_firmware_release_notes.md", B+"voltquill_news_firmware_3_4.md", B+"tinkerhaus_ember_local_api_guide.md", F+"owners_home_assistant_local_api.txt"]),
 ("How much solar export is needed before Eco mode starts charging?", [D+"vq_settings_eco_solar.md", D+"vq_firmware_release_notes.md", B+"sunpowered_ember_eco_mode_review.md", B+"evgarage_ember7_review.md", T]),
])

VERD = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}
for prod, spec in P.items():
    pdir = os.path.join(ROOT, prod)
    with open(os.path.join(pdir, "conflicts.jsonl"), "w") as fc, open(os.path.join(pdir, "answers.jsonl"), "w") as fa:
        print(f"\n**{prod}**\n\n| expect | question | official value (doc) | other value (source) |\n|---|---|---|---|")
        for c in spec["cases"]:
            fc.write(json.dumps({k: c[k] for k in ("q", "expect", "sides", "authoritative", "note")}) + "\n")
            second = {"value": c["_o"], "status": "supported" if c["expect"] == "consistent" else "contradicted", "source": c["sides"][1][0]}
            if c["_scope"]:
                second["scope"] = c["_scope"]
            fa.write(json.dumps({"q": c["q"], "verdict": VERD[c["expect"]], "answers": [
                {"value": c["_a"], "status": "authoritative", "source": c["sides"][0][0]}, second]}) + "\n")
            print(f"| {c['expect']} | {c['q']} | {c['sides'][0][1][0]} (`{c['sides'][0][0]}`) | {c['sides'][1][1][0]} (`{c['sides'][1][0]}`) |")
    with open(os.path.join(pdir, "gold.jsonl"), "w") as fg:
        for q, ids in spec["gold"]:
            fg.write(json.dumps({"q": q, "relevant_ids": ids}) + "\n")
