#!/usr/bin/env python3
"""Writes conflicts.jsonl, answers.jsonl and gold.jsonl for both products of support_x."""
import json, os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# case: (q, expect, [(doc, [values]), (doc, [values])], authoritative, note, auth_value, other_value, scope)
BF = [
 ("How long does someone have to come back and finish a form they saved halfway through?", "contradiction",
  [("data/docs/save_and_resume.md", ["Default: 30 days"]), ("data/forums/community_resume_reminders.txt", ["resume links expire after 14 days"])],
  ["30 days", "30"], "Save and resume doc (7.2): 'Resume link expiry / Default: 30 days'. Forum reply: 'resume links expire after 14 days' without naming a version (14 days was the 6.x default).",
  "30 days", "14 days", None),
 ("How many submissions can a Free workspace collect each month?", "contradiction",
  [("data/docs/plans_and_limits.md", ["100 responses"]), ("data/blogs/formfinder_brightform_review_2026.md", ["250 responses a month"])],
  ["100", "100 responses", "100 responses per month"], "Plans doc: 'Responses per month | 100' and 'reaches 100 responses in a month'. The August 2026 review says 'The Free plan includes 250 responses a month' (the pre-7.1 allowance, no version named).",
  "100 responses per month", "250 responses per month", None),
 ("We're on Pro - how many API calls a minute can one key make before we get throttled?", "contradiction",
  [("data/docs/api_rate_limits.md", ["120 requests per minute"]), ("data/blogs/formfinder_brightform_review_2026.md", ["60 requests per minute"])],
  ["120", "120 requests per minute"], "API doc: Pro 'Sustained limit 120 requests per minute' (burst 10/s is a separate limit). Review: 'Brightform's API allows 60 requests per minute per key' (the pre-6.4 flat limit, stated as current).",
  "120 requests per minute", "60 requests per minute", None),
 ("Can a respondent on our Pro account upload an 80 MB video to a file field?", "contradiction",
  [("data/docs/file_uploads.md", ["100 MB"]), ("data/tickets/tickets.json", ["Pro plan allows files up to 50 MB"])],
  ["100 MB", "yes, up to 100 MB per file"], "File upload doc: Pro 'Maximum size per file 100 MB'. Ticket BF-40211 tier-1 answer: 'The Pro plan allows files up to 50 MB per file' (the pre-7.0 limit; the ticket was closed on the wrong answer).",
  "yes - Pro allows up to 100 MB per file", "no - 50 MB per file", None),
 ("How long can I leave the form builder open and idle before it signs me out?", "contradiction",
  [("data/docs/security_sessions.md", ["Default: 12 hours"]), ("data/blogs/nonprofit_tech_notes_brightform_sso.md", ["after 24 hours of inactivity"])],
  ["12 hours"], "Sessions doc (7.2): 'Idle timeout / Default: 12 hours' (absolute lifetime 30 days is a different setting). The April 2026 blog: 'Brightform logs you out after 24 hours of inactivity' (pre-7.2 value, no version named).",
  "12 hours", "24 hours", None),
 ("What's the biggest single file someone can attach on the free tier?", "consistent",
  [("data/docs/file_uploads.md", ["10 MB", "1 MB = 1,048,576 bytes"]), ("data/forums/community_upload_too_large.txt", ["10485760 bytes"])],
  ["10 MB", "10485760 bytes", "10 MiB"], "File upload doc: Free 'Maximum size per file 10 MB' with '1 MB = 1,048,576 bytes'. Forum: 'anything over 10485760 bytes gets rejected' = 10 x 1,048,576 bytes. Same value in other units.",
  "10 MB", "10485760 bytes", None),
 ("Our EU workspace emails scheduled exports - how long does the download link keep working?", "consistent",
  [("data/docs/trash_and_data_retention.md", ["24 hours (EU region)"]), ("data/forums/community_eu_export_links.txt", ["links in the EU region only last a day"])],
  ["24 hours", "one day"], "Retention doc: 'Default: 72 hours (US region); 24 hours (EU region)'. Forum: 'the links in the EU region only last a day'. Same value; the 72-hour US value is the neighbouring scope (ticket BF-40617 wrongly applies it to an EU workspace).",
  "24 hours", "a day", None),
 ("I deleted a whole form by mistake - how long until it's gone for good?", "consistent",
  [("data/docs/trash_and_data_retention.md", ["permanently purged after 30 days"]), ("data/forums/community_trash_restore.txt", ["emptied after thirty days"])],
  ["30 days", "thirty days"], "Retention doc: 'Forms in the Trash are permanently purged after 30 days'. Forum: 'the trash is emptied after thirty days'. The 14 days in both files is for single deleted submissions.",
  "30 days", "thirty days", None),
 ("How often can a script on a Free account hit the API without getting 429 errors?", "consistent",
  [("data/docs/api_rate_limits.md", ["30 requests per minute"]), ("data/tickets/tickets.json", ["one request every two seconds"])],
  ["30 requests per minute", "one request every two seconds"], "API doc: Free 'Sustained limit 30 requests per minute'. Ticket BF-40388 (tier 2): '30 requests per minute, so on average you can make one request every two seconds'. Same rate, other wording.",
  "30 requests per minute", "one request every two seconds", None),
 ("Were resume links always valid this long, or did older Brightform versions expire them sooner?", "version_scoped",
  [("data/docs/save_and_resume.md", ["Default: 30 days"]), ("data/forums/community_resume_link_expired.txt", ["in 6.x resume links expired after 14 days"])],
  ["30 days"], "Save and resume doc (7.2): 'Default: 30 days'. Staff reply: 'in 6.x resume links expired after 14 days, and 7.0 raised the default to 30' - the older value with its version named. The same thread also mentions the 7-day Event registration template value.",
  "30 days", "14 days", "Brightform 6.x (before 7.0)"),
 ("Why do some posts say the Free plan gets 250 responses a month?", "version_scoped",
  [("data/docs/plans_and_limits.md", ["100 responses"]), ("data/forums/community_free_plan_limit.txt", ["it was 250 before 7.1"])],
  ["100", "100 responses per month"], "Plans doc: 100 responses per month on Free. Staff reply: 'Brightform 7.1 changed the Free plan to 100 responses per month; it was 250 before 7.1.' An earlier reply in the same thread ('Free is 250 a month') is wrong for the current version.",
  "100 responses per month", "250 responses per month", "before Brightform 7.1 (Free workspaces moved on 2026-06-01)"),
]

