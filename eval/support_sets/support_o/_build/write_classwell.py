"""Writes classwell/data/* (all text invented for this held-out set)."""
import json, os
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "classwell", "data")
F = {}

F["docs/plans_and_storage.md"] = """---
title: "Classwell plans, seats and storage quotas"
source_url: https://docs.classwell.example/admin/plans-and-storage
version: "Classwell 26.3 (current release, March 2026)"
---

# Plans, seats and storage quotas

Classwell is sold per school per academic year. Every plan includes the web app, the
Classwell Student app (iOS/Android) and unlimited teacher accounts.

| | Seed | Grove | District |
|---|---|---|---|
| Price | free | $3.40 per student per year | quote |
| Student seats per school | up to 150 | unlimited | unlimited |
| Storage quota | 50 GB per school | 500 GB per school | 2 TB per school, pooled across the district |
| Personal drive per teacher | 2 GB | 5 GB | 5 GB |
| SSO (SAML / Google / Microsoft) | Google only | all | all |
| SIS grade export | - | yes | yes |
| Audit log | 90 days | 90 days | 365 days |
| Support | community | email, next business day | phone + email, 4-hour response |

## What counts against the storage quota

* assignment submissions (all attempts that are kept),
* course materials uploaded by teachers (the per-file limit for teacher resources is 2 GB),
* recorded lessons stored in Classwell (links to external video do not count).

Personal drives are counted separately and do not reduce the school quota.

When a school reaches 90% of its quota, school admins get a warning e-mail. At 100%, new
uploads are refused with the message `QUOTA_EXCEEDED (413)`; existing files stay readable.

Additional storage can be bought in blocks of 100 GB on Grove and District. Seed schools
must upgrade.

Note: quota figures are decimal (1 GB = 1,000,000,000 bytes). The admin console shows usage
in GiB, so a full 50 GB Seed quota appears as about 46.6 GiB.
"""

F["docs/assignment_submission_settings.md"] = """---
title: "Assignment settings reference (submissions, attempts, late work)"
source_url: https://docs.classwell.example/teach/assignment-settings
version: "Classwell 26.3 (current release, March 2026)"
---

# Assignment settings reference

These settings appear under **Assignment > Settings > Submissions**. School admins can set
school-wide defaults under **Admin > Teaching defaults**; teachers can change them per
assignment unless the admin locks them.

## Maximum file size per upload

Largest single file a student can attach to a submission.

Default: 250 MB
Range: 1 MB - 250 MB (admins can lower the cap, not raise it)

Files above the limit are rejected in the browser before upload. The Student app shows
"File too large" (error SUB-104).

## Files per submission

Default: 20
Range: 1 - 50

## Submission attempts

How many times a student may submit the same assignment. Each attempt is kept and counts
against the school storage quota.

Default: 3
Range: 1 - 10, or Unlimited

## Late submission window

How long after the due time students can still hand in work. Late work is flagged "Late".
After the window closes the Submit button disappears.

Default: 72 hours
Range: 0 (no late work) - 14 days

## Quiz attempts

Quizzes use their own attempts setting.

Default: 1

## Originality check

Default: Off (Grove and District only)

## Teacher feedback files

Teachers can attach feedback files of up to 250 MB each. Teacher resource uploads in course
materials use the larger 2 GB per-file limit (see Plans, seats and storage quotas).
"""

F["docs/grade_export_sis.md"] = """---
title: "Grade export to your SIS (schedule, files and retries)"
source_url: https://docs.classwell.example/admin/integrations/grade-export
version: "Classwell 26.3 (current release, March 2026)"
---

# Grade export to your SIS

Available on Grove and District. Classwell pushes final and in-progress grades to the
school's student information system (SIS) over SFTP (port 22) or the OneRoster 1.2 API.

## Export schedule

Default: every 24 hours at 02:00 school local time

The export window can be moved to any full hour between 00:00 and 05:00. Admins can also
press **Export now** (limited to 4 manual exports per day).

## Roster sync

Roster sync (students, teachers, sections) runs in the opposite direction and on its own
schedule.

Default: every 6 hours

## Retries

If the SIS does not accept the file, Classwell retries 3 times, 15 minutes apart, then
e-mails the integration contact.

## Export files

Each run also produces a CSV copy that admins can download from **Admin > Integrations >
History**. Download links expire after 48 hours; the run history itself is kept for 90 days.

Column limit: 250 columns (one per graded item). Larger gradebooks are split into several
files named `grades_<section>_partN.csv`.
"""

