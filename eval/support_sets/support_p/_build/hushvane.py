# Hushvane: smart home thermostat + app (invented). Current: firmware 4.6, app 3.9
P = "hushvane"
DOCS = {}; FORUMS = {}; BLOGS = {}; META = {}

def doc(name, title, url, version, body, note=None):
    DOCS[name] = f'---\ntitle: "{title}"\nsource_url: {url}\nversion: "{version}"\n---\n\n{body.strip()}\n'
    META[f"data/docs/{name}"] = (url, note or f"{version} (invented)")

def blog(name, title, url, date, body, note):
    BLOGS[name] = f'---\ntitle: "{title}"\nsource_url: {url}\npublished_date: {date}\n---\n\n{body.strip()}\n'
    META[f"data/blogs/{name}"] = (url, f"{date}; {note} (invented)")

def forum(name, url, body, note):
    FORUMS[name] = body.strip() + f"\nSource: {url}\n"
    META[f"data/forums/{name}"] = (url, note + " (invented)")

doc("hv_models_and_limits.md", "Hushvane models, limits and Hushvane Plus", "https://support.hushvane.example/articles/models-and-limits",
    "Hushvane firmware 4.6, app 3.9 (updated 2025-08-19)", """
# Hushvane models, limits and Hushvane Plus

Hushvane makes two wall thermostats. Both run the same firmware (currently 4.6) and are controlled
with the Hushvane app (iOS and Android, currently 3.9).

| | Hushvane One | Hushvane Pro |
|---|---|---|
| Remote sensors per thermostat | 4 | 8 |
| Schedule slots per day | 8 | 8 |
| Heating / cooling stages | 1 heat / 1 cool | 3 heat / 2 cool |
| Heat pump with auxiliary heat | No | Yes |
| Wi-Fi | 2.4 GHz | 2.4 GHz and 5 GHz |
| Display | 2.4-inch | 3.5-inch |
| Power | C-wire (24 VAC) or included power adapter | C-wire (24 VAC) |

**Remote sensors** report temperature, humidity and motion. Range is about 15 m (50 ft) indoors;
the CR2477 battery lasts around two years.

**Thermostats per home**: up to 6 in the free app, up to 20 with Hushvane Plus.

## Hushvane Plus

Hushvane Plus is an optional subscription ($3.99 per month or $39 per year). It adds:

- 5 years of energy history (instead of 24 months),
- up to 20 thermostats per home,
- filter ordering and HVAC fault alerts sent to a contractor of your choice.

Everything else, including schedules, away mode and monthly energy reports, works without a
subscription.
""")

doc("hv_settings_comfort.md", "Comfort and equipment settings", "https://support.hushvane.example/articles/comfort-settings",
    "Hushvane firmware 4.6 (updated 2025-08-19)", """
# Comfort and equipment settings

On the thermostat: **Menu > Settings > Comfort**. In the app: **Thermostat > Settings > Comfort**.
Settings marked (installer) are behind the installer code.

**Temperature swing**
Default: 0.5 °C (1 °F). Range: 0.5-3 °C (1-5 °F).
How far the room temperature may drift from the setpoint before heating or cooling starts. Raise it
if your system turns on and off very often.

**Minimum run time** (installer)
Default: 3 minutes. Once started, heating or cooling runs at least this long.

**Compressor protection (minimum off-time)** (installer)
Default: 5 minutes. Range 2–10 minutes. After the compressor stops, the thermostat waits at least
this long before starting it again. The display shows "Waiting" with a countdown.

**Fan circulation**
Default: 15 minutes per hour when the fan is set to Circulate.

**Setpoint limits**
Heating 9-32 °C (48-90 °F); cooling 16-35 °C (60-95 °F).

**Humidity target** (Pro, with humidifier)
Default: 40%.

**Display brightness**
Default: Auto, sleeps after 30 seconds.
""")

