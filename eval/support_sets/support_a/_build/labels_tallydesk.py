import json, os
P = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tallydesk")
PL = "data/docs/plans_and_limits.md"
API = "data/docs/api_reference_overview.md"
WH = "data/docs/webhooks_and_sandbox.md"
REM = "data/docs/invoice_reminders.md"
SEC = "data/docs/security_2fa_sso_sessions.md"
EXP = "data/docs/data_export.md"
MOB = "data/docs/mobile_app_release_notes.md"
FAQ = "data/docs/faq.md"
TK = "data/tickets/tickets.json"
F = lambda n: f"data/forums/{n}.txt"
B = lambda n: f"data/blogs/{n}.md"

cases = [
 # (q, expect, sides, authoritative, note, answer_official, answer_other, scope)
 ("We're on Growth and a 27 MB PDF won't upload - what's the biggest single file I can attach?",
  "contradiction",
  [[PL, ["25 MB"]], [F("community_attachment_too_large_growth"), ["It's 20 MB per file on Growth"]]],
  ["25 MB", "25MB", "25 megabytes"],
  "Plans table: 'Max attachment size (per file) | 10 MB | 25 MB | 100 MB' (Growth = 25 MB; the doc notes it was raised from 20 MB in 2025.04). The forum reply says 'It's 20 MB per file on Growth' as current fact, without naming the old release.",
  "25 MB", "20 MB", None),
 ("How long does TallyDesk keep the audit trail on the Scale plan? Our auditor needs 12 months.",
  "contradiction",
  [[PL, ["2 years"]], [TK, ["Scale plans retain audit events for 365 days"]]],
  ["2 years", "two years", "730 days", "24 months"],
  "Plans table: 'Audit log retention | 30 days | 180 days | 2 years' and the security page: 'two years (730 days) on Scale'. Ticket TD-10412 agent: 'Scale plans retain audit events for 365 days' - wrong figure, same plan, no version.",
  "2 years (730 days)", "365 days", None),
 ("How many days of audit history do we get on the Growth plan?",
  "version_scoped",
  [[PL, ["180 days"]], [F("community_audit_log_only_last_month"), ["On Starter the audit log only keeps 30 days"]]],
  ["180 days", "six months", "6 months"],
  "Plans table gives Growth '180 days' (security page: '180 days on Growth'). The forum answer's 30 days is explicitly the Starter value ('On Starter the audit log only keeps 30 days'), a plan difference, not a contradiction.",
  "180 days", "30 days", "Starter plan"),
 ("How many API calls per second can a Growth account make?",
  "consistent",
  [[API, ["600 requests per minute"]], [B("tutorial_sync_invoices_python_api"), ["Growth keys get 10 requests per second"]]],
  ["600 requests per minute", "600 per minute", "10 requests per second", "10 per second"],
  "API overview: 'Growth workspace | 600 requests per minute | 50 requests'. The tutorial says 'Growth keys get 10 requests per second' - the same limit in another unit (600/60 = 10); the FAQ also says 'about 10 requests per second'.",
  "600 requests per minute (10 per second)", "10 requests per second", None),
 ("Our old scripts throttle to 300 calls a minute on our Growth account - was the API limit lower before?",
  "version_scoped",
  [[API, ["600 requests per minute"]], [B("introducing_api_v3"), ["v2 allowed 300 requests per minute per key"]]],
  ["600 requests per minute", "600 per minute", "10 requests per second"],
  "Current v3 overview: Growth '600 requests per minute', Scale '1,200 requests per minute'. The 2024 v3 launch post: 'v2 allowed 300 requests per minute per key' - the value of the retired v2 API (sunset 2025-06-30).",
  "600 requests per minute (Growth, API v3)", "300 requests per minute", "API v2 (sunset 2025-06-30)"),
 ("If a client doesn't pay, how many days after the due date do they get the first reminder email?",
  "contradiction",
  [[REM, ["3 days after the due date", "Default: 3 days"]], [F("community_first_reminder_timing"), ["First one goes out 7 days after the due date"]]],
  ["3 days", "3 days after the due date", "three days"],
  "Reminders page: 'First overdue reminder | 3 days after the due date' and 'First reminder delay ... Default: 3 days'. Forum reply: 'First one goes out 7 days after the due date, then weekly' - confuses the 7-day repeat interval with the first delay; no version named. Ticket TD-10503 confirms 3 days.",
  "3 days after the due date", "7 days after the due date", None),
 ("Can an admin switch off two-factor login in TallyDesk?",
  "contradiction",
  [[SEC, ["Required"]], [F("community_turn_off_2fa_admin"), ["2FA is optional for every role"]]],
  ["No", "Required", "2FA is required for Admins", "required for Owners and Admins"],
  "Security page table: 'Admin | Required' ('Owners and Admins who have not set up 2FA ... can't skip it'). Forum reply: '2FA is optional for every role in TallyDesk' (a later reply even sees 'Required for your role').",
  "No - 2FA is required for Owners and Admins", "2FA is optional for every role", None),
 ("How long is the download link for a data export good for?",
  "consistent",
  [[EXP, ["Default: 24 hours"]], [TK, ["valid for one day"]]],
  ["24 hours", "one day", "1 day"],
  "Export page: 'Download link expiry: Default: 24 hours' (file kept 7 days in Export history). Ticket TD-10388 agent: 'Export download links are valid for one day after the email is sent' - same value.",
  "24 hours", "one day", None),
 ("My phone only lets me batch scan 10 receipts at a time - is that the limit?",
  "version_scoped",
  [[MOB, ["Capture up to 20 receipts in one session"]], [F("community_batch_scan_stops_at_10"), ["In 5.x batch scan is capped at 10 receipts per batch"]]],
  ["20", "20 receipts", "up to 20 receipts"],
  "Release notes 6.0.0: 'Batch scan. Capture up to 20 receipts in one session and review them together (previously 10)'. The forum reply's 10 is stated for the old app line: 'In 5.x batch scan is capped at 10 receipts per batch'.",
  "20 receipts per batch (app 6.0.0 and later)", "10 receipts per batch", "mobile app 5.x (before 6.0.0)"),
 ("Which version of the mobile app added offline receipt capture?",
  "contradiction",
  [[MOB, ["6.1.0"]], [F("community_offline_receipt_capture"), ["Offline capture came in 6.0"]]],
  ["6.1.0", "6.1"],
  "Release notes: '6.1.0 - 2026-03-17 ... New: Offline receipt capture'. Forum reply: 'Offline capture came in 6.0, so just update' - wrong release (6.0.0 brought batch scan and the redesign).",
  "6.1.0", "6.0", None),
 ("How long does my server have to answer a TallyDesk webhook before it's marked failed?",
  "consistent",
  [[WH, ["Default: 10 seconds"]], [F("community_webhooks_marked_failed"), ["TallyDesk gives you a 10s timeout"]]],
  ["10 seconds", "10s", "ten seconds"],
  "Webhooks page: 'Response timeout ... Default: 10 seconds. The timeout cannot be changed'. Forum reply: 'TallyDesk gives you a 10s timeout. Anything that answers slower counts as failed' - same value.",
  "10 seconds", "10 seconds", None),
]