F["docs/data_retention.md"] = """---
title: "Data retention and deletion"
source_url: https://docs.classwell.example/trust/data-retention
version: "Classwell 26.3 (current release, March 2026)"
---

# Data retention and deletion

## Deleted courses

Default: deleted courses stay in Trash for 30 days

During that time a school admin (or the course owner) can restore the course with all
submissions and grades. After 30 days the course is purged and cannot be recovered by
Classwell Support.

## Deleted user accounts

Default: 90 days before the account and its personal drive are purged

## Archived courses

Archived courses are read-only and are kept for 7 years after the end of the academic year,
or until the school deletes them.

## Audit log

365 days on District; 90 days on Seed and Grove.

## Backups

Classwell keeps encrypted backups for 35 days. Backups are for disaster recovery only and
are not used to restore single courses.

## After a contract ends

School data is exportable for 60 days after the subscription ends, then deleted within a
further 30 days.
"""

F["docs/api_rate_limits.md"] = """---
title: "Classwell REST API v2: limits and quotas"
source_url: https://developers.classwell.example/api/v2/limits
version: "Classwell API v2 (Classwell 26.3)"
---

# API limits and quotas

All requests to `https://api.classwell.example/v2/` are authenticated with a school API token.

## Request rate

| limit | value |
|---|---|
| Requests per token | 600 requests per minute |
| Burst | 50 requests in any one second |
| Bulk export endpoint (`/v2/exports`) | 10 requests per hour |
| Concurrent bulk exports per school | 2 |

Responses include `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset`.
Above the limit the API answers `429 Too Many Requests` with a `Retry-After` header in
seconds.

## Pagination

List endpoints return at most 100 items per page (default 25).

## Payload size

Request bodies are limited to 10 MB. File uploads through the API follow the same 250 MB
per-file submission limit as the web app.

## API v1

API v1 was retired on 2025-08-31 and now returns `410 Gone`.
"""

F["docs/security_sessions.md"] = """---
title: "Sign-in, sessions and password policy"
source_url: https://docs.classwell.example/admin/security/sessions
version: "Classwell 26.3 (current release, March 2026)"
---

# Sign-in, sessions and password policy

## Idle session timeout

Signs users out of the web app after a period without activity.

Default: 60 minutes
Range: 15 - 720 minutes (District admins only; Seed and Grove use the default)

The Student app keeps users signed in for 30 days unless the device is shared-mode.

## Failed sign-ins

After 10 failed sign-ins in a row the account is locked for 30 minutes.

## Password policy

Default minimum length: 10 characters. Passwords are checked against a list of breached
passwords.

## Two-step verification

Default: required for school admins, optional for teachers, off for students.
"""

F["docs/release_notes_26.md"] = """---
title: "Classwell 26.x release notes"
source_url: https://docs.classwell.example/release-notes/26
version: "Classwell 26.0 - 26.3"
---

# Classwell 26.x release notes

## 26.3 (March 2026)

* Trash retention for deleted courses extended from 14 days to 30 days.
* District admins can set the idle session timeout (15 - 720 minutes).
* Fixed: gradebook CSV import ignored rows after line 4096.

## 26.2 (January 2026)

* API v2 is the only API. v2 allows 600 requests per minute per token (API v1 allowed
  100 requests per minute and was retired on 2025-08-31).
* New bulk export endpoint, 10 requests per hour.

## 26.1 (November 2025)

* Maximum file size per submission upload raised from 100 MB to 250 MB.
* Files per submission raised from 10 to 20.

## 26.0 (August 2025)

* SIS grade export now runs nightly (every 24 hours at 02:00 school local time). In 25.x
  it ran once a week, on Sunday at 03:00.
* Roster sync interval shortened from 12 hours to 6 hours.
"""

