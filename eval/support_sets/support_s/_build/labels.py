import json, os
BASE = "/tmp/heldout14/support_s"
D, F, B, T = "data/docs/", "data/forums/", "data/blogs/", "data/tickets/tickets.json"

def case(q, expect, doc, dvals, other, ovals, auth, note, a0, a1, scope=None):
    c = {"q": q, "expect": expect, "sides": [[doc, dvals], [other, ovals]], "authoritative": auth, "note": note}
    verdict = {"contradiction": "contradiction", "consistent": "consistent", "version_scoped": "scoped"}[expect]
    st = "supported" if expect == "consistent" else "contradicted"
    a = {"q": q, "verdict": verdict, "answers": [
        {"value": a0, "status": "authoritative", "source": doc},
        {"value": a1, "status": st, "source": other}]}
    if scope:
        a["answers"][1]["scope"] = scope

    return c, a

INK = [
 case("If I bulk-send agreements and leave the expiration alone, how many days do recipients get before their signing links stop working?",
      "contradiction", D+"envelope_expiration_reminders.md", ["Default: 14 days"], F+"community_bulk_send_lease_renewals.txt", ["Links expire after 30 days by default"],
      ["14 days", "14"], "Sending defaults (5.2): 'Expire envelope after ... Default: 14 days'. The bulk-send thread says 'Links expire after 30 days by default' with no version (30 days was the 4.x default, changed in 5.0). The 'Warn signers before expiry' default of 3 days sits in the same table.",
      "14 days", "30 days"),
 case("Our signers feel spammed. How many days apart are the automatic reminder emails if we never touched the settings?",
      "contradiction", D+"envelope_expiration_reminders.md", ["Default: every 2 days"], T, ["sent every 3 days by default"],
      ["every 2 days", "2 days", "48 hours"], "Sending defaults (5.2): 'Reminder frequency Default: every 2 days'. Ticket INK-20931, tier-1 answer: 'Automatic reminders are sent every 3 days by default' (the pre-5.1 value, no version named; the ticket was closed without correction). Neighbouring '3 days' is the expiry warning default.",
      "every 2 days", "every 3 days"),
 case("Is 25 MB the biggest PDF I can attach to an envelope on the Business plan?",
      "contradiction", D+"document_and_envelope_limits.md", ["40 MB"], B+"paperlane_esign_checklist.md", ["caps each file at 25 MB"],
      ["40 MB", "41,943,040 bytes"], "Limits page (5.2): 'File size per document | 40 MB | 40 MB | 100 MB' (Standard/Business/Enterprise). The January 2026 blog says 'Inkstave caps each file at 25 MB' without a version (25 MB was the pre-5.0 limit). 150 MB is the envelope total, not the per-file limit.",
      "40 MB", "25 MB"),
 case("When my webhook endpoint keeps failing, how many tries does Inkstave make for one event before it gives up?",
      "contradiction", D+"webhooks_delivery.md", ["8 (the first attempt plus 7 retries)"], F+"community_webhook_missed_events_outage.txt", ["retries a failed webhook 5 times"],
      ["8", "8 attempts", "8 delivery attempts", "7 retries"], "Webhooks page (5.2): 'Maximum delivery attempts | 8 (the first attempt plus 7 retries)'. The outage thread says 'Inkstave retries a failed webhook 5 times and then gives up' without naming a version (5 attempts was the limit up to 5.1).",
      "8 delivery attempts (first attempt plus 7 retries)", "5 retries"),
 case("How often does the Sync Agent check Inkstave for newly completed envelopes if I don't configure it?",
      "contradiction", D+"sync_agent_configuration.md", ["Default: 300"], F+"community_sync_agent_poll_interval.txt", ["The default poll interval is 60 seconds"],
      ["300", "300 seconds", "5 minutes", "five minutes"], "agent.yaml reference: 'poll_interval_seconds ... Default: 300'. The forum reply reads the installer's sample agent.yaml ('poll_interval_seconds: 60') and calls 60 seconds the default; the sample file is not the built-in default.",
      "300 seconds", "60 seconds"),
 case("Does the Inkstave web app really sign you out after roughly half an hour of doing nothing?",
      "consistent", D+"security_sessions_access_codes.md", ["Default: 30 minutes"], B+"paperlane_esign_checklist.md", ["signs you out after half an hour without activity"],
      ["30 minutes", "half an hour"], "Security settings: 'Idle session timeout ... Default: 30 minutes'. Blog: 'The web app signs you out after half an hour without activity'. Same value in other words; 12 hours is the maximum session length, a neighbouring setting.",
      "30 minutes", "half an hour"),
 case("We're on Business. How many API calls a minute can our CRM make before Inkstave starts returning 429s?",
      "consistent", D+"api_rate_limits.md", ["a Business account gets 300 requests per minute"], F+"community_api_429_business_plan.txt", ["Business is capped at 5 requests per second averaged over the minute"],
      ["300 requests per minute", "300", "5 requests per second"], "Rate limits: 'Business | 300 | 20' in the table and 'a Business account gets 300 requests per minute'. The forum reply's '5 requests per second averaged over the minute' equals 300 per minute. An earlier reply in the same thread says 'Business is 200/min' (the pre-5.1 value) and is not this case.",
      "300 requests per minute", "5 requests per second (300 per minute)"),
 case("How long does my server have to answer a webhook call before Inkstave treats it as failed?",
      "consistent", D+"webhooks_delivery.md", ["Default: 10 seconds"], F+"community_webhook_missed_events_outage.txt", ["The timeout is 10000 ms"],
      ["10 seconds", "10000 ms", "10,000 ms"], "Webhooks page: 'Response timeout Default: 10 seconds (not configurable)'. Forum: 'The timeout is 10000 ms'. Same value in milliseconds.",
      "10 seconds", "10000 ms"),
 case("Our account lives in the EU region. For how many years are completed envelopes stored unless we change something?",
      "consistent", D+"data_retention_regions.md", ["Default: 10 years (EU region)"], B+"eu_esign_retention_notes.md", ["in the EU region for a decade by default"],
      ["10 years", "a decade", "ten years"], "Retention page: 'Default: 10 years (EU region)' next to 'Default: 7 years (US and Canada regions)'. Compliance blog: 'Inkstave keeps completed envelopes in the EU region for a decade by default'.",
      "10 years", "a decade"),
 case("Did Inkstave use to give signers more than two weeks before an envelope expired?",
      "version_scoped", D+"envelope_expiration_reminders.md", ["Default: 14 days"], B+"inkstave_blog_whats_new_5_0.md", ["In Inkstave 4.x, envelopes expired after 30 days by default"],
      ["14 days", "14"], "Current sending defaults: 'Default: 14 days'. The 5.0 launch post: 'In Inkstave 4.x, envelopes expired after 30 days by default. Starting with 5.0, new envelopes expire after 14 days'. The older value is tied to 4.x.",
      "14 days", "30 days", scope="Inkstave Sign 4.x (before 5.0)"),
 case("A colleague remembers Inkstave giving up on a webhook after five attempts. Was that ever right?",
      "version_scoped", D+"webhooks_delivery.md", ["8 (the first attempt plus 7 retries)"], F+"community_webhook_attempts_changed_52.txt", ["On 5.1 and earlier we only ever saw 5 delivery attempts"],
      ["8", "8 attempts", "8 delivery attempts"], "Webhooks page (5.2): 'Maximum delivery attempts | 8'. Forum reply: 'On 5.1 and earlier we only ever saw 5 delivery attempts per event'; the release notes confirm the change in 5.2.",
      "8 delivery attempts", "5 delivery attempts", scope="Inkstave Sign 5.1 and earlier"),
]