doc("hv_settings_away.md", "Away mode, geofencing and vacation hold", "https://support.hushvane.example/articles/away-and-vacation",
    "Hushvane firmware 4.6, app 3.9 (updated 2025-08-19)", """
# Away mode, geofencing and vacation hold

Away mode saves energy when nobody is home. It can start automatically (auto-away) or manually
from the app.

**Auto-away**
Default: On. The thermostat switches to Away after 2 hours without motion at the thermostat or any
remote sensor, provided every phone in the home is outside the geofence. It returns to the
schedule as soon as motion is detected or a phone comes back inside the geofence.

**Away heat setpoint**
Default: 15 °C (59 °F).

**Away cool setpoint**
Default: 29 °C (84 °F).

**Geofence radius**
Default: 500 m. Range: 150 m-5 km.

**Vacation hold**
Hold the away setpoints (or custom ones) for up to 14 days. When the hold ends, the normal schedule
resumes. A vacation hold can be started from the app only.

**Smart pre-heat**
Starts heating up to 3 hours before a schedule slot so the room is at temperature on time.
""")

doc("hv_energy_reports.md", "Energy reports and energy history", "https://support.hushvane.example/articles/energy-reports",
    "Hushvane firmware 4.6, app 3.9 (updated 2025-08-19)", """
# Energy reports and energy history

**Monthly Home Report**
Emailed on the 2nd day of each month and covering the previous calendar month: heating and
cooling runtime, estimated energy use in kWh, comparison with the same month last year, and
comparison with similar homes nearby.

**Energy history in the app**
The app keeps 24 months of daily runtime and estimated kWh. With Hushvane Plus, 5 years are kept.
Older days are removed automatically.

**Export**
Energy > History > Export creates a CSV at 15-minute resolution, up to 366 days per export.

**Estimates**
Estimated kWh use a default system size of 3.5 kW unless you enter your equipment's rating.
Runtime is rounded to the nearest minute.

**Weekly summary**
Push notification, Default: Sunday 18:00.
""")

doc("hv_firmware_updates.md", "Firmware updates", "https://support.hushvane.example/articles/firmware-updates",
    "Hushvane firmware 4.6 (updated 2025-08-19)", """
# Firmware updates

**Automatic updates**
Default: On. The thermostat downloads new firmware in the background and installs it during the
update window.

**Update window**
Default: 02:00–04:00 local time. You can move the window under **Settings > Device > Updates**
(any two-hour window).

During installation the thermostat restarts and heating or cooling pauses for up to 2 minutes. The
current setpoint is restored afterwards.

**Rollout**
New firmware is released in stages over about 10 days, so neighbours may update on different
nights. A firmware image is about 18 MB; the previous image is kept for automatic rollback.

**Network requirements**
Outbound TCP 443 (HTTPS) and 8883 (MQTT over TLS). The One updates over 2.4 GHz only.

**Support period**
Every thermostat receives firmware updates for at least 5 years after we stop selling the model.
""")

doc("hv_maintenance_reminders.md", "Maintenance reminders", "https://support.hushvane.example/articles/maintenance-reminders",
    "Hushvane firmware 4.6, app 3.9 (updated 2025-06-02)", """
# Maintenance reminders

Reminders appear on the thermostat and in the app. Dismissing one restarts its timer.

**Air filter**
Default: every 90 days. Alternative: runtime-based, after 500 hours of fan runtime.

**Humidifier pad** (Pro, with humidifier)
Default: every 6 months.

**UV lamp**
Default: every 12 months.

**Remote sensor battery**
Warning at 20% battery.

**HVAC service check**
Default: Off. Can be set to every 12 months.
""")

doc("hv_firmware_release_notes.md", "Hushvane firmware release notes", "https://support.hushvane.example/articles/firmware-release-notes",
    "Hushvane firmware 4.6 (release notes 4.0-4.6)", """
# Hushvane firmware release notes

## 4.6 (2025-08-19)

- Hushvane Pro: remote sensor limit raised from 6 to 8 sensors.
- Monthly Home Report email moved from the 1st to the 2nd day of the month, so that utility
  data for the last day of the month is included.
- Fixed: update window ignored daylight-saving changes.

## 4.5 (2025-04-02)

- Energy history in the app extended from 13 months to 24 months (5 years with Hushvane Plus).
- New runtime-based air filter reminder (500 hours of fan runtime).

## 4.3 (2024-11-12)

- Auto-away now switches to Away after 2 hours without motion (previously 3 hours).
- Geofence radius can be set from 150 m.

## 4.0 (2024-02-27)

- Schedule slots per day increased from 4 to 8.
- Temperature swing default changed from 1 °C to 0.5 °C (1 °F).
- Compressor protection range extended to 2-10 minutes.
""")