gold = [
 ("What is the maximum size of one attachment on the Growth plan?", [PL, F("community_attachment_too_large_growth"), B("growth_plan_bigger_attachments")]),
 ("How long is the audit log kept on each plan?", [PL, SEC, TK, F("community_audit_log_only_last_month"), B("growth_plan_bigger_attachments")]),
 ("What is the API rate limit for a Growth key?", [API, FAQ, B("tutorial_sync_invoices_python_api"), B("introducing_api_v3"), F("community_api_429_nightly_sync"), TK]),
 ("When is the first automatic payment reminder sent after the due date?", [REM, F("community_first_reminder_timing"), TK]),
 ("Is two-factor authentication mandatory for admins?", [SEC, F("community_turn_off_2fa_admin"), TK]),
 ("How long does an export download link stay valid?", [EXP, TK]),
 ("How many receipts can be captured in one batch scan in the mobile app?", [MOB, F("community_batch_scan_stops_at_10")]),
 ("Which mobile app release introduced offline receipt capture?", [MOB, F("community_offline_receipt_capture")]),
 ("What is the webhook delivery timeout and how are failed deliveries retried?", [WH, F("community_webhooks_marked_failed")]),
 ("How many user seats does each plan include and what does an extra seat cost?", [PL, FAQ, TK]),
 ("Which plan is needed for SAML single sign-on?", [PL, SEC, TK, MOB]),
 ("How many sandbox workspaces can I create and what are sandbox API limits?", [PL, WH, API, FAQ, B("tutorial_sync_invoices_python_api")]),
]

def dump(name, rows):
    with open(os.path.join(P, name), "w") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")

VER = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}
conf, ans = [], []
for q, exp, sides, auth, note, a0, a1, scope in cases:
    conf.append({"q": q, "expect": exp, "sides": sides, "authoritative": auth, "note": note})
    other = {"value": a1, "status": "supported" if exp == "consistent" else "contradicted", "source": sides[1][0]}
    if scope:
        other["scope"] = scope
    ans.append({"q": q, "verdict": VER[exp], "answers": [{"value": a0, "status": "authoritative", "source": sides[0][0]}, other]})
dump("conflicts.jsonl", conf)
dump("answers.jsonl", ans)
dump("gold.jsonl", [{"q": q, "relevant_ids": ids} for q, ids in gold])
print(len(conf), "cases")