INK_GOLD = [
 ("How long do recipients have to sign before an envelope expires, if the sender keeps the default?",
  [D+"envelope_expiration_reminders.md", D+"release_notes_5x.md", F+"community_signing_link_expired_after_two_weeks.txt", F+"community_bulk_send_lease_renewals.txt", B+"inkstave_blog_whats_new_5_0.md"]),
 ("How many days pass between two automatic reminder emails by default?",
  [D+"envelope_expiration_reminders.md", D+"release_notes_5x.md", B+"opsdiary_reminder_cadence.md", T]),
 ("What is the largest single file I can upload to an envelope?",
  [D+"document_and_envelope_limits.md", D+"release_notes_5x.md", B+"paperlane_esign_checklist.md", B+"inkstave_blog_whats_new_5_0.md", T]),
 ("How many times will Inkstave try to deliver a webhook event to an endpoint that is down?",
  [D+"webhooks_delivery.md", D+"release_notes_5x.md", F+"community_webhook_missed_events_outage.txt", F+"community_webhook_attempts_changed_52.txt", T]),
 ("My webhook handler downloads the PDF before answering - how long can it take before the delivery counts as failed?",
  [D+"webhooks_delivery.md", F+"community_webhook_missed_events_outage.txt"]),
 ("What API rate limit applies to a Business plan account?",
  [D+"api_rate_limits.md", D+"release_notes_5x.md", F+"community_api_429_business_plan.txt"]),
 ("After how much inactivity does the web app log a user out?",
  [D+"security_sessions_access_codes.md", D+"release_notes_5x.md", B+"paperlane_esign_checklist.md", F+"community_session_logout_timeout.txt"]),
 ("How long are completed envelopes kept for an account in the EU region?",
  [D+"data_retention_regions.md", D+"release_notes_5x.md", B+"eu_esign_retention_notes.md", B+"inkstave_blog_whats_new_5_0.md", T]),
 ("Is the Sync Agent's poll interval really one minute by default?",
  [D+"sync_agent_configuration.md", F+"community_sync_agent_poll_interval.txt", B+"devnotes_sync_agent_sharepoint.md"]),
 ("Can I still recover an envelope I deleted three weeks ago?",
  [D+"data_retention_regions.md", B+"eu_esign_retention_notes.md", T]),
 ("How many wrong access codes can a recipient enter before being locked out?",
  [D+"security_sessions_access_codes.md"]),
 ("How many recipients fit into one bulk send job?",
  [D+"api_rate_limits.md", F+"community_bulk_send_lease_renewals.txt"]),
]