# ---------------- forums ----------------
forum("hv_forum_auto_away_delay.txt", "https://community.hushvane.example/t/how-long-before-it-goes-into-away/2210", """
Title: How long before it goes into Away?
User: (marisol_in_denver) So I left for work at 8 this morning and checked the app at 9:30 - house still heating to 21 like we were home. Both of us had our phones with us, we're way outside the 500 m circle. How long is auto-away supposed to wait?? Feels like I'm heating an empty house for nothing.
Reply: (pete_hvac_guy) Auto-away kicks in after three hours with no motion at the thermostat or any sensor, and everybody's phone out of the geofence. If the cat walks past a sensor the timer starts over. If you want it sooner, just tap Away in the app when you leave.
Reply: (marisol_in_denver) Ha, the cat. That explains a lot. Thanks!
""", "thread 2025-10-06; no firmware named")

forum("hv_forum_pro_sensors.txt", "https://community.hushvane.example/t/max-remote-sensors-on-the-pro/2388", """
Title: Max remote sensors on the Pro?
User: (bigoldhouse) Three-storey Victorian, nine rooms we actually use. How many remote sensors can one Pro take before I need a second thermostat?
Reply: (sensorsteve) You can pair up to 10 sensors on the Pro, the One takes fewer. Range is about 15 m through walls so you may need one per floor at least.
Reply: (bigoldhouse) Great, ordering nine then.
""", "thread 2025-10-21")

forum("hv_forum_away_temperature.txt", "https://community.hushvane.example/t/what-temp-in-away-mode/2291", """
Title: what temp does it hold in away mode
User: (k_okafor) quick q. default away temp? house feels cold when we get back.
Reply: (lindqvist) Heating side it drops to 59°F unless someone changed it, cooling side it lets it climb to 84. Both under Settings > Away. Turn on smart pre-heat if you come home at fixed times.
Reply: (k_okafor) 59, yeah that's it. thx
""", "thread 2025-11-02")

forum("hv_forum_update_reboot.txt", "https://community.hushvane.example/t/thermostat-rebooted-at-3am/2145", """
Title: Thermostat rebooted in the middle of the night??
User: (nightowl_dev) Was up late, wall unit screen lit up at 3 am, clicked a relay, showed a logo and came back. Did someone get into it? It's on the IoT VLAN with only 443 and 8883 open outbound.
Reply: (hushvane_mod_ines) Not hacked :) That's a firmware auto-update. By default they install between 2 and 4 am local time, and heating pauses for a minute or two while it restarts. You can move the window under Settings > Device > Updates, or see the version under About (4.6 shipped this month).
Reply: (nightowl_dev) ok, phew. Good to know.
""", "thread 2025-08-28")

forum("hv_forum_vacation_hold.txt", "https://community.hushvane.example/t/three-weeks-abroad-vacation-hold/2402", """
Title: Going abroad for 3 weeks - is vacation hold long enough?
User: (the_gardners) We're away 21 days over the holidays. Can one vacation hold cover all of it, or will it start heating the house for nobody halfway through?
Reply: (frostline) Vacation hold tops out at a fortnight. After that the normal schedule comes back on. Either start a second hold from the app while you're away (it works from anywhere) or just set the thermostat to Away, which has no time limit.
Reply: (the_gardners) Second hold from the beach it is. Thanks!
""", "thread 2025-11-18")

