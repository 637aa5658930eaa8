import json, os
P = "/tmp/heldout24/support_ac/simmerline"
D = "data/docs/"; F = "data/forums/"; B = "data/blogs/"; T = "data/tickets/tickets.json"
cases = [
 dict(q="Can I set the S2 once for a 3-day-plus cook, say 80 hours, without restarting the timer?",
      expect="contradiction",
      sides=[[D+"cook_timer_and_scheduling.md", ["99 hours"]], [B+"smokeandsteam_72h_short_ribs.md", ["72-hour maximum timer"]]],
      authoritative=["99 hours", "99:00"],
      note="Timer page (fw 3.4): 'Maximum cook timer: 99 hours (99:00)'. Recipe post (2025-09): 'it's the Simmerline's 72-hour maximum timer' - the pre-3.0 limit stated as current.",
      a0="99 hours (80 hours fits)", a1="72 hours"),
 dict(q="If I plug the cooker in and don't start anything, how long before it switches itself off?",
      expect="contradiction",
      sides=[[D+"safety_shutoffs.md", ["Default: 15 minutes"]], [T, ["shuts itself off after 30 minutes of inactivity"]]],
      authoritative=["15 minutes"],
      note="Safety page: 'Idle auto-off Default: 15 minutes, Not adjustable'. Tier-1 reply in SMR-4471: 'the cooker shuts itself off after 30 minutes of inactivity' (corrected by tier 2 in the same ticket).",
      a0="15 minutes", a1="30 minutes"),
 dict(q="How far ahead can I schedule the cooker to start heating with the food already in the water?",
      expect="contradiction",
      sides=[[D+"cook_timer_and_scheduling.md", ["2 hours"]], [B+"weeknightwater_overnight_sous_vide.md", ["delay the start up to 8 hours"]]],
      authoritative=["2 hours", "two hours"],
      note="Timer page: 'Maximum delay | 2 hours'. Blog (2025-05, after fw 3.1): 'delay the start up to 8 hours' - the pre-3.1 limit, no version named.",
      a0="2 hours", a1="8 hours"),
 dict(q="How many watts does the American version of the S2 pull while heating?",
      expect="contradiction",
      sides=[[D+"s2_specifications.md", ["1100 W"]], [F+"community_us_model_wattage.txt", ["The US one is 1200 watts"]]],
      authoritative=["1100 W", "1100 watts"],
      note="Specifications: SL-S2-120 (US, Canada) heater power 1100 W; 1200 W is the SL-S2-230 (EU/UK/AU) figure. Forum: 'The US one is 1200 watts' (a later reply says the number is wrong without giving it).",
      a0="1100 W", a1="1200 W"),
 dict(q="On the free app, how far back does my cook history go?",
      expect="contradiction",
      sides=[[D+"app_plans_cook_history.md", ["30 days"]], [F+"community_cook_history_gone.txt", ["Free accounts keep 90 days of history"]]],
      authoritative=["30 days"],
      note="Plans page (app 5.2): 'Cook history kept | 30 days | 2 years'. Forum reply: 'Free accounts keep 90 days of history' (app 4.x value, stated as current).",
      a0="30 days", a1="90 days"),
 dict(q="What's the hottest I can set the water on the S2?",
      expect="consistent",
      sides=[[D+"s2_specifications.md", ["95 °C", "203 °F"]], [B+"gadgetbench_simmerline_s2_review.md", ["203°F"]]],
      authoritative=["95 °C", "95 C", "203 °F"],
      note="Specifications: 'Setpoint range 20 °C – 95 °C (68 °F – 203 °F)'. Review: 'The setpoint tops out at 203°F (95 °C)'.",
      a0="95 °C (203 °F)", a1="203 °F"),
 dict(q="After the timer finishes, how long does the S2 keep the bath warm before turning off?",
      expect="consistent",
      sides=[[D+"cook_timer_and_scheduling.md", ["Default: 120 minutes"]], [F+"community_keep_warm_after_timer.txt", ["Keep Warm defaults to two hours"]]],
      authoritative=["120 minutes", "two hours", "2 hours"],
      note="Timer page: 'Keep Warm duration Default: 120 minutes' (60 minutes only if the app wizard's Recommended settings were accepted). Forum: 'Keep Warm defaults to two hours after the timer ends'.",
      a0="120 minutes", a1="two hours"),
 dict(q="If I use the S2 without the app, what temperature is it set to when I plug it in?",
      expect="consistent",
      sides=[[D+"quick_start_guide.md", ["60 °C (140 °F)"]], [T, ["140°F"]]],
      authoritative=["60 °C", "140 °F", "60 C"],
      note="Quick Start: 'Without the app, the S2 starts at a setpoint of 60 °C (140 °F)'. Ticket SMR-4602: 'the S2 always starts at 140°F when plugged in'.",
      a0="60 °C (140 °F)", a1="140 °F"),
 dict(q="How far from the cooker can my phone be and still control it over Bluetooth?",
      expect="consistent",
      sides=[[D+"s2_specifications.md", ["10 m (line of sight)"]], [B+"gadgetbench_simmerline_s2_review.md", ["about 33 feet"]]],
      authoritative=["10 m", "10 metres", "33 feet"],
      note="Specifications: 'Bluetooth range 10 m (line of sight)'. Review: 'Bluetooth works from about 33 feet away'. 10 m is about 33 ft.",
      a0="10 m", a1="about 33 feet"),
 dict(q="Was the S2 timer always able to run 99 hours?",
      expect="version_scoped",
      sides=[[D+"cook_timer_and_scheduling.md", ["99 hours"]], [B+"cookwire_firmware_30_timer.md", ["before firmware 3.0 the timer topped out at 72 hours"]]],
      authoritative=["99 hours", "99:00"],
      note="Timer page: 'Maximum cook timer: 99 hours'. News post: 'before firmware 3.0 the timer topped out at 72 hours ... The new limit is 99 hours'.",
      a0="99 hours", a1="72 hours", scope="firmware before 3.0"),
 dict(q="My cooker used to wait half an hour before going dark when idle. Did that change?",
      expect="version_scoped",
      sides=[[D+"safety_shutoffs.md", ["Default: 15 minutes"]], [F+"community_cooker_turns_itself_off.txt", ["On firmware 3.1 and older it waited 30 minutes"]]],
      authoritative=["15 minutes"],
      note="Safety page: 'Idle auto-off Default: 15 minutes'; shortened in 3.2. Forum: 'On firmware 3.1 and older it waited 30 minutes; since 3.2 it's 15 minutes'.",
      a0="15 minutes", a1="30 minutes", scope="firmware 3.1 and older"),
]
gold = [
 ("What's the longest cook timer I can set on the S2?", [D+"cook_timer_and_scheduling.md", D+"firmware_release_notes.md", F+"community_80_hour_short_ribs.txt", B+"cookwire_firmware_30_timer.md", B+"smokeandsteam_72h_short_ribs.md"]),
 ("How long until an idle S2 turns itself off?", [D+"safety_shutoffs.md", D+"firmware_release_notes.md", D+"troubleshooting_error_codes.md", F+"community_cooker_turns_itself_off.txt", T]),
 ("Can I schedule a delayed start more than two hours ahead?", [D+"cook_timer_and_scheduling.md", D+"firmware_release_notes.md", F+"community_delay_start_greyed.txt", B+"weeknightwater_overnight_sous_vide.md", B+"appfolio_kitchen_apps_2025.md"]),
 ("How much power does the 120 V S2 draw?", [D+"s2_specifications.md", D+"troubleshooting_error_codes.md", F+"community_us_model_wattage.txt", B+"gadgetbench_simmerline_s2_review.md"]),
 ("Which wattage is the European/UK S2 model?", [D+"s2_specifications.md", D+"troubleshooting_error_codes.md", T]),
 ("How long is cook history kept on a free Simmerline account?", [D+"app_plans_cook_history.md", F+"community_cook_history_gone.txt", B+"appfolio_kitchen_apps_2025.md", T]),
 ("What is the maximum water temperature the S2 can hold?", [D+"s2_specifications.md", B+"gadgetbench_simmerline_s2_review.md"]),
 ("How long does Keep Warm run by default after a cook ends?", [D+"cook_timer_and_scheduling.md", D+"firmware_release_notes.md", D+"quick_start_guide.md", F+"community_keep_warm_after_timer.txt"]),
 ("What setpoint does the cooker start at when I plug it in without the app?", [D+"quick_start_guide.md", T]),
 ("What's the Bluetooth range of the S2?", [D+"s2_specifications.md", B+"gadgetbench_simmerline_s2_review.md"]),
 ("How much water can I use with the S2 - will a 25 litre cooler work?", [D+"s2_specifications.md", D+"quick_start_guide.md", F+"community_big_batch_pot.txt"]),
]
with open(f"{P}/conflicts.jsonl", "w") as fc, open(f"{P}/answers.jsonl", "w") as fa:
    for c in cases:
        fc.write(json.dumps({k: c[k] for k in ("q", "expect", "sides", "authoritative", "note")}, ensure_ascii=False) + "\n")
        verdict = {"version_scoped": "scoped"}.get(c["expect"], c["expect"])
        a1 = {"value": c["a1"], "status": "supported" if c["expect"] == "consistent" else "contradicted", "source": c["sides"][1][0]}
        if "scope" in c: a1["scope"] = c["scope"]
        ans = {"q": c["q"], "verdict": verdict, "answers": [{"value": c["a0"], "status": "authoritative", "source": c["sides"][0][0]}, a1]}
        fa.write(json.dumps(ans, ensure_ascii=False) + "\n")
with open(f"{P}/gold.jsonl", "w") as fg:
    for q, ids in gold:
        for i in ids: assert os.path.exists(f"{P}/{i}"), i
        fg.write(json.dumps({"q": q, "relevant_ids": ids}, ensure_ascii=False) + "\n")
print(len(cases), len(gold))