BF_GOLD = [
 ("By default, for how many days is a respondent's save-and-resume link valid?",
  ["data/docs/save_and_resume.md", "data/docs/release_notes.md", "data/docs/template_defaults.md", "data/forums/community_resume_link_expired.txt", "data/forums/community_resume_reminders.txt", "data/blogs/brightform_blog_7_0_launch.md", "data/tickets/tickets.json"]),
 ("Is the free plan still capped at 250 responses a month?",
  ["data/docs/plans_and_limits.md", "data/docs/release_notes.md", "data/forums/community_free_plan_limit.txt", "data/blogs/formfinder_brightform_review_2026.md"]),
 ("What per-minute request limit does a Pro API key get?",
  ["data/docs/api_rate_limits.md", "data/docs/plans_and_limits.md", "data/docs/release_notes.md", "data/forums/community_api_429.txt", "data/blogs/formfinder_brightform_review_2026.md", "data/blogs/devnotes_brightform_api_sync.md"]),
 ("How big can one uploaded file be on the Pro plan?",
  ["data/docs/file_uploads.md", "data/docs/plans_and_limits.md", "data/docs/release_notes.md", "data/forums/community_upload_too_large.txt", "data/blogs/brightform_blog_7_0_launch.md", "data/tickets/tickets.json"]),
 ("I keep getting kicked out of the editor overnight - what's the inactivity timeout?",
  ["data/docs/security_sessions.md", "data/docs/release_notes.md", "data/forums/community_logged_out_builder.txt", "data/blogs/nonprofit_tech_notes_brightform_sso.md"]),
 ("How long do export download links work for a workspace in the EU region?",
  ["data/docs/trash_and_data_retention.md", "data/docs/release_notes.md", "data/forums/community_eu_export_links.txt", "data/blogs/gdpr_forms_blog_eu_region.md", "data/tickets/tickets.json"]),
 ("How many days do deleted forms stay in the Trash?",
  ["data/docs/trash_and_data_retention.md", "data/forums/community_trash_restore.txt"]),
 ("Can I still bring back a single submission I deleted ten days ago?",
  ["data/docs/trash_and_data_retention.md", "data/forums/community_trash_restore.txt"]),
 ("How many requests per second can a Pro key send in a burst?",
  ["data/docs/api_rate_limits.md", "data/docs/release_notes.md", "data/forums/community_api_429.txt", "data/blogs/devnotes_brightform_api_sync.md"]),
 ("How long are backups kept for EU workspaces?",
  ["data/docs/trash_and_data_retention.md", "data/docs/release_notes.md", "data/blogs/gdpr_forms_blog_eu_region.md"]),
 ("Which file size limit applies on the free tier?",
  ["data/docs/file_uploads.md", "data/docs/plans_and_limits.md", "data/docs/release_notes.md", "data/forums/community_upload_too_large.txt", "data/blogs/formfinder_brightform_review_2026.md"]),
 ("How many editors can we have on Pro?",
  ["data/docs/plans_and_limits.md", "data/blogs/nonprofit_tech_notes_brightform_sso.md"]),
]