forum("hv_forum_temperature_swing.txt", "https://community.hushvane.example/t/furnace-short-cycling-default-swing/2333", """
Title: Furnace short cycling - what's the default swing?
User: (dan_w) Furnace turns on and off every few minutes on our One. What's the default temperature swing and what should I set it to?
Reply: (hvac_amy) Default swing is 1 degree Celsius. Try 1.5.
Reply: (hushvane_mod_ines) Correction to the above: since firmware 4.0 the default swing is 0.5 °C (1 °F); 1 °C was the default on 3.x. For short cycling, raising it to 1 °C is a good first step. Also have your installer check the minimum run time (default 3 minutes). The 5-minute compressor protection only applies to cooling and heat pumps, not a gas furnace.
Reply: (hvac_amy) Right, I was thinking of my old unit. Listen to Ines.
""", "thread 2025-10-12; first reply states the firmware 3.x value, corrected by a moderator")

forum("hv_forum_schedule_slots_fw32.txt", "https://community.hushvane.example/t/only-four-schedule-changes-per-day/1187", """
Title: Only four schedule changes per day?
User: (rtanaka) Posted 2023-06-14. Firmware 3.2 on a One. I want wake / leave / lunch at home / back / sleep, that's five. The app won't let me add the fifth. Am I missing something?
Reply: (frostline) You're not missing anything: firmware 3.2 only allows four time slots per day. Most people merge "leave" and "lunch" and let auto-away handle the gap. Support says a bigger limit is planned but no date.
Reply: (rtanaka) Merged them. Annoying but works.
""", "thread 2023-06-14, firmware 3.2 (before 4.0)")

# ---------------- blogs ----------------
blog("hv_blog_pro_review.md", "Hushvane Pro review: quiet, clever, a little pricey",
     "https://gadgetglen.example/reviews/hushvane-pro", "2025-03-18", """
*Gadget Glen - review by Omar Reyes*

The Hushvane Pro is the nicest thermostat we've lived with this winter. The 3.5-inch screen is
bright without being obnoxious, it handles our two-stage heat pump properly, and it joins 5 GHz
Wi-Fi, which its cheaper sibling the One cannot.

**Comfort.** Out of the box the Pro uses a factory temperature swing of 1.5 °C, which felt a
little lazy in our drafty living room; we tightened it to 1 °C and were happy. Auto-away worked
reliably once we'd added remote sensors.

**Sensors.** The Pro supports up to six remote sensors (the One four). Each sensor runs about two
years on a coin cell.

**Energy.** The monthly report is genuinely useful, and the app's history view makes it easy to
see what a cold snap costs.

**Verdict:** 8/10. Pricey at $249, but the best-behaved thermostat we've tested.
""", "third-party review; sensor figure was right for firmware 4.5 at the time but no version is named")

blog("hv_blog_energy_reports.md", "What your smart thermostat's energy report is really telling you",
     "https://pennywisehome.example/blog/thermostat-energy-reports", "2025-09-09", """
*Pennywise Home*

If you own a Hushvane, an email lands on the 2nd of each month with a summary of last month's
heating and cooling. Here's how to read it without getting fooled.

**The kWh number is an estimate.** Hushvane multiplies runtime by a default system size of 3.5 kW
unless you tell it otherwise. Enter your real equipment rating in the app and the figure gets
much closer to your utility bill.

**"Similar homes" are not your home.** The comparison uses homes of similar size within about
20 miles; it doesn't know about your leaky windows.

**Download your data.** Hushvane keeps one year of history in the app, so export a CSV every
spring and autumn if you want to compare winters over time. Each export can cover up to 366 days.
""", "personal-finance blog")

blog("hv_blog_news_fw44.md", "Hushvane firmware 4.4 starts rolling out",
     "https://smarthomewire.example/news/hushvane-firmware-4-4", "2025-01-21", """
*SmartHome Wire*

Hushvane has started rolling out firmware 4.4 for its One and Pro thermostats. As usual the
release reaches all devices in stages over about ten days.

The update is mostly about reliability: Wi-Fi reconnects after router restarts are faster and the
humidity reading on the One is better calibrated. On firmware 4.4, the Pro supports up to six
remote sensors and the One four; Hushvane told us a higher limit for the Pro is "being tested".

The release follows 4.3 in November, which shortened auto-away to two hours without motion.
""", "trade news post")