# ---------------- forums ----------------
F["forums/community_video_submissions_rejected.txt"] = """Title: Students can't upload video projects - file too large (SUB-104)
User: Grade 9 media class, ~30 students. Phone videos are 150-400 MB. Half the class gets SUB-104. School is on Grove. What is the cap and can we raise it?
Reply: Upload cap is 100 MB per file, no way around it on any plan. Have them compress with HandBrake (preset Fast 720p30) or share a link to the video instead.
Reply: Also note there's a limit on the number of files per submission (we hit it with photo essays), so zip the frames.
Reply: thx. compressing for now.
Source: https://community.classwell.example/t/students-cant-upload-video-projects-sub-104/18842
"""

F["forums/community_grade_export_weekly.txt"] = """Title: How often do grades go to PowerRoster? Parents see old grades
User: Hi all! I'm the new data coordinator at a middle school (we just moved to Grove from Seed this term, so lots to learn). Parents keep telling us the grades in our SIS portal lag behind what teachers entered in Classwell. How often does Classwell actually push grades across? Is there something I need to switch on? Thanks so much!
Reply: It only exports weekly - Sunday night around 3am. So anything entered on Monday won't show in the SIS until the following week. We just tell parents to check Classwell directly.
Reply: (Classwell staff) Small correction to the reply above: the weekly Sunday run was how 25.x worked. Since 26.0 the SIS grade export runs every 24 hours at 02:00 school local time, and you can move it to any hour between midnight and 5am. If parents still see week-old grades, check Admin > Integrations > History - a failed run is retried 3 times and then the integration contact gets an e-mail. Don't confuse it with roster sync, which is every 6 hours.
Reply: That was it - our run had been failing since January because the SFTP password expired. Fixed, and grades showed up the next morning. Thank you!!
Source: https://community.classwell.example/t/how-often-do-grades-go-to-powerroster/20117
"""

F["forums/community_api_429_sync_script.txt"] = """Title: 429 Too Many Requests from /v2/submissions during nightly sync
User: Our sync script (python, runs on a VM behind port 8443) pulls submissions for ~4,000 students and dies with 429 at around line 212 of sync.py. What's the actual limit?
Reply: The limit is 60 requests per minute per token. Add a sleep(1) between calls and you'll be fine. Also page with per_page=100 instead of the default to cut the number of calls.
Reply: sleep(1) works, job now takes 70 min instead of 9 but no more 429s. closing.
Source: https://community.classwell.example/t/429-too-many-requests-from-v2-submissions/19560
"""

F["forums/community_storage_quota_district.txt"] = """Title: Is District storage per school or shared?
User: We're a district with 11 schools comparing Grove vs District. Sales said District storage is pooled, but the pricing page says per school. Which is it? One of our high schools alone uses about 700 GB because of the film program.
Reply: Both, sort of. District gives 2 TB per school, but it's pooled across the district, so your film school can use more as long as the total stays under 11 x 2 TB = 22 TB. On Grove you get 500 GB per school and it's not pooled, so that high school would need extra 100 GB blocks.
Reply: Confirming from our district (7 schools) - the admin console shows one pooled bar of 14 TB. Personal drives (5 GB per teacher) are not in it.
Source: https://community.classwell.example/t/is-district-storage-per-school-or-shared/17309
"""

F["forums/community_api_v1_migration.txt"] = """Title: Migrating our gradebook connector from API v1 to v2 - rate limit differences?
User: We maintain an open-source Moodle-to-Classwell bridge. Most of our throttling code was written for v1. Anything to watch out for?
Reply: Back on API v1 (Classwell 25.x) we were capped at 100 requests per minute, so our connector throttled to 1.5 req/s. On v2 you can drop most of that - the headers tell you the real number, just read X-RateLimit-Limit instead of hard-coding it. Watch the new bulk export endpoint though, that one is hourly-limited.
Reply: Also v1 is gone now (410 Gone), so there's nothing to keep compatibility with.
Source: https://community.classwell.example/t/migrating-gradebook-connector-from-api-v1-to-v2/16022
"""

F["forums/community_teachers_logged_out.txt"] = """Title: Teachers getting logged out in the middle of grading
User: Several teachers complain they lose unsaved rubric comments because Classwell logs them out. Grove plan. Is the timeout configurable?
Reply: Idle timeout is 60 minutes by default. Only District admins can change it (15 to 720 minutes). On Grove you're stuck with the hour. Rubric comments autosave every 30 seconds since 26.2 though, so they shouldn't lose much.
Reply: ok, we'll tell them to save drafts. thanks
Source: https://community.classwell.example/t/teachers-getting-logged-out-in-the-middle-of-grading/21408
"""