VRD = [
 case("My mower sits in the dock for hours after a quick shower. How long is it supposed to wait by default once it's dry?",
      "contradiction", D+"rain_sensor_rain_delay.md", ["Default: 90 minutes"], F+"owners_forum_waits_forever_after_rain.txt", ["The default is 3 hours after the sensor gets dry"],
      ["90 minutes", "90 min", "1.5 hours"], "Rain page (firmware 4.3): 'Rain delay Default: 90 minutes'. Forum reply: 'The default is 3 hours after the sensor gets dry' with no firmware version (180 minutes was the pre-4.0 default).",
      "90 minutes", "3 hours"),
 case("Is 120 minutes the factory rain delay on the Rove M3?",
      "contradiction", D+"rain_sensor_rain_delay.md", ["Default: 90 minutes"], F+"owners_forum_rain_delay_120_default.txt", ["120 minutes is the default"],
      ["90 minutes", "90 min"], "Rain page: 'Default: 90 minutes'. Forum reply: 'Yes, 120 minutes is the default' - that is the setup wizard's Recommended preset (setup_wizard_presets.md), not the firmware default; a later reply in the thread corrects it.",
      "90 minutes", "120 minutes"),
 case("If I haven't changed anything, at what battery level does the Rove stop mowing and go back to charge?",
      "contradiction", D+"battery_charging_docking.md", ["Default: 15%"], T, ["returns automatically at 20% battery"],
      ["15%", "15 %", "15 percent"], "Battery page (4.3): 'Return to dock at ... Default: 15%'. Ticket VRD-88412 (customer on firmware 4.3), level-1 answer: 'The Rove returns automatically at 20% battery' - the pre-4.1 value, no version named. 95% (resume) and 20% (storage advice) are neighbouring numbers.",
      "15%", "20%"),
 case("How far back can I look at my mowing sessions without paying for a subscription?",
      "contradiction", D+"app_history_and_plans.md", ["Default (Free): 90 days"], B+"gardenbytes_rove_m3_review.md", ["keeps only 30 days of history unless you pay"],
      ["90 days"], "App page (6.2): 'Mowing history kept | 90 days | 2 years', 'Default (Free): 90 days'. The April 2026 review: 'the app keeps only 30 days of history unless you pay for Verdalo Plus' (30 days was the pre-6.0 value, no version named).",
      "90 days", "30 days"),
 case("What's the steepest slope the smaller M3-600 can cope with?",
      "contradiction", D+"models_specifications.md", ["35% (19°)"], F+"owners_forum_m3_600_steep_bank.txt", ["The 600 is rated for 45%"],
      ["35%", "19°", "19 degrees"], "Specifications: 'Maximum slope | 35% (19°) | 45% (24°)' (M3-600 | M3-1200 AWD). Forum reply: 'The 600 is rated for 45%' - the M3-1200 AWD value applied to the M3-600; a Verdalo employee corrects it later in the thread.",
      "35% (19°)", "45%"),
 case("Does frost guard stop the mower at about 39 degrees Fahrenheit?",
      "consistent", D+"schedule_quiet_hours_frost.md", ["below 4 °C"], F+"owners_forum_frost_guard_morning.txt", ["below 39 °F (4 °C)"],
      ["4 °C", "39 °F", "4 degrees Celsius"], "Schedule page: 'The mower does not start below 4 °C ... resumes when the temperature has been at or above 6 °C for 30 minutes'. Forum: 'Frost guard stops it below 39 °F (4 °C)'. Same threshold in Fahrenheit.",
      "4 °C", "39 °F (4 °C)"),
 case("After how many hours of use does the app tell me to swap the blades?",
      "consistent", D+"cutting_height_blades.md", ["200 operating hours"], F+"reddit_blade_reminder.txt", ["every 200 h of blade runtime by default"],
      ["200 operating hours", "200 hours", "200 h"], "Cutting page: 'Blade replacement reminder | 200 operating hours | 50-500 hours, or Off'. Reddit reply: 'It's every 200 h of blade runtime by default'. An earlier reply in the thread guesses 'Every 100 hours' and is corrected.",
      "200 operating hours", "200 h"),
 case("Which hours is a mower sold in the UK kept from mowing out of the box?",
      "consistent", D+"schedule_quiet_hours_frost.md", ["On, 21:00-07:00"], F+"owners_forum_hedgehog_quiet_hours.txt", ["quiet hours 9 pm to 7 am"],
      ["21:00-07:00", "9 pm to 7 am", "21:00 to 07:00"], "Schedule page: 'EU, UK, CH, NO | On, 21:00-07:00 (wildlife protection)'; North America: Off. Forum: 'EU/UK units ship with quiet hours 9 pm to 7 am for hedgehogs'. The Quiet preset's 20:00-08:00 is a neighbouring value.",
      "21:00-07:00", "9 pm to 7 am"),
 case("Is the Rove's standard cutting height 4 cm?",
      "consistent", D+"cutting_height_blades.md", ["Default: 40 mm"], B+"gardenbytes_rove_m3_review.md", ["the cutting height defaults to 4 cm"],
      ["40 mm", "4 cm"], "Cutting page: 'Cutting height Default: 40 mm' (range 20-60 mm). Review: 'Out of the box the cutting height defaults to 4 cm'. Same value in centimetres; the wizard's Recommended preset (45 mm) is a distractor.",
      "40 mm", "4 cm"),
 case("My previous Rove waited three hours after rain but the new one goes out much sooner - did Verdalo change it?",
      "version_scoped", D+"rain_sensor_rain_delay.md", ["Default: 90 minutes"], B+"verdalo_blog_firmware_4_0.md", ["Before firmware 4.0, the mower waited 180 minutes"],
      ["90 minutes", "90 min"], "Current rain page: 'Default: 90 minutes'. Verdalo's firmware 4.0 post: 'Before firmware 4.0, the mower waited 180 minutes after the rain sensors dried ... The new default is 90 minutes'.",
      "90 minutes", "180 minutes", scope="firmware before 4.0"),
 case("Did the mower use to turn back for the dock at 20% charge?",
      "version_scoped", D+"battery_charging_docking.md", ["Default: 15%"], F+"owners_forum_returns_home_with_charge_left.txt", ["On firmware 4.0 and older it went home at 20%"],
      ["15%"], "Battery page (4.3): 'Return to dock at Default: 15%'. Forum reply: 'On firmware 4.0 and older it went home at 20%; since 4.1 it goes home at 15%'. Release notes 4.1 confirm the change.",
      "15%", "20%", scope="firmware 4.0 and older"),
]