blog("hv_blog_postmortem_schedule_sync.md", "Postmortem: schedule sync outage on 6 May 2025",
     "https://status.hushvane.example/blog/postmortem-2025-05-06-schedule-sync", "2025-05-09", """
*Hushvane status blog*

## Summary

On 6 May 2025 from 05:48 to 10:00 UTC (4 hours 12 minutes), schedule changes made in the app did
not reach about 38% of thermostats. Thermostats kept running their stored schedules; no device
lost heating or cooling.

## Impact

Each thermostat stores its 8 daily schedule slots locally, so homes followed their existing
schedule throughout. Changes made in the app during the outage were applied when service
recovered. Auto-away and geofencing were not affected.

## Root cause

A certificate rotation on one of three MQTT broker clusters (port 8883) was applied with an
incomplete chain. Affected thermostats retried every 90 seconds and failed the TLS handshake.

## What we are changing

- Certificate chains are validated against a staging device fleet before rollout.
- The app now shows "Waiting for thermostat" instead of "Saved" until the device confirms a change.
""", "vendor status-page postmortem")

blog("hv_blog_installer_tips.md", "Installer notes: wiring and setting up a Hushvane on a heat pump",
     "https://northfieldhvac.example/blog/hushvane-heat-pump-setup", "2025-07-14", """
*Northfield Heating & Air - installer blog*

We install a lot of Hushvane Pros on heat pumps. A few notes for other techs:

- Use 18 AWG thermostat wire; we run 8-conductor even when 6 would do.
- The C-wire is mandatory on the Pro (24 VAC). Don't try to power-steal.
- Compressor protection defaults to five minutes after shutdown, which is what most compressor
  manufacturers want. Leave it alone unless the equipment manual says otherwise; the range is
  2-10 minutes in the installer menu.
- Minimum run time defaults to 3 minutes. On an oversized system we go to 5.
- Set aux heat lockout to around -5 °C (23 °F) for most cold-climate units.

Questions? Call the shop at extension 214.
""", "HVAC installer blog")

TICKETS = {"support_tickets": [
    {"id": "HV-55102", "title": "Filter reminder showing up too early?", "status": "closed",
     "created_date": "2025-09-30", "source_url": "https://help.hushvane.example/tickets/HV-55102",
     "content": "Customer: My One asked me to change the air filter again, and I only changed it in early July. Is the reminder broken?\n\nAgent (tier 1, Bryce): Thanks for reaching out! The filter reminder is every six months by default, so if you got it after three months it was probably changed manually at some point. You can check under Settings > Reminders > Air filter and set it back.\n\nCustomer: OK, I'll look."},
    {"id": "HV-55230", "title": "AC says Waiting after it turns off", "status": "solved",
     "created_date": "2025-07-21", "source_url": "https://help.hushvane.example/tickets/HV-55230",
     "content": "Customer: When the AC shuts off and I lower the temperature right away, the thermostat shows Waiting with a timer. Why?\n\nAgent (tier 1, Leah): That's compressor protection. After the AC shuts off, the thermostat waits five minutes before starting the compressor again, to protect it from damage. Your installer can change it between 2 and 10 minutes, but we recommend leaving the default."},
    {"id": "HV-55391", "title": "Didn't get my monthly energy report", "status": "solved",
     "created_date": "2025-10-01", "source_url": "https://help.hushvane.example/tickets/HV-55391",
     "content": "Customer: It's October 1st and the September report isn't in my inbox. Is it lost?\n\nAgent (tier 1, Bryce): Reports are emailed on the 1st of each month, so it may just be delayed a few hours. Please also check your spam folder and that reports are enabled under Account > Notifications."},
    {"id": "HV-55470", "title": "How many sensors on the One?", "status": "solved",
     "created_date": "2025-10-14", "source_url": "https://help.hushvane.example/tickets/HV-55470",
     "content": "Customer: I have a One with 4 sensors and want to add a fifth in the nursery.\n\nAgent (tier 1, Leah): The One supports up to 4 remote sensors, so a fifth won't pair. The Pro supports up to 8. You could also move one of your existing sensors to the nursery."},
]}
META["data/tickets/tickets.json"] = ("https://help.hushvane.example/tickets/HV-55102<br>https://help.hushvane.example/tickets/HV-55230<br>https://help.hushvane.example/tickets/HV-55391<br>https://help.hushvane.example/tickets/HV-55470",
    "4 tickets 2025-07 to 2025-10: HV-55102 (tier-1 agent wrong: filter every six months), HV-55230, HV-55391 (agent states the pre-4.6 report day, the 1st), HV-55470 (invented)")