F["forums/community_upload_limit_after_upgrade.txt"] = """Title: Did the submission upload limit change? Docs say 250 MB
User: Our teacher handbook (written last year) says students can upload at most 100 MB per file. Docs now say 250 MB. Which is right?
Reply: Both were right at the time. In 25.x the per-file limit was 100 MB; 26.1 raised it to 250 MB. Update the handbook. If your admin lowered the cap under Teaching defaults it will still show the lower number.
Reply: Can confirm, on 26.3 a 240 MB .mov went through fine for us.
Source: https://community.classwell.example/t/did-the-submission-upload-limit-change/20954
"""

# ---------------- blogs ----------------
F["blogs/edtechledger_classwell_review_2026.md"] = """---
title: "Classwell review 2026: a tidy LMS that finally grew up"
source_url: https://edtechledger.example/reviews/classwell-2026
published_date: 2026-02-14
---

Classwell has been the quiet favourite of small schools for a few years. Version 26 is the
first release that feels ready for whole districts. We tested it for six weeks in two
schools (a 420-student primary and a 1,150-student secondary).

**Plans.** Seed is free for up to 150 students and includes 50 GB of storage, which is
fine for a primary school that doesn't do video. Grove costs $3.40 per student per year and
gives you 250 GB of storage per school, SSO with any provider and the SIS grade export.
District is quote-only.

**Assignments.** Teachers liked the default of three attempts per assignment and the
72-hour late window. Students liked that the app no longer chokes on phone videos.

**Gradebook.** The nightly grade export to our SIS ran every night during the test, and
the gradebook import no longer stops at row 4096.

**Verdict.** 8/10. Storage on Grove is the weak spot if your school does media work.
"""

F["blogs/classwell_postmortem_grade_export_delay.md"] = """---
title: "Postmortem: delayed grade exports on 10 February 2026"
source_url: https://status.classwell.example/incidents/2026-02-10-grade-export
published_date: 2026-02-12
---

## Summary

On 10 February 2026, grade exports for 1,312 schools in the Americas region started up to
five hours late. No grades were lost.

## What happened

Grade exports normally run every 24 hours at 02:00 school local time, spread across a
queue of export workers. A configuration change on 9 February reduced the worker pool from
48 to 12 instances. The 02:00 wave for UTC-5 schools queued behind the UTC-4 wave, and
exports for UTC-6 to UTC-8 schools were still running at 07:10 local time.

Roster sync (every 6 hours) was not affected because it uses a separate queue.

Because each failed hand-off is retried 3 times at 15-minute intervals, some SIS servers
received the same file twice. The files are idempotent, so this caused no duplicate grades.

## What we are changing

* Worker pool changes now require a load test against the 02:00 peak.
* An alert fires when any export starts more than 30 minutes after its scheduled hour.
"""

F["blogs/mrsokafor_cleaning_up_courses.md"] = """---
title: "End-of-year course clean-up in Classwell (without losing anything)"
source_url: https://mrsokafor-teaches.example/2026/06/classwell-course-cleanup
published_date: 2026-06-20
---

Every June my Classwell dashboard looks like a junk drawer: 14 courses, half of them
test sandboxes. Here's my routine.

1. **Archive, don't delete, real courses.** Archived courses become read-only and the
   school keeps them for seven years, which our records policy needs.
2. **Delete the sandboxes.** Deleted courses go to the Trash and stay there for thirty days,
   so if you nuke the wrong one you have a month-ish to ask your admin to restore it.
   Don't wait longer than that: support told me they can't get it back after that.
3. **Download the gradebook CSV** before archiving. The download link expires after
   48 hours, so don't generate it on a Friday afternoon.
4. **Check storage.** Our school (Grove) is at 71% of its quota, mostly old video
   submissions with three attempts each.
"""

