"""Writes conflicts.jsonl, answers.jsonl and gold.jsonl for both products of support_o."""
import json, os
HERE = os.path.dirname(os.path.abspath(__file__))
SET = os.path.join(HERE, "..")

D, FO, B, T = "data/docs/", "data/forums/", "data/blogs/", "data/tickets/tickets.json"

# (expect, q, doc, doc_values, other, other_values, authoritative, note, ans_auth, ans_other, scope)
CASES = {
"classwell": [
 ("contradiction", "What's the largest single file a student can attach to an assignment on the current Classwell release?",
  D+"assignment_submission_settings.md", ["Default: 250 MB"], FO+"community_video_submissions_rejected.txt", ["Upload cap is 100 MB per file"],
  ["250 MB", "250MB", "250"], "Docs (26.3): 'Maximum file size per upload ... Default: 250 MB'. The forum reply says 'Upload cap is 100 MB per file, no way around it on any plan' without naming a version; 100 MB was the 25.x limit (release notes 26.1).",
  "250 MB", "100 MB", None),
 ("contradiction", "How much storage does a school on the Grove plan get?",
  D+"plans_and_storage.md", ["500 GB per school"], B+"edtechledger_classwell_review_2026.md", ["250 GB of storage per school"],
  ["500 GB", "500GB", "500 GB per school"], "Plans table: Grove 'Storage quota | ... | 500 GB per school'. The 2026 review says Grove 'gives you 250 GB of storage per school' (250 is the per-file upload limit in MB, a likely mix-up).",
  "500 GB per school", "250 GB per school", None),
 ("contradiction", "A teacher deleted a course by accident. How long does the school have to restore it before it's purged for good?",
  D+"data_retention.md", ["deleted courses stay in Trash for 30 days"], T, ["kept in Trash for 14 days"],
  ["30 days", "thirty days"], "Docs: 'Default: deleted courses stay in Trash for 30 days'. Tier-1 agent in CW-48213: 'deleted courses are kept in Trash for 14 days' - the pre-26.3 value (release notes: 'extended from 14 days to 30 days'), stated as current.",
  "30 days", "14 days", None),
 ("contradiction", "A partner's integration keeps getting 429s. What request budget does a single API token actually have?",
  D+"api_rate_limits.md", ["600 requests per minute"], FO+"community_api_429_sync_script.txt", ["60 requests per minute per token"],
  ["600 requests per minute", "600 per minute", "600/min", "10 requests per second"], "API v2 limits: 'Requests per token | 600 requests per minute' (burst 50/s; bulk exports 10 per hour). The forum reply: 'The limit is 60 requests per minute per token. Add a sleep(1)'. No version named; off by a factor of ten.",
  "600 requests per minute", "60 requests per minute", None),
 ("contradiction", "If a teacher never touches the late-work setting, how long after the deadline can students still hand something in?",
  D+"assignment_submission_settings.md", ["Default: 72 hours"], T, ["up to 48 hours after the due time"],
  ["72 hours", "three days", "3 days"], "Docs: 'Late submission window ... Default: 72 hours'. Agent in CW-48577: 'students can hand in late work for up to 48 hours after the due time'. 48 hours is the export download-link expiry, a neighbouring number.",
  "72 hours", "48 hours", None),
 ("consistent", "How often does Classwell push grades over to the student information system nowadays?",
  D+"grade_export_sis.md", ["every 24 hours at 02:00 school local time"], FO+"community_grade_export_weekly.txt", ["every 24 hours at 02:00 school local time"],
  ["every 24 hours", "nightly", "daily at 02:00", "02:00 school local time"], "Docs: 'Export schedule Default: every 24 hours at 02:00 school local time'. In the thread a first reply claims 'It only exports weekly - Sunday night around 3am' (the 25.x schedule), but the staff reply corrects it: 'Since 26.0 the SIS grade export runs every 24 hours at 02:00 school local time'. The thread's final answer agrees with the docs.",
  "every 24 hours at 02:00 school local time", "every 24 hours at 02:00 school local time", None),
 ("consistent", "Is it about a month that a deleted course sits in the Trash before it disappears?",
  D+"data_retention.md", ["deleted courses stay in Trash for 30 days"], B+"mrsokafor_cleaning_up_courses.md", ["stay there for thirty days"],
  ["30 days", "thirty days"], "Docs: 30 days in Trash. Teacher blog: 'Deleted courses go to the Trash and stay there for thirty days'. Same value, spelled out.",
  "30 days", "thirty days", None),
 ("consistent", "Can an integration sustain roughly ten calls a second on one token without being throttled?",
  D+"api_rate_limits.md", ["600 requests per minute"], B+"bridgeworks_classwell_api_throttling.md", ["a sustained 10 requests per second per token"],
  ["600 requests per minute", "10 requests per second"], "Docs: 600 requests per minute per token, burst 50 in one second. Integrator blog: 'The documented budget works out to a sustained 10 requests per second per token, with short bursts of up to 50'. Same limit in per-second units.",
  "600 requests per minute", "10 requests per second", None),
 ("consistent", "How much storage does the District plan give each school, and is it shared between schools?",
  D+"plans_and_storage.md", ["2 TB per school, pooled across the district"], T, ["The District plan gives each school 2 TB, and the quota is pooled"],
  ["2 TB per school", "2 TB", "pooled"], "Plans table: District '2 TB per school, pooled across the district'. Agent in CW-49002: 'The District plan gives each school 2 TB, and the quota is pooled' (22 TB for 11 schools).",
  "2 TB per school, pooled", "2 TB per school, pooled", None),
 ("version_scoped", "Our teacher handbook says 100 MB per file for student uploads - was the submission cap ever that low?",
  D+"assignment_submission_settings.md", ["Default: 250 MB"], FO+"community_upload_limit_after_upgrade.txt", ["In 25.x the per-file limit was 100 MB"],
  ["250 MB", "250MB"], "Docs (26.3): Default 250 MB. Forum: 'In 25.x the per-file limit was 100 MB; 26.1 raised it to 250 MB.' The older value is explicitly scoped to 25.x.",
  "250 MB", "100 MB", "Classwell 25.x (before 26.1)"),
 ("version_scoped", "An old connector throttles itself to 100 requests a minute. Was that ever Classwell's official API limit?",
  D+"api_rate_limits.md", ["600 requests per minute"], FO+"community_api_v1_migration.txt", ["Back on API v1 (Classwell 25.x) we were capped at 100 requests per minute"],
  ["600 requests per minute", "600 per minute"], "Docs (API v2): 600 requests per minute per token; v1 retired 2025-08-31. Forum: 'Back on API v1 (Classwell 25.x) we were capped at 100 requests per minute'. Scoped to the retired v1 API.",
  "600 requests per minute", "100 requests per minute", "API v1 / Classwell 25.x (retired 2025-08-31)"),
],
"stowpoint": [
 ("contradiction", "Out of the box, how long do the disks sit idle before a Stowpoint spins them down?",
  D+"power_settings.md", ["Default: 20 minutes"], FO+"forum_drives_keep_spinning_down.txt", ["Drives spin down after 10 minutes idle by default"],
  ["20 minutes", "20 min"], "Docs (StowOS 5.3): 'HDD hibernation ... Default: 20 minutes'. Forum reply: 'Drives spin down after 10 minutes idle by default' - the StowOS 4.x default (release notes 5.0), stated without a version.",
  "20 minutes", "10 minutes", None),
 ("contradiction", "What's the biggest hard drive a Quad officially takes on today's firmware?",
  D+"hardware_specifications.md", ["24 TB per bay"], B+"nasbench_stowpoint_quad_review.md", ["officially supports drives up to 18 TB"],
  ["24 TB", "24 TB per bay"], "Specs: 'Largest supported drive (StowOS 5.3) | 24 TB per bay'. The October 2025 review (tested on 5.2) says 'The Quad officially supports drives up to 18 TB'; 18 TB was the limit only before 5.1 (May 2025), and the review names no version for it.",
  "24 TB per bay", "18 TB", None),
 ("contradiction", "The customer never changed any snapshot settings. How far back should the default schedule let them restore?",
  D+"snapshots.md", ["retain 24 hourly snapshots and 14 daily snapshots"], T, ["only keeps 7 days of snapshots"],
  ["14 daily snapshots", "14 days", "a fortnight", "two weeks"], "Docs: 'Default: one snapshot every hour, retain 24 hourly snapshots and 14 daily snapshots (a fortnight)'. Tier-1 agent in SP-220871: 'The default schedule only keeps 7 days of snapshots' (the StowOS 4.x behaviour) - the customer then finds a 10-day-old snapshot.",
  "24 hourly + 14 daily (two weeks)", "7 days", None),
 ("contradiction", "How many wrong passwords in a row before the NAS blocks the IP address?",
  D+"account_security.md", ["5 failed sign-in attempts"], FO+"forum_locked_out_of_web_ui.txt", ["locked after 3 failed attempts"],
  ["5", "five", "5 failed sign-in attempts"], "Docs: 'an IP address is blocked for 15 minutes after 5 failed sign-in attempts within 10 minutes'. Forum reply: 'You get locked after 3 failed attempts and the block lasts 15 minutes' - 3 was the pre-5.2 value; the 15 minutes is right.",
  "5 failed attempts", "3 failed attempts", None),
 ("contradiction", "If nobody changed it, when does the recycle bin get rid of deleted files?",
  D+"recycle_bin.md", ["30 days after they were deleted"], B+"homelabhints_stowpoint_settings.md", ["empties itself after two weeks"],
  ["30 days", "thirty days"], "Docs: 'Default: files are removed from the recycle bin 30 days after they were deleted'. Blog: 'The recycle bin empties itself after two weeks' (two weeks = the daily-snapshot retention, a neighbouring value).",
  "30 days", "two weeks", None),
 ("consistent", "Roughly what does a Quad pull from the wall when idle with the disks still spinning?",
  D+"hardware_specifications.md", ["21 W"], B+"wattwise_nas_running_costs.md", ["about 21 watts"],
  ["21 W", "21 watts"], "Specs: 'Power draw, idle | 12 W | 21 W' (Quad). Measurement blog: Quad idle 'about 21 watts'. Same value.",
  "21 W", "21 W", None),
 ("consistent", "With the stock snapshot schedule, are the daily snapshots kept for about two weeks?",
  D+"snapshots.md", ["14 daily snapshots (a fortnight)"], FO+"forum_how_far_back_snapshots.txt", ["two weeks of dailies"],
  ["14 daily snapshots", "a fortnight", "two weeks", "14 days"], "Docs: '14 daily snapshots (a fortnight)'. Forum: 'keeps a day of hourlies plus two weeks of dailies'. Same retention in other words.",
  "14 daily snapshots", "two weeks of dailies", None),
 ("consistent", "When will automatic firmware installs happen if the owner left the maintenance window alone?",
  D+"firmware_updates.md", ["02:00 - 04:00"], FO+"forum_update_restarted_overnight.txt", ["between 2 and 4 am local time"],
  ["02:00 - 04:00", "2-4 am", "between 2 and 4 am"], "Docs: 'Maintenance window Default: 02:00 - 04:00 (device local time)'. Forum: 'Important updates install between 2 and 4 am local time by default'.",
  "02:00 - 04:00 local time", "between 2 and 4 am", None),
 ("consistent", "What's the maximum drive size a Duo supports on current firmware?",
  D+"hardware_specifications.md", ["24 TB per bay"], T, ["the Duo supports drives up to 24 TB per bay"],
  ["24 TB", "24 TB per bay"], "Specs: 24 TB per bay (48 TB raw on Duo). Agent in SP-221304: 'On StowOS 5.3 the Duo supports drives up to 24 TB per bay, so 48 TB raw'.",
  "24 TB per bay", "24 TB per bay", None),
 ("version_scoped", "A setup guide says the hibernation timer defaults to ten minutes - was that ever true?",
  D+"power_settings.md", ["Default: 20 minutes"], FO+"forum_hibernation_default_changed.txt", ["10 minutes was the StowOS 4.x default"],
  ["20 minutes", "20 min"], "Docs (5.3): Default 20 minutes. Forum reply (correcting a terse '10.'): '10 minutes was the StowOS 4.x default ... 5.0 changed it to 20 minutes'.",
  "20 minutes", "10 minutes", "StowOS 4.x (before 5.0)"),
 ("version_scoped", "Has Stowpoint always topped out at 24 TB drives, or was the supported size smaller before?",
  D+"hardware_specifications.md", ["24 TB per bay"], B+"stowpoint_news_stowos_5_1.md", ["Before StowOS 5.1, the largest supported drive was 18 TB"],
  ["24 TB", "24 TB per bay"], "Specs (5.3): 24 TB per bay. News post: 'Before StowOS 5.1, the largest supported drive was 18 TB.' Explicitly scoped.",
  "24 TB per bay", "18 TB", "StowOS before 5.1"),
],
}