D = "data/docs/"; F = "data/forums/"; B = "data/blogs/"; T = "data/tickets/tickets.json"
CASES = [
 dict(q="Nobody's home and nothing is moving — how long does the thermostat wait before it flips itself into Away?",
      expect="contradiction",
      sides=[[D+"hv_settings_away.md", ["after 2 hours without motion"]], [F+"hv_forum_auto_away_delay.txt", ["Auto-away kicks in after three hours"]]],
      authoritative=["2 hours", "two hours", "120 minutes"],
      note="Away doc (4.6): 'The thermostat switches to Away after 2 hours without motion'. Forum reply (pete_hvac_guy, 2025-10): 'Auto-away kicks in after three hours' with no firmware named - the pre-4.3 value stated as current.",
      a0="2 hours", a1="three hours"),
 dict(q="How far does the room have to drift from the setpoint before a new Pro kicks the heating on, with factory settings?",
      expect="contradiction",
      sides=[[D+"hv_settings_comfort.md", ["Default: 0.5 °C (1 °F)"]], [B+"hv_blog_pro_review.md", ["factory temperature swing of 1.5 °C"]]],
      authoritative=["0.5 °C", "0.5 degrees Celsius", "1 °F"],
      note="Comfort settings: 'Temperature swing Default: 0.5 °C (1 °F)'. Gadget Glen review: 'Out of the box the Pro uses a factory temperature swing of 1.5 °C' - never a default (3.x used 1 °C).",
      a0="0.5 °C (1 °F)", a1="1.5 °C"),
 dict(q="Without a subscription, how many months of energy history does the app hold on to?",
      expect="contradiction",
      sides=[[D+"hv_energy_reports.md", ["The app keeps 24 months of daily runtime"]], [B+"hv_blog_energy_reports.md", ["Hushvane keeps one year of history in the app"]]],
      authoritative=["24 months", "two years"],
      note="Energy reports doc: 'The app keeps 24 months of daily runtime and estimated kWh. With Hushvane Plus, 5 years'. Pennywise Home (2025-09, after 4.5): 'Hushvane keeps one year of history in the app' (before 4.5 it was 13 months).",
      a0="24 months", a1="one year"),
 dict(q="How often will the thermostat nag someone to swap the air filter if they never touched that reminder?",
      expect="contradiction",
      sides=[[D+"hv_maintenance_reminders.md", ["Default: every 90 days"]], [T, ["The filter reminder is every six months by default"]]],
      authoritative=["90 days", "every 90 days", "about three months"],
      note="Maintenance reminders: 'Air filter Default: every 90 days'. Tier-1 agent in HV-55102: 'The filter reminder is every six months by default' - confused with the humidifier pad reminder ('Default: every 6 months').",
      a0="every 90 days", a1="every six months"),
 dict(q="A customer with a big house asks what the ceiling is on remote sensors paired to a single Pro.",
      expect="contradiction",
      sides=[[D+"hv_models_and_limits.md", ["| Remote sensors per thermostat | 4 | 8 |"]], [F+"hv_forum_pro_sensors.txt", ["You can pair up to 10 sensors on the Pro"]]],
      authoritative=["8", "eight", "8 sensors"],
      note="Models table (4.6): '| Remote sensors per thermostat | 4 | 8 |' (Pro 8; release notes 4.6: raised from 6 to 8). Forum reply (sensorsteve): 'You can pair up to 10 sensors on the Pro' - never a documented value.",
      a0="8 sensors", a1="10 sensors"),
 dict(q="When the house is in Away, what heating temperature does it fall back to if the user never changed anything?",
      expect="consistent",
      sides=[[D+"hv_settings_away.md", ["Default: 15 °C (59 °F)"]], [F+"hv_forum_away_temperature.txt", ["it drops to 59°F"]]],
      authoritative=["15 °C", "59 °F", "59°F"],
      note="Away doc: 'Away heat setpoint Default: 15 °C (59 °F)'. Forum: 'Heating side it drops to 59°F unless someone changed it' - same value in Fahrenheit (the 84 °F cooling figure is the neighbouring setting).",
      a0="15 °C (59 °F)", a1="59°F"),
 dict(q="If automatic updates are left on, at what time of night does the thermostat install new firmware?",
      expect="consistent",
      sides=[[D+"hv_firmware_updates.md", ["Default: 02:00–04:00 local time"]], [F+"hv_forum_update_reboot.txt", ["they install between 2 and 4 am local time"]]],
      authoritative=["02:00-04:00 local time", "between 2 and 4 am"],
      note="Firmware updates doc: 'Update window Default: 02:00–04:00 local time'. Moderator reply: 'By default they install between 2 and 4 am local time'.",
      a0="02:00–04:00 local time", a1="between 2 and 4 am"),
 dict(q="What's the longest stretch a vacation hold can be set for?",
      expect="consistent",
      sides=[[D+"hv_settings_away.md", ["for up to 14 days"]], [F+"hv_forum_vacation_hold.txt", ["Vacation hold tops out at a fortnight"]]],
      authoritative=["14 days", "two weeks", "a fortnight"],
      note="Away doc: 'Hold the away setpoints (or custom ones) for up to 14 days'. Forum: 'Vacation hold tops out at a fortnight' - same duration.",
      a0="14 days", a1="a fortnight"),
 dict(q="After the air conditioner shuts off, how long is the compressor kept from restarting by default?",
      expect="consistent",
      sides=[[D+"hv_settings_comfort.md", ["Default: 5 minutes. Range 2–10 minutes"]], [T, ["waits five minutes before starting the compressor again"]]],
      authoritative=["5 minutes", "five minutes"],
      note="Comfort settings: 'Compressor protection (minimum off-time) Default: 5 minutes. Range 2–10 minutes'. Tier-1 agent in HV-55230: 'the thermostat waits five minutes before starting the compressor again' (neighbouring minimum run time is 3 minutes).",
      a0="5 minutes", a1="five minutes"),
 dict(q="A user says they can only program four temperature changes a day. Is that still a limit on current thermostats?",
      expect="version_scoped",
      sides=[[D+"hv_models_and_limits.md", ["| Schedule slots per day | 8 | 8 |"]], [F+"hv_forum_schedule_slots_fw32.txt", ["firmware 3.2 only allows four time slots per day"]]],
      authoritative=["8", "eight", "8 slots per day"],
      note="Models table (4.6): '| Schedule slots per day | 8 | 8 |'. The 2023 thread names firmware 3.2: 'firmware 3.2 only allows four time slots per day' - correct then; release notes 4.0: 'Schedule slots per day increased from 4 to 8'.",
      a0="8 schedule slots per day", a1="4 slots per day", scope="firmware 3.x (before 4.0, 2024-02-27)"),
 dict(q="Could the Pro always take eight remote sensors, or is that new?",
      expect="version_scoped",
      sides=[[D+"hv_models_and_limits.md", ["| Remote sensors per thermostat | 4 | 8 |"]], [B+"hv_blog_news_fw44.md", ["On firmware 4.4, the Pro supports up to six", "remote sensors"]]],
      authoritative=["8", "eight"],
      note="Models table (4.6): Pro 8 remote sensors. SmartHome Wire (2025-01) scopes its figure: 'On firmware 4.4, the Pro supports up to six remote sensors'; release notes 4.6: 'remote sensor limit raised from 6 to 8 sensors'.",
      a0="8 sensors (since firmware 4.6)", a1="6 sensors", scope="firmware 4.5 and earlier (raised to 8 in 4.6, 2025-08-19)"),
]

