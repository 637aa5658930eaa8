import json, os
P = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "brightlane")
SPEC = "data/docs/models_and_specs.md"
GUEST = "data/docs/guest_network.md"
FWU = "data/docs/firmware_updates.md"
REL = "data/docs/firmware_release_notes.md"
RESET = "data/docs/reset_and_recovery.md"
WAR = "data/docs/warranty_by_region.md"
GUARD = "data/docs/guardian_parental_controls.md"
PRIV = "data/docs/privacy_and_log_retention.md"
TK = "data/tickets/tickets.json"
F = lambda n: f"data/forums/{n}.txt"
B = lambda n: f"data/blogs/{n}.md"

cases = [
 ("How long do I need to hold the little reset button to wipe a node back to factory settings?",
  "contradiction",
  [[RESET, ["press and hold the reset button for 10 seconds"]], [F("factory_reset_light_never_turns_amber"), ["You have to hold it for 30 seconds"]]],
  ["10 seconds", "10 s", "ten seconds"],
  "Reset page: 'press and hold the reset button for 10 seconds, until the light ring flashes amber' (30 seconds on that page is the unplug time for a restart; recovery mode is 20 seconds while powering up). Forum reply: 'You have to hold it for 30 seconds, not just a few' - no version named.",
  "10 seconds", "30 seconds", None),
 ("Will my Brightlane install firmware updates by itself, or do I have to switch that on?",
  "contradiction",
  [[FWU, ["Default: On"]], [F("network_dropped_at_2am_auto_update"), ["Auto-update is off by default"]]],
  ["On", "Yes", "on by default", "enabled by default"],
  "Firmware updates page: 'Automatic updates: Default: On'. Forum reply: 'Auto-update is off by default on Brightlane, so someone in your house must have switched it on' (the poster later finds it On without anyone touching it).",
  "On (automatic updates are enabled by default)", "Off by default", None),
 ("How many family members can I set up profiles for with Guardian?",
  "contradiction",
  [[GUARD, ["| Profiles per system | 5 | 20 |"]], [B("introducing_brightlane_guardian"), ["unlimited profiles"]]],
  ["20", "20 profiles", "up to 20 profiles"],
  "Parental controls page table: 'Profiles per system | 5 | 20' (Free 5, Guardian 20). The Guardian launch post: 'With Guardian you can create unlimited profiles for everyone in your family' - marketing claim, no version. Ticket BL-55201 confirms the app stops at 20.",
  "20 profiles", "unlimited", None),
 ("If I put a Halo Mini in my garage office, will I get 6 GHz Wi-Fi out there?",
  "contradiction",
  [[SPEC, ["Dual-band: 2.4 GHz, 5 GHz", "Only the Halo Pro can broadcast on 6 GHz"]], [F("does_halo_mini_do_6ghz"), ["the Mini does 6 GHz too"]]],
  ["No", "2.4 GHz and 5 GHz only", "dual-band", "only the Halo Pro does 6 GHz"],
  "Specs table: Halo Mini 'Dual-band: 2.4 GHz, 5 GHz', and 'Only the Halo Pro can broadcast on 6 GHz'. Forum reply: 'Yes, the Mini does 6 GHz too, it's just lower power than the Pro' - wrong; later replies correct it.",
  "No - the Halo Mini is dual-band 2.4 GHz / 5 GHz", "Yes, 6 GHz", None),
 ("What firmware version do I need to get WPA3?",
  "contradiction",
  [[REL, ["4.0.0", "New: WPA3-Personal"]], [F("wpa3_which_firmware"), ["WPA3 came with 3.9.2"]]],
  ["4.0.0", "4.0", "firmware 4.0.0 or later", "4.x"],
  "Release notes: '4.0.0 - 2025-10-07 ... New: WPA3-Personal'; the 3.9.2 notes list only 2.4 GHz and band-steering fixes. Forum reply: 'WPA3 came with 3.9.2, so you should already have it' - wrong release.",
  "4.0.0", "3.9.2", None),
 ("How long do the nodes keep their own system logs?",
  "contradiction",
  [[PRIV, ["72 hours, rolling"]], [TK, ["kept on the node for 24 hours"]]],
  ["72 hours", "3 days", "three days"],
  "Privacy page table: 'Node system logs ... On the node | 72 hours, rolling' (release notes 4.1.0: 'now kept for 72 hours (previously 24 hours)'). Ticket BL-55230 privacy agent: 'Node system logs ... are kept on the node for 24 hours' - the pre-4.1 figure given as current, no version named.",
  "72 hours", "24 hours", None),
 ("How many phones and gadgets can connect to a single Halo Pro?",
  "consistent",
  [[SPEC, ["128"]], [TK, ["each Halo Pro node supports up to 128 devices"]]],
  ["128", "128 devices", "up to 128 devices"],
  "Specs table: Halo Pro 'Max connected devices per node' = 128 (firmware 4.x). Ticket BL-55102 agent: 'each Halo Pro node supports up to 128 devices connected at the same time' - same value (the 40 active devices and 300 per system figures are other limits).",
  "128 devices", "128 devices", None),
 ("With Guardian, how far back can I see what my kid was doing online?",
  "consistent",
  [[GUARD, ["| Activity history | 7 days | 30 days |"]], [F("guardian_activity_history_how_far_back"), ["With Guardian you get 30 days of history"]]],
  ["30 days", "one month", "a month"],
  "Parental controls table: 'Activity history | 7 days | 30 days' (privacy page: '7 days; 30 days with Guardian'). Forum reply: 'With Guardian you get 30 days of history, without it just 7' - same value.",
  "30 days", "30 days", None),
 ("What time of night do the nodes install updates if I leave the schedule alone?",
  "consistent",
  [[FWU, ["Default: 2:00–4:00 a.m. local time"]], [TK, ["between 2 and 4 a.m. local time"]]],
  ["2:00–4:00 a.m.", "2-4 a.m.", "between 2 and 4 a.m. local time", "2:00 to 4:00 local time"],
  "Firmware updates page: 'Update window: Default: 2:00–4:00 a.m. local time'. Ticket BL-55140 agent: 'updates install between 2 and 4 a.m. local time' - same window.",
  "2:00–4:00 a.m. local time", "between 2 and 4 a.m. local time", None),
 ("My Halo Pro says 'Node full' at 64 devices - isn't the limit higher than that?",
  "version_scoped",
  [[SPEC, ["128"]], [F("halo_pro_node_full_64_devices"), ["On firmware 3.x the Halo Pro tops out at 64 devices per node"]]],
  ["128", "128 devices", "up to 128 devices"],
  "Specs table (firmware 4.x): Halo Pro 128 devices per node; 'Changed in firmware 4.0.0: the Halo Pro's per-node limit was raised from 64 to 128'. The forum reply gives 64 explicitly for firmware 3.x.",
  "128 devices (firmware 4.x)", "64 devices", "firmware 3.x (before 4.0.0)"),
 ("I bought my nodes in the UK and one died after 14 months - is it still under warranty?",
  "version_scoped",
  [[WAR, ["European Union, United Kingdom, Switzerland, Norway | 2 years"]], [F("halo_pro_died_after_14_months_warranty"), ["In the US it's 1 year"]]],
  ["2 years", "two years", "24 months", "yes"],
  "Warranty table: 'European Union, United Kingdom, Switzerland, Norway | 2 years'; 'United States, Canada | 1 year'. The forum reply's 1 year is explicitly the US figure ('In the US it's 1 year'), a regional difference.",
  "2 years (UK/EU purchase) - still covered at 14 months", "1 year", "United States (and Canada) purchases"),
 ("How many guests' phones can be on the guest Wi-Fi at the same time?",
  "version_scoped",
  [[GUEST, ["Up to 32 devices"]], [B("party_ready_guest_wifi"), ["As of firmware 3.9, the guest network handles up to 16 devices at once"]]],
  ["32", "32 devices", "up to 32 devices"],
  "Guest network page (firmware 4.2): 'Up to 32 devices can be connected to the guest network at the same time'; release notes 4.0.0: 'up to 32 devices at a time (previously 16)'. The 2025 blog gives 16 'As of firmware 3.9'.",
  "32 devices (firmware 4.x)", "16 devices", "firmware 3.x (before 4.0.0)"),
]