TT = [
 ("How much food comes out per portion on the TF-2?", "contradiction",
  [("data/docs/tf2_specifications.md", ["10 g per portion"]), ("data/blogs/pawgear_tf2_review.md", ["roughly 8 grams"])],
  ["10 g", "about 10 grams", "10 grams"], "Specs (firmware 3.4.1): 'Portion size | 10 g per portion (approx. ...; firmware 3.0 or later)'. Review (Jan 2025): 'Each portion is roughly 8 grams of standard kibble' (the firmware 2.x value, no version named).",
  "about 10 g", "about 8 g", None),
 ("My vet wants 8 small meals a day - can the feeder be scheduled for that many?", "contradiction",
  [("data/docs/feeding_schedules.md", ["Up to 10 meals per day"]), ("data/tickets/tickets.json", ["maximum of 6 meals per day"])],
  ["yes", "up to 10 meals per day", "10"], "Schedules doc: 'Meals per day ... 1-10' and 'Up to 10 meals per day can be scheduled on firmware 3.2 or later'. Ticket TT-118204 tier-1 answer to a customer on firmware 3.4.0: 'The TF-2 supports a maximum of 6 meals per day.'",
  "yes - up to 10 meals per day", "no - 6 meals per day", None),
 ("How many days of clips does the cheaper Tail+ subscription keep?", "contradiction",
  [("data/docs/tailplus_cloud_plans.md", ["7 days"]), ("data/forums/community_basic_clips_missing.txt", ["Basic only keeps clips for 3 days"])],
  ["7 days", "seven days"], "Plans doc: 'Event clip storage | 24 hours | 7 days | 30 days' (no plan / Basic / Plus). Forum: 'Basic only keeps clips for 3 days' (Basic was 3 days before app 5.0; no version named).",
  "7 days", "3 days", None),
 ("How long can the recording be that plays when a meal is served?", "contradiction",
  [("data/docs/voice_and_camera.md", ["Maximum recording length: 10 seconds"]), ("data/forums/community_voice_recording.txt", ["5 second limit"])],
  ["10 seconds", "10 s"], "Voice doc: 'Maximum recording length: 10 seconds'. Forum: 'There's a 5 second limit on the voice recording' (5 s was the limit before firmware 3.1; no version named).",
  "10 seconds", "5 seconds", None),
 ("At what hopper level does the app warn me food is running low if I never changed the setting?", "contradiction",
  [("data/docs/alerts_notifications.md", ["Default: 20%"]), ("data/blogs/whiskerwise_blog_automatic_feeders.md", ["25% by default"])],
  ["20%", "20 percent"], "Alerts doc: 'Low food / Default: 20%' (25% in the same table is the battery-low alert; 30% is the Kitten/Senior profile value). Blog (May 2026): 'The low-food alert kicks in at 25% by default' (pre-3.3 value, no version named).",
  "20%", "25%", None),
 ("If the power goes out, how long will the feeder keep feeding on its backup batteries?", "consistent",
  [("data/docs/tf2_specifications.md", ["up to 7 days"]), ("data/forums/community_power_outage.txt", ["about a week"])],
  ["up to 7 days", "about a week"], "Specs: 'Battery runtime | up to 7 days of scheduled feeding (camera and Wi-Fi are suspended after 30 minutes on battery)'. Forum: 'on D cells it kept feeding for about a week'. Same value; the 3 days in the thread is for NiMH rechargeables.",
  "up to 7 days", "about a week", None),
 ("When does the feeder install firmware updates on its own?", "consistent",
  [("data/docs/offline_and_updates.md", ["02:00-04:00"]), ("data/forums/community_overnight_update.txt", ["between 2 and 4 am"])],
  ["02:00-04:00", "between 2 and 4 am local time"], "Updates doc: 'Update window / Default: 02:00-04:00 (feeder's local time zone)'. Forum: 'Automatic updates run between 2 and 4 am local time'. The release notes give 03:00-05:00 as the window before firmware 2.6.",
  "02:00-04:00 local time", "between 2 and 4 am local time", None),
 ("How far back does the feeding history go on a US account?", "consistent",
  [("data/docs/tailplus_cloud_plans.md", ["365 days"]), ("data/tickets/tickets.json", ["a full year"])],
  ["365 days", "one year"], "Plans doc: 'US ... | 365 days' (EU/UK: 90 days). Ticket TT-118377 (tier 2): 'US accounts keep a full year of feeding history'. Same value in other words.",
  "365 days", "a full year", None),
 ("Without paying for Tail+, how long are camera clips kept?", "consistent",
  [("data/docs/tailplus_cloud_plans.md", ["24 hours"]), ("data/forums/community_no_subscription.txt", ["one day of clips"])],
  ["24 hours", "one day"], "Plans doc: 'Event clip storage | 24 hours' for No plan. Forum: 'Without a plan you still get live view and one day of clips, 12 seconds each'. Same value in other units.",
  "24 hours", "one day", None),
 ("Did the portion size change at some point? Older guides give a smaller number.", "version_scoped",
  [("data/docs/tf2_specifications.md", ["10 g per portion"]), ("data/forums/community_grams_per_portion.txt", ["On firmware 2.x a portion was 8 g"])],
  ["10 g", "about 10 grams"], "Specs: '10 g per portion ... firmware 3.0 or later'. Staff reply: 'On firmware 2.x a portion was 8 g, but firmware 3.0 changed the auger calibration and a portion is now about 10 g.' An earlier reply in the same thread ('Each portion is 8 g') gives the old value without a version.",
  "about 10 g", "about 8 g", "firmware 2.x (before 3.0.0)"),
 ("Was the feeder always limited to six meals a day?", "version_scoped",
  [("data/docs/feeding_schedules.md", ["Up to 10 meals per day"]), ("data/blogs/tandemtail_blog_firmware_3_2.md", ["Before firmware 3.2 you could only schedule 6 meals a day"])],
  ["10", "up to 10 meals per day"], "Schedules doc: 'Up to 10 meals per day can be scheduled on firmware 3.2 or later'. Vendor blog: 'Before firmware 3.2 you could only schedule 6 meals a day on the TF-2.'",
  "up to 10 meals per day", "6 meals per day", "firmware before 3.2.0"),
]