F["blogs/bridgeworks_classwell_api_throttling.md"] = """---
title: "Throttling a Classwell v2 integration the right way"
source_url: https://bridgeworks-dev.example/blog/classwell-v2-throttling
published_date: 2026-03-02
---

We sync about 40 school districts into our analytics warehouse through the Classwell REST
API v2. Here is the throttling we ended up with after a few painful weeks.

The documented budget works out to a sustained 10 requests per second per token, with
short bursts of up to 50 in a single second. We run a token bucket with capacity 50 and a
refill of 10 tokens per second, one bucket per school token.

The one that bit us was the bulk export endpoint, which has its own hourly budget and
returns 429 with a Retry-After of up to 3,600 seconds. We now schedule bulk exports at most
twice per school per night.

Tip: page with per_page=100 (the maximum) - the default of 25 quadruples your request count.

Our connector is on port 9090 internally, and version 3.4.1 of our worker has these changes.
"""

F["blogs/classwell_news_26_1_bigger_uploads.md"] = """---
title: "Classwell 26.1: bigger uploads for video projects"
source_url: https://blog.classwell.example/news/26-1-bigger-uploads
published_date: 2025-11-18
---

Teachers asked, we listened. Starting with Classwell 26.1, rolling out this week to all
schools, the maximum size of a single file in a student submission goes from 100 MB to
250 MB. That's roughly four minutes of 1080p phone video.

We also doubled the number of files a student can attach to one submission, from 10 to 20.

Nothing changes for teacher resources, which keep their 2 GB per-file limit, or for storage
quotas: 50 GB on Seed, 500 GB on Grove, and 2 TB per school on District.

Admins who want to keep a lower cap can still set one under Admin > Teaching defaults.
"""

tickets = {"support_tickets": [
    {"id": "CW-48213", "title": "Teacher deleted a whole course by mistake - can we restore?",
     "status": "solved", "created_date": "2026-04-07",
     "source_url": "https://support.classwell.example/tickets/CW-48213",
     "content": "Customer (school admin, Grove): A Year 8 science teacher deleted her course 'Science 8B' yesterday instead of archiving it. 96 students, a term of submissions. Can we get it back?\n\nAgent (tier 1): Hi! Good news - deleted courses are kept in Trash for 14 days, so you have until April 20 to restore it. Go to Admin > Trash, find Science 8B and click Restore. All submissions and grades come back with it.\n\nCustomer: Restored, thanks. Everything is there."},
    {"id": "CW-48577", "title": "Student says she could not submit after the due date - how long is the late window?",
     "status": "solved", "created_date": "2026-04-15",
     "source_url": "https://support.classwell.example/tickets/CW-48577",
     "content": "Customer (teacher): A student says the Submit button disappeared two days after the due date. I never changed the late settings. What's the default?\n\nAgent (tier 1): By default students can hand in late work for up to 48 hours after the due time; after that the button is hidden. You can extend it per assignment under Settings > Submissions.\n\nCustomer: OK, I'll extend it for her."},
    {"id": "CW-49002", "title": "District storage: 11 schools, how much do we get?",
     "status": "solved", "created_date": "2026-04-28",
     "source_url": "https://support.classwell.example/tickets/CW-49002",
     "content": "Customer (district IT): We're moving from Grove to District in August. How much storage will we have in total? We have 11 schools.\n\nAgent (tier 1): The District plan gives each school 2 TB, and the quota is pooled, so your district will see 22 TB in one bar. Personal drives (5 GB per teacher) are on top of that.\n\nCustomer: Perfect, thanks."},
    {"id": "CW-49130", "title": "Grade export CSV link says expired",
     "status": "solved", "created_date": "2026-05-02",
     "source_url": "https://support.classwell.example/tickets/CW-49130",
     "content": "Customer: I generated the export CSV on Monday and on Thursday the link gives 'Link expired (EXP-410)'.\n\nAgent (tier 1): Export download links are valid for 48 hours. Just press Export now again (you can do that 4 times a day) and download the new file. The run history itself stays for 90 days.\n\nCustomer: Got it."},
]}

for rel, text in F.items():
    p = os.path.join(ROOT, rel)
    os.makedirs(os.path.dirname(p), exist_ok=True)
    with open(p, "w", encoding="utf-8") as f:
        f.write(text)
os.makedirs(os.path.join(ROOT, "tickets"), exist_ok=True)
with open(os.path.join(ROOT, "tickets", "tickets.json"), "w", encoding="utf-8") as f:
    json.dump(tickets, f, indent=2, ensure_ascii=False)
    f.write("\n")
print(len(F), "files + tickets")