GOLD = [
 ("After how long without motion does auto-away switch the thermostat to Away?",
  [D+"hv_settings_away.md", D+"hv_firmware_release_notes.md", F+"hv_forum_auto_away_delay.txt", B+"hv_blog_news_fw44.md"]),
 ("What is the default temperature swing?",
  [D+"hv_settings_comfort.md", D+"hv_firmware_release_notes.md", F+"hv_forum_temperature_swing.txt", B+"hv_blog_pro_review.md"]),
 ("How much energy history does the Hushvane app keep?",
  [D+"hv_energy_reports.md", D+"hv_models_and_limits.md", D+"hv_firmware_release_notes.md", B+"hv_blog_energy_reports.md"]),
 ("How often does the air filter reminder appear by default?",
  [D+"hv_maintenance_reminders.md", T]),
 ("How many remote sensors can a Hushvane Pro pair?",
  [D+"hv_models_and_limits.md", D+"hv_firmware_release_notes.md", F+"hv_forum_pro_sensors.txt", B+"hv_blog_pro_review.md", B+"hv_blog_news_fw44.md", T]),
 ("What is the default away heating setpoint?",
  [D+"hv_settings_away.md", F+"hv_forum_away_temperature.txt"]),
 ("When are firmware updates installed automatically?",
  [D+"hv_firmware_updates.md", F+"hv_forum_update_reboot.txt"]),
 ("What is the maximum length of a vacation hold?",
  [D+"hv_settings_away.md", F+"hv_forum_vacation_hold.txt"]),
 ("What is the default compressor protection (minimum off-time)?",
  [D+"hv_settings_comfort.md", F+"hv_forum_temperature_swing.txt", B+"hv_blog_installer_tips.md", T]),
 ("How many schedule slots per day does the thermostat support?",
  [D+"hv_models_and_limits.md", D+"hv_firmware_release_notes.md", F+"hv_forum_schedule_slots_fw32.txt", B+"hv_blog_postmortem_schedule_sync.md"]),
 ("On which day of the month is the monthly energy report emailed?",
  [D+"hv_energy_reports.md", D+"hv_firmware_release_notes.md", B+"hv_blog_energy_reports.md", T]),
 ("What is the default geofence radius for auto-away?",
  [D+"hv_settings_away.md", F+"hv_forum_auto_away_delay.txt"]),
]