gold = [
 ("How long do you hold the reset button for a factory reset?", [RESET, F("factory_reset_light_never_turns_amber"), B("review_halo_pro_mesh")]),
 ("Are automatic firmware updates enabled by default?", [FWU, F("network_dropped_at_2am_auto_update"), B("review_halo_pro_mesh")]),
 ("When is the default firmware update window?", [FWU, F("network_dropped_at_2am_auto_update"), TK]),
 ("How many profiles does Guardian allow?", [GUARD, B("introducing_brightlane_guardian"), TK]),
 ("Which Brightlane models support the 6 GHz band?", [SPEC, F("does_halo_mini_do_6ghz"), B("review_halo_pro_mesh")]),
 ("Which firmware release added WPA3?", [REL, F("wpa3_which_firmware"), B("review_halo_pro_mesh")]),
 ("How long are node system logs retained?", [PRIV, REL, TK]),
 ("What is the maximum number of connected devices per Halo Pro node?", [SPEC, REL, TK, F("halo_pro_node_full_64_devices"), B("review_halo_pro_mesh")]),
 ("How many days of activity history does Guardian keep?", [GUARD, PRIV, F("guardian_activity_history_how_far_back"), B("introducing_brightlane_guardian"), TK]),
 ("How long is the hardware warranty in each region?", [WAR, F("halo_pro_died_after_14_months_warranty"), TK, B("review_halo_pro_mesh")]),
 ("How many devices can join the guest network at once?", [GUEST, REL, B("party_ready_guest_wifi"), F("guest_wifi_for_a_birthday_party"), TK]),
 ("What is the default guest network access duration?", [GUEST, F("guest_wifi_for_a_birthday_party")]),
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