TT_GOLD = [
 ("How many grams does one portion weigh?",
  ["data/docs/tf2_specifications.md", "data/docs/firmware_release_notes.md", "data/docs/quick_start_card_rev_b.md", "data/forums/community_grams_per_portion.txt", "data/blogs/pawgear_tf2_review.md", "data/blogs/multicat_home_feeder_tips.md", "data/blogs/whiskerwise_blog_automatic_feeders.md"]),
 ("What's the most meals per day I can put in the schedule?",
  ["data/docs/feeding_schedules.md", "data/docs/tf2_specifications.md", "data/docs/firmware_release_notes.md", "data/docs/quick_start_card_rev_b.md", "data/tickets/tickets.json", "data/blogs/pawgear_tf2_review.md", "data/blogs/tandemtail_blog_firmware_3_2.md"]),
 ("How long does Tail+ Basic hold on to event clips?",
  ["data/docs/tailplus_cloud_plans.md", "data/docs/firmware_release_notes.md", "data/forums/community_basic_clips_missing.txt"]),
 ("Is there a length limit on the voice message the feeder plays?",
  ["data/docs/voice_and_camera.md", "data/docs/firmware_release_notes.md", "data/forums/community_voice_recording.txt"]),
 ("The low food alert came too late - what's it set to out of the box?",
  ["data/docs/alerts_notifications.md", "data/docs/firmware_release_notes.md", "data/forums/community_low_food_warning.txt", "data/blogs/whiskerwise_blog_automatic_feeders.md", "data/tickets/tickets.json"]),
 ("Going away for five days - will D batteries keep the feeder going through a power cut?",
  ["data/docs/tf2_specifications.md", "data/forums/community_power_outage.txt", "data/blogs/vanlife_with_pets_feeder.md"]),
 ("What time of night do automatic firmware updates happen?",
  ["data/docs/offline_and_updates.md", "data/docs/firmware_release_notes.md", "data/forums/community_overnight_update.txt"]),
 ("How much feeding history does the app keep for an account in Europe?",
  ["data/docs/tailplus_cloud_plans.md", "data/tickets/tickets.json", "data/blogs/multicat_home_feeder_tips.md", "data/blogs/vanlife_with_pets_feeder.md"]),
 ("When does the battery-low warning go off?",
  ["data/docs/alerts_notifications.md", "data/forums/community_low_food_warning.txt"]),
 ("How long after losing Wi-Fi does the app say the feeder is offline?",
  ["data/docs/alerts_notifications.md", "data/docs/offline_and_updates.md", "data/forums/community_overnight_update.txt"]),
 ("How often should I swap the desiccant pack?",
  ["data/docs/tf2_specifications.md", "data/docs/alerts_notifications.md", "data/docs/quick_start_card_rev_b.md", "data/blogs/multicat_home_feeder_tips.md"]),
 ("Is Plus storage 30 days or 14 days?",
  ["data/docs/tailplus_cloud_plans.md", "data/forums/community_basic_clips_missing.txt", "data/blogs/vanlife_with_pets_feeder.md", "data/tickets/tickets.json"]),
]


def write(product, cases, gold):
    pdir = os.path.join(ROOT, product)
    with open(os.path.join(pdir, "conflicts.jsonl"), "w") as fc, open(os.path.join(pdir, "answers.jsonl"), "w") as fa:
        for q, expect, sides, auth, note, aval, oval, scope in cases:
            fc.write(json.dumps({"q": q, "expect": expect, "sides": [[d, v] for d, v in sides],
                                 "authoritative": auth, "note": note}, ensure_ascii=False) + "\n")
            other = {"value": oval, "status": "supported" if expect == "consistent" else "contradicted",
                     "source": sides[1][0]}
            if expect == "version_scoped":
                other["scope"] = scope
            verdict = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}[expect]
            ans = {"q": q, "verdict": verdict,
                   "answers": [{"value": aval, "status": "authoritative", "source": sides[0][0]}, other]}
            fa.write(json.dumps(ans, ensure_ascii=False) + "\n")
    with open(os.path.join(pdir, "gold.jsonl"), "w") as fg:
        for q, ids in gold:
            fg.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")


write("brightform", BF, BF_GOLD)
write("tandemtail_feeder", TT, TT_GOLD)