SUMMARY = """* **hushvane** - Hushvane One / Hushvane Pro, a smart home thermostat with an app (schedule
  slots, remote sensors, auto-away and vacation hold, comfort settings, energy reports, firmware
  updates, maintenance reminders, Hushvane Plus subscription). Current: **firmware 4.6**
  (2025-08-19), app 3.9."""
CHANGES = """* **hushvane** - schedule slots 4 -> 8 per day and temperature swing 1 °C -> 0.5 °C (1 °F) in
  4.0; auto-away 3 hours -> 2 hours in 4.3; energy history 13 -> 24 months (Plus 5 years) in 4.5;
  Pro remote sensors 6 -> 8 and report email 1st -> 2nd of the month in 4.6. Distractors: Plus
  5 years vs free 24 months; One 4 vs Pro 8 sensors; compressor protection 5 minutes vs minimum
  run time 3 minutes vs fan circulation 15 minutes per hour; air filter 90 days vs humidifier pad
  6 months vs UV lamp 12 months (a tier-1 agent mixes them up); away heat 15 °C (59 °F) vs away
  cool 29 °C (84 °F); geofence 500 m; vacation hold 14 days ("a fortnight") vs smart pre-heat
  3 hours; 366-day CSV export, 3.5 kW default system size, 18 MB image, 10-day rollout, ports
  443 and 8883, 18 AWG wire, 24 VAC, extension 214. Wrong or stale values: a forum reply says
  auto-away waits three hours, another that a Pro pairs 10 sensors, a reply says the swing is
  1 degree Celsius (corrected in the thread), a review says a factory swing of 1.5 °C and six
  sensors, a finance blog says one year of history, tier-1 agents say every six months (filter)
  and the 1st of the month (report)."""
