#!/usr/bin/env python3
"""Write conflicts.jsonl, answers.jsonl and gold.jsonl for support_k (tallyfern, meshcairn)."""
import json, os

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
D, F, B, T = "data/docs/", "data/forums/", "data/blogs/", "data/tickets/tickets.json"

# (expect, q, [(doc, [values])...], authoritative, note, answer_auth, answer_other, scope)
CASES = {
"tallyfern": [
 ("contradiction", "Our Studio workspace's integration keeps hitting 429s - how many calls a minute does one API key actually get?",
  [(D+"api_rate_limits.md", ["| Studio | 120 requests per minute |"]), (F+"api_429_studio_sync.txt", ["Studio keys are capped at 60 requests a minute"])],
  ["120 requests per minute", "120"],
  "API v2 rate limits (9.3): 'Studio | 120 requests per minute'. Forum reply: 'Studio keys are capped at 60 requests a minute' - the pre-9.3 value stated as current (staff corrects it later in the thread).",
  "120 requests per minute", "60 requests per minute", None),
 ("contradiction", "If our webhook receiver is offline for a day and a half, will Tallyfern still deliver the events once it's back, or has it given up by then?",
  [(D+"webhooks.md", ["A delivery is retried for up to 72 hours after the original event"]), (B+"webhook_outage_postmortem.md", ["Tallyfern stops retrying a failed webhook after 24 hours"])],
  ["72 hours", "3 days", "three days"],
  "Webhooks doc: 'A delivery is retried for up to 72 hours after the original event.' Postmortem blog (2026): 'Tallyfern stops retrying a failed webhook after 24 hours' - the 8.x value, no version named.",
  "retried for up to 72 hours (so yes, 36 hours is covered)", "24 hours", None),
 ("contradiction", "A client's card got declined on a brand-new workspace where nobody touched the payment settings - how many retries will Tallyfern make before the invoice is marked past due?",
  [(D+"dunning_settings.md", ["Default: 4 attempts"]), (T, ["Tallyfern retries a failed card three times"])],
  ["4 attempts", "4", "four"],
  "Dunning settings (9.3): 'Retry attempts ... Default: 4 attempts.' Ticket TF-20417, tier-1 agent: 'With the default dunning schedule Tallyfern retries a failed card three times' - the pre-9.2 default, given for a new workspace.",
  "4 attempts", "3 attempts", None),
 ("contradiction", "What's the biggest single file a Studio customer can attach to an invoice?",
  [(D+"plans_and_pricing.md", ["| Max attachment size (per file) | 5 MB | 20 MB | 20 MB |"]), (B+"invoicing_tools_review_2026.md", ["Studio caps attachments at 8 MB per file"])],
  ["20 MB"],
  "Plans table (9.3): 'Max attachment size (per file) | 5 MB | 20 MB | 20 MB' (Starter/Studio/Scale). Review blog (October 2026): 'Studio caps attachments at 8 MB per file' - the pre-9.2 limit stated as current.",
  "20 MB", "8 MB", None),
 ("contradiction", "I'm a one-person shop on the cheapest Tallyfern plan - how many invoices can I send in a month before it blocks me?",
  [(D+"plans_and_pricing.md", ["| Invoices per month | 40 | 1,000 | Unlimited |"]), (F+"starter_invoice_cap.txt", ["the Starter plan only lets you send twenty-five invoices a month"])],
  ["40", "40 invoices per month", "forty"],
  "Plans table: 'Invoices per month | 40 | 1,000 | Unlimited'. Forum reply: 'the Starter plan only lets you send twenty-five invoices a month' - the pre-9.1 allowance, spelled out, no version.",
  "40 invoices per month", "25 (twenty-five) invoices per month", None),
 ("consistent", "For a bulk importer on Scale, is roughly 15 calls per second per API key a safe budget?",
  [(D+"api_rate_limits.md", ["| Scale | 900 requests per minute |"]), (F+"scale_throughput_per_second.txt", ["Scale gives you 15 requests per second per key"])],
  ["900 requests per minute", "15 requests per second"],
  "Rate limits doc: 'Scale | 900 requests per minute'. Forum: 'Scale gives you 15 requests per second per key' - same limit in another unit (900 / 60 = 15).",
  "900 requests per minute", "15 requests per second", None),
 ("consistent", "Over what stretch of time are the automatic retries of a declined card spread if we leave the defaults?",
  [(D+"dunning_settings.md", ["Default: 14 days"]), (F+"dunning_retry_schedule.txt", ["default is 4 tries spread over a fortnight"])],
  ["14 days", "two weeks", "a fortnight"],
  "Dunning settings: 'Retry window ... Default: 14 days.' Forum reply: 'default is 4 tries spread over a fortnight' - same value (a fortnight = 14 days).",
  "14 days", "a fortnight", None),
 ("consistent", "Support told us failed webhooks keep being re-sent for three days - does the developer documentation back that up?",
  [(D+"webhooks.md", ["A delivery is retried for up to 72 hours after the original event"]), (T, ["we keep retrying for three days after the original event"])],
  ["72 hours", "3 days"],
  "Webhooks doc: 'retried for up to 72 hours after the original event'. Ticket TF-20488 agent: 'we keep retrying for three days after the original event' - same value in days.",
  "72 hours", "three days", None),
 ("consistent", "How long can somebody leave the Tallyfern web app untouched before it logs them out, if the admin never changed anything?",
  [(D+"account_security.md", ["Default: 8 hours"]), (F+"signed_out_every_day.txt", ["The default idle timeout is 480 minutes"])],
  ["8 hours", "480 minutes"],
  "Security settings: 'Session idle timeout ... Default: 8 hours.' Forum: 'The default idle timeout is 480 minutes' - same value in minutes (the 30 days mentioned first is the absolute session lifetime, a neighbouring setting).",
  "8 hours", "480 minutes", None),
 ("version_scoped", "A news article says Studio API keys are held to 60 requests a minute - is that still the case?",
  [(D+"api_rate_limits.md", ["| Studio | 120 requests per minute |"]), (B+"tallyfern_9_3_news.md", ["before Tallyfern 9.3, Studio keys were limited to 60 requests per minute"])],
  ["120 requests per minute", "120"],
  "Rate limits doc (9.3): 'Studio | 120 requests per minute'. News post: 'before Tallyfern 9.3, Studio keys were limited to 60 requests per minute' - the old value with its version named.",
  "120 requests per minute", "60 requests per minute", "Tallyfern 9.2 and earlier"),
 ("version_scoped", "Our old runbook says Tallyfern abandons a webhook after a day of failures - was that ever right?",
  [(D+"webhooks.md", ["A delivery is retried for up to 72 hours after the original event"]), (F+"webhook_retries_old_version.txt", ["On Tallyfern 8.x, webhooks were only retried for 24 hours"])],
  ["72 hours", "3 days"],
  "Webhooks doc: retried 'for up to 72 hours'. Staff reply: 'On Tallyfern 8.x, webhooks were only retried for 24 hours; since 9.0 ... up to 72 hours' (an earlier user reply in the same thread states 'a day' without version).",
  "72 hours", "24 hours", "Tallyfern 8.x (before 9.0)"),
],
"meshcairn": [
 ("contradiction", "Out of the box, how long may a wireless client stay silent before the AP drops it from the association table?",
  [(D+"client_settings.md", ["Default: 300 seconds"]), (F+"idle_clients_dropped.txt", ["Idle clients get kicked after 10 minutes by default"])],
  ["300 seconds", "5 minutes", "five minutes"],
  "Wireless client settings (6.4): 'Client idle timeout ... Default: 300 seconds.' Forum reply: 'Idle clients get kicked after 10 minutes by default' - the pre-6.2 value (600 s) stated as current; corrected later in the thread.",
  "300 seconds", "10 minutes (600 seconds)", None),
 ("contradiction", "On a freshly installed controller, how long is a guest authorized after accepting the portal terms before they see the portal again?",
  [(D+"guest_portal.md", ["Default: 1440 minutes"]), (T, ["Guest sessions last 8 hours by default"])],
  ["1440 minutes", "24 hours", "one day"],
  "Guest portal doc (6.4): 'Guest session duration ... Default: 1440 minutes.' Ticket MC-7731, tier-1 agent: 'Guest sessions last 8 hours by default' - the pre-6.1 value (480 minutes); the customer's controller even shows 1440.",
  "1440 minutes (24 hours)", "8 hours", None),
 ("contradiction", "When an AP loses power, how long does the controller take to flag it as disconnected with the default settings?",
  [(D+"ap_adoption_heartbeat.md", ["after 3 missed heartbeats (90 seconds at the default interval)"]), (B+"ap_outage_postmortem.md", ["the controller only flags an AP as disconnected after two and a half minutes"])],
  ["90 seconds", "3 missed heartbeats"],
  "Adoption/heartbeat doc (6.4): marked Disconnected 'after 3 missed heartbeats (90 seconds at the default interval)'. Postmortem blog: 'the controller only flags an AP as disconnected after two and a half minutes' - the pre-6.3 behaviour (5 missed heartbeats = 150 s), no version.",
  "90 seconds (3 missed heartbeats)", "two and a half minutes (150 seconds)", None),
 ("contradiction", "How many days of controller events does a new install hold on to before the nightly cleanup removes them?",
  [(D+"logging_and_retention.md", ["Default: 14 days"]), (F+"events_missing_after_two_weeks.txt", ["Events are kept 30 days"])],
  ["14 days", "two weeks"],
  "Logging doc (6.4): 'Event log retention ... Default: 14 days.' Forum reply: 'Events are kept 30 days.' - the pre-6.3 default stated as fact (a later reply corrects it).",
  "14 days", "30 days", None),
 ("contradiction", "How many clients can associate to one radio by default before new associations get refused?",
  [(D+"client_settings.md", ["Default: 128"]), (B+"campus_wifi_controllers_review.md", ["Meshcairn limits each radio to 64 clients out of the box"])],
  ["128"],
  "Wireless client settings: 'Max clients per radio ... Default: 128.' Review blog (2026): 'Meshcairn limits each radio to 64 clients out of the box' - the firmware 5.x default, no version. Hardware maxima 200/256 are neighbouring values.",
  "128", "64", None),
 ("consistent", "Is the stock client inactivity timer five minutes?",
  [(D+"client_settings.md", ["Default: 300 seconds"]), (F+"scanners_reassociate.txt", ["The stock idle timeout is five minutes"])],
  ["300 seconds", "five minutes"],
  "Docs: 'Default: 300 seconds.' Forum: 'The stock idle timeout is five minutes' - same value, spelled-out minutes.",
  "300 seconds", "five minutes", None),
 ("consistent", "A hotel blog claims guests stay signed in for a whole day by default - does that match the documentation?",
  [(D+"guest_portal.md", ["Default: 1440 minutes"]), (B+"boutique_hotel_guest_wifi.md", ["guests stay logged in for a full 24 hours"])],
  ["1440 minutes", "24 hours"],
  "Guest portal doc: 'Default: 1440 minutes.' Hotel blog: 'By default guests stay logged in for a full 24 hours' - same value in hours.",
  "1440 minutes", "24 hours", None),
 ("consistent", "How many access points can one controller run with a Campus licence?",
  [(D+"licensing_and_limits.md", ["| Access points per controller | 25 | 500 | 4,000 |"]), (T, ["The Campus licence covers up to five hundred access points per controller"])],
  ["500", "five hundred"],
  "Licensing table: 'Access points per controller | 25 | 500 | 4,000' (Lite/Campus/Enterprise). Ticket MC-7790: 'The Campus licence covers up to five hundred access points per controller' - same value spelled out.",
  "500", "five hundred", None),
 ("consistent", "How frequently does an AP report in to the controller unless we change the interval?",
  [(D+"ap_adoption_heartbeat.md", ["Default: 30 seconds"]), (F+"ap_heartbeat_interval.txt", ["APs check in every half minute by default"])],
  ["30 seconds", "every half minute"],
  "Adoption/heartbeat doc: 'Heartbeat (inform) interval ... Default: 30 seconds.' Forum: 'APs check in every half minute by default' - same value.",
  "30 seconds", "every half minute", None),
 ("version_scoped", "Why does one of our upgraded controllers keep idle clients for 600 seconds while a freshly installed one drops them sooner?",
  [(D+"client_settings.md", ["Default: 300 seconds"]), (F+"old_controller_idle_timeout.txt", ["On controller 6.1 and earlier the idle timeout default was 600 seconds"])],
  ["300 seconds"],
  "Docs (6.4): 'Default: 300 seconds.' Staff reply: 'On controller 6.1 and earlier the idle timeout default was 600 seconds' - old value with the version named; upgraded controllers keep their saved value.",
  "300 seconds", "600 seconds", "Controller 6.1 and earlier (kept after upgrades)"),
 ("version_scoped", "An article says each radio only takes 64 clients by default - does that still hold?",
  [(D+"client_settings.md", ["Default: 128"]), (B+"firmware_6_0_news.md", ["with AP firmware 5.x, each radio accepted at most 64 clients by default"])],
  ["128"],
  "Docs (firmware 6.4): 'Max clients per radio ... Default: 128.' News post (2025): 'with AP firmware 5.x, each radio accepted at most 64 clients by default; firmware 6.0 doubles the default to 128'.",
  "128", "64", "AP firmware 5.x"),
],
}