GOLD = {
"classwell": [
 ("What's the per-file size limit for student assignment uploads?", [D+"assignment_submission_settings.md", D+"api_rate_limits.md", D+"release_notes_26.md", FO+"community_video_submissions_rejected.txt", FO+"community_upload_limit_after_upgrade.txt", B+"classwell_news_26_1_bigger_uploads.md"]),
 ("How much storage comes with the Grove plan?", [D+"plans_and_storage.md", B+"edtechledger_classwell_review_2026.md", B+"classwell_news_26_1_bigger_uploads.md", FO+"community_storage_quota_district.txt"]),
 ("Is District storage per school or pooled, and how much is it?", [D+"plans_and_storage.md", FO+"community_storage_quota_district.txt", T, B+"classwell_news_26_1_bigger_uploads.md"]),
 ("How long can a deleted course be restored from Trash?", [D+"data_retention.md", D+"release_notes_26.md", T, B+"mrsokafor_cleaning_up_courses.md"]),
 ("What is the API rate limit per token?", [D+"api_rate_limits.md", D+"release_notes_26.md", FO+"community_api_429_sync_script.txt", FO+"community_api_v1_migration.txt", B+"bridgeworks_classwell_api_throttling.md"]),
 ("How long is the default late submission window?", [D+"assignment_submission_settings.md", T, B+"edtechledger_classwell_review_2026.md"]),
 ("When and how often does the SIS grade export run?", [D+"grade_export_sis.md", D+"release_notes_26.md", FO+"community_grade_export_weekly.txt", B+"classwell_postmortem_grade_export_delay.md", B+"edtechledger_classwell_review_2026.md"]),
 ("How often does roster sync run?", [D+"grade_export_sis.md", D+"release_notes_26.md", FO+"community_grade_export_weekly.txt", B+"classwell_postmortem_grade_export_delay.md"]),
 ("After how much inactivity are users signed out of the web app?", [D+"security_sessions.md", D+"release_notes_26.md", FO+"community_teachers_logged_out.txt"]),
 ("How long is a grade export CSV download link valid?", [D+"grade_export_sis.md", T, B+"mrsokafor_cleaning_up_courses.md"]),
 ("How many times can a student resubmit an assignment by default?", [D+"assignment_submission_settings.md", B+"edtechledger_classwell_review_2026.md"]),
 ("How many files can a student attach to a single submission?", [D+"assignment_submission_settings.md", D+"release_notes_26.md", B+"classwell_news_26_1_bigger_uploads.md"]),
],
"stowpoint": [
 ("After how long idle do the hard drives spin down by default?", [D+"power_settings.md", D+"stowos_5_release_notes.md", FO+"forum_drives_keep_spinning_down.txt", FO+"forum_hibernation_default_changed.txt", B+"stowpoint_postmortem_5_2_1.md", B+"wattwise_nas_running_costs.md"]),
 ("What is the largest supported drive per bay?", [D+"hardware_specifications.md", D+"stowos_5_release_notes.md", FO+"forum_22tb_drives_in_quad.txt", B+"nasbench_stowpoint_quad_review.md", B+"stowpoint_news_stowos_5_1.md", T]),
 ("How many snapshots does the default schedule keep?", [D+"snapshots.md", D+"stowos_5_release_notes.md", FO+"forum_how_far_back_snapshots.txt", T]),
 ("How many failed sign-ins trigger an IP block?", [D+"account_security.md", D+"stowos_5_release_notes.md", FO+"forum_locked_out_of_web_ui.txt"]),
 ("How long is an IP blocked after too many failed logins?", [D+"account_security.md", D+"stowos_5_release_notes.md", FO+"forum_locked_out_of_web_ui.txt", T]),
 ("How long do files stay in the recycle bin?", [D+"recycle_bin.md", B+"homelabhints_stowpoint_settings.md"]),
 ("What is the idle power draw of the Quad?", [D+"hardware_specifications.md", B+"wattwise_nas_running_costs.md", FO+"forum_power_draw_measured.txt", B+"stowpoint_postmortem_5_2_1.md"]),
 ("When are automatic updates installed?", [D+"firmware_updates.md", FO+"forum_update_restarted_overnight.txt", B+"stowpoint_postmortem_5_2_1.md"]),
 ("What power adapter does the Quad need?", [D+"hardware_specifications.md", T, B+"wattwise_nas_running_costs.md"]),
 ("Which ports does the web interface use?", [D+"hardware_specifications.md", D+"stowos_5_release_notes.md", B+"homelabhints_stowpoint_settings.md", FO+"forum_locked_out_of_web_ui.txt"]),
 ("How much of the volume is reserved for snapshots by default?", [D+"snapshots.md", D+"stowos_5_release_notes.md"]),
 ("What is the maximum raw capacity of the Duo and the Quad?", [D+"hardware_specifications.md", B+"stowpoint_news_stowos_5_1.md", T]),
],
}

VERD = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}
for prod, cases in CASES.items():
    pdir = os.path.join(SET, prod)
    with open(os.path.join(pdir, "conflicts.jsonl"), "w") as fc, open(os.path.join(pdir, "answers.jsonl"), "w") as fa:
        for exp, q, doc, dv, other, ov, auth, note, a_auth, a_other, scope in cases:
            fc.write(json.dumps({"q": q, "expect": exp, "sides": [[doc, dv], [other, ov]], "authoritative": auth, "note": note}, ensure_ascii=False) + "\n")
            second = {"value": a_other, "status": "supported" if exp == "consistent" else "contradicted", "source": other}
            if scope:
                second["scope"] = scope
            fa.write(json.dumps({"q": q, "verdict": VERD[exp], "answers": [{"value": a_auth, "status": "authoritative", "source": doc}, second]}, ensure_ascii=False) + "\n")
    with open(os.path.join(pdir, "gold.jsonl"), "w") as fg:
        for q, ids in GOLD[prod]:
            fg.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")
print("labels written")