VRD_GOLD = [
 ("How long does the Rove wait after rain before it starts mowing again?",
  [D+"rain_sensor_rain_delay.md", D+"setup_wizard_presets.md", D+"firmware_release_notes.md", F+"owners_forum_waits_forever_after_rain.txt", F+"owners_forum_rain_delay_120_default.txt", B+"verdalo_blog_firmware_4_0.md", B+"smallplot_rain_settings_compared.md", T]),
 ("At what charge level does the mower head back to the charging station?",
  [D+"battery_charging_docking.md", D+"firmware_release_notes.md", F+"owners_forum_returns_home_with_charge_left.txt", B+"lawnlab_battery_tips.md", T]),
 ("Can the M3-600 mow a bank that is steeper than 35%?",
  [D+"models_specifications.md", F+"owners_forum_m3_600_steep_bank.txt", B+"gardenbytes_rove_m3_review.md", T]),
 ("What gradient is the all-wheel-drive M3-1200 rated for?",
  [D+"models_specifications.md", F+"owners_forum_m3_600_steep_bank.txt", B+"gardenbytes_rove_m3_review.md", T]),
 ("How many days of mowing history does the free Verdalo Home app keep?",
  [D+"app_history_and_plans.md", D+"firmware_release_notes.md", B+"gardenbytes_rove_m3_review.md", B+"verdalo_blog_firmware_4_0.md", T]),
 ("How cold does it have to be before frost guard keeps the mower in the dock?",
  [D+"schedule_quiet_hours_frost.md", F+"owners_forum_frost_guard_morning.txt"]),
 ("How often does the app remind me to replace the blades?",
  [D+"cutting_height_blades.md", F+"reddit_blade_reminder.txt"]),
 ("Why won't my European Rove mow late in the evening?",
  [D+"schedule_quiet_hours_frost.md", F+"owners_forum_hedgehog_quiet_hours.txt", B+"hedgehog_trust_robot_mowers.md"]),
 ("What cutting height does a new Rove M3 use?",
  [D+"cutting_height_blades.md", D+"setup_wizard_presets.md", F+"owners_forum_rain_delay_120_default.txt", B+"gardenbytes_rove_m3_review.md", T]),
 ("When does a charging mower leave the dock again to keep mowing?",
  [D+"battery_charging_docking.md", D+"firmware_release_notes.md"]),
 ("How long is mowing history kept with Verdalo Plus?",
  [D+"app_history_and_plans.md", D+"firmware_release_notes.md", B+"gardenbytes_rove_m3_review.md", B+"verdalo_blog_firmware_4_0.md", T]),
 ("How long can someone hold the mower up before the theft alarm goes off?",
  [D+"app_history_and_plans.md"]),
]

def write(prod, cases, gold):
    p = os.path.join(BASE, prod)
    with open(os.path.join(p, "conflicts.jsonl"), "w") as f:
        for c, a in cases: f.write(json.dumps(c, ensure_ascii=False) + "\n")
    with open(os.path.join(p, "answers.jsonl"), "w") as f:
        for c, a in cases: f.write(json.dumps(a, ensure_ascii=False) + "\n")
    with open(os.path.join(p, "gold.jsonl"), "w") as f:
        for q, ids in gold: f.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")
    from collections import Counter
    print(prod, Counter(c["expect"] for c, a in cases), len(gold))

write("inkstave", INK, INK_GOLD)
write("verdalo", VRD, VRD_GOLD)