GOLD = {
"tallyfern": [
 ("How many API requests per minute does a Studio plan key get?", [D+"api_rate_limits.md", D+"release_notes.md", F+"api_429_studio_sync.txt", B+"tallyfern_9_3_news.md"]),
 ("What is the API rate limit on the Scale plan?", [D+"api_rate_limits.md", D+"release_notes.md", F+"scale_throughput_per_second.txt", B+"agency_migration_diary.md", B+"tallyfern_9_3_news.md"]),
 ("For how long does Tallyfern retry a failed webhook delivery?", [D+"webhooks.md", D+"release_notes.md", F+"webhook_retries_old_version.txt", B+"webhook_outage_postmortem.md", T]),
 ("How many times is a failed card charge retried by default (dunning retry attempts)?", [D+"dunning_settings.md", D+"release_notes.md", F+"dunning_retry_schedule.txt", B+"freelancer_cashflow_notes.md", T]),
 ("What is the default dunning retry window?", [D+"dunning_settings.md", D+"release_notes.md", F+"dunning_retry_schedule.txt", B+"freelancer_cashflow_notes.md"]),
 ("What is the maximum attachment size per file on each plan?", [D+"plans_and_pricing.md", D+"release_notes.md", F+"attachment_too_large.txt", B+"invoicing_tools_review_2026.md"]),
 ("How many invoices per month can be sent on the Starter plan?", [D+"plans_and_pricing.md", D+"release_notes.md", F+"starter_invoice_cap.txt", B+"invoicing_tools_review_2026.md"]),
 ("What is the default session idle timeout of the Tallyfern web app?", [D+"account_security.md", D+"release_notes.md", F+"signed_out_every_day.txt", B+"agency_migration_diary.md"]),
 ("How long is an invoice payment link valid by default?", [D+"email_sending.md", B+"freelancer_cashflow_notes.md", T]),
 ("What rate limit applies to sandbox (test) API keys?", [D+"api_rate_limits.md", T]),
 ("How many webhook endpoints can a Studio or Scale workspace register?", [D+"plans_and_pricing.md", D+"webhooks.md"]),
 ("When is the upcoming-due invoice reminder sent by default?", [D+"dunning_settings.md", B+"freelancer_cashflow_notes.md", B+"agency_migration_diary.md"]),
],
"meshcairn": [
 ("What is the default client idle timeout on Meshcairn APs?", [D+"client_settings.md", D+"release_notes.md", F+"idle_clients_dropped.txt", F+"scanners_reassociate.txt", F+"old_controller_idle_timeout.txt"]),
 ("What is the default guest portal session duration?", [D+"guest_portal.md", D+"release_notes.md", B+"boutique_hotel_guest_wifi.md", T]),
 ("After how long does the controller mark an AP as disconnected?", [D+"ap_adoption_heartbeat.md", D+"release_notes.md", F+"ap_heartbeat_interval.txt", B+"ap_outage_postmortem.md", T]),
 ("How long are controller events retained by default?", [D+"logging_and_retention.md", D+"release_notes.md", F+"events_missing_after_two_weeks.txt", B+"homelab_meshcairn_docker.md"]),
 ("What is the default maximum number of clients per radio?", [D+"client_settings.md", D+"release_notes.md", F+"lecture_hall_max_clients.txt", B+"campus_wifi_controllers_review.md", B+"firmware_6_0_news.md"]),
 ("What is the default AP heartbeat (inform) interval?", [D+"ap_adoption_heartbeat.md", D+"release_notes.md", F+"ap_heartbeat_interval.txt", T]),
 ("How many access points does each Meshcairn licence allow per controller?", [D+"licensing_and_limits.md", B+"boutique_hotel_guest_wifi.md", B+"homelab_meshcairn_docker.md", B+"firmware_6_0_news.md", T]),
 ("How many automatic configuration backups does the controller keep?", [D+"logging_and_retention.md", D+"virtual_appliance.md", F+"ova_backup_count.txt", B+"homelab_meshcairn_docker.md"]),
 ("Which ports do APs use for discovery and inform towards the controller?", [D+"ap_adoption_heartbeat.md", D+"virtual_appliance.md", F+"ap_heartbeat_interval.txt", B+"homelab_meshcairn_docker.md", B+"ap_outage_postmortem.md", T]),
 ("What is the hardware maximum of clients per radio on the MC-640?", [D+"client_settings.md", F+"lecture_hall_max_clients.txt", B+"campus_wifi_controllers_review.md", B+"firmware_6_0_news.md"]),
 ("How long is an unredeemed guest voucher valid?", [D+"guest_portal.md", B+"campus_wifi_controllers_review.md", B+"boutique_hotel_guest_wifi.md"]),
 ("What is the default per-guest bandwidth limit?", [D+"guest_portal.md", B+"boutique_hotel_guest_wifi.md"]),
],
}


def main():
    for prod, cases in CASES.items():
        pdir = os.path.join(ROOT, prod)
        with open(os.path.join(pdir, "conflicts.jsonl"), "w", encoding="utf-8") as fc, \
             open(os.path.join(pdir, "answers.jsonl"), "w", encoding="utf-8") as fa:
            for expect, q, sides, auth, note, a_auth, a_other, scope in cases:
                fc.write(json.dumps({"q": q, "expect": expect, "sides": [[d, v] for d, v in sides],
                                     "authoritative": auth, "note": note}, ensure_ascii=False) + "\n")
                other = {"value": a_other,
                         "status": "supported" if expect == "consistent" else "contradicted",
                         "source": sides[1][0]}
                if scope:
                    other["scope"] = scope
                verdict = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}[expect]
                fa.write(json.dumps({"q": q, "verdict": verdict, "answers": [
                    {"value": a_auth, "status": "authoritative", "source": sides[0][0]}, other]},
                    ensure_ascii=False) + "\n")
        with open(os.path.join(pdir, "gold.jsonl"), "w", encoding="utf-8") as fg:
            for q, ids in GOLD[prod]:
                fg.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
