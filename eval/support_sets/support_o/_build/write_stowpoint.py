"""Writes stowpoint/data/* (all text invented for this held-out set)."""
import json, os
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "stowpoint", "data")
F = {}

F["docs/hardware_specifications.md"] = """---
title: "Stowpoint Duo and Quad: hardware specifications"
source_url: https://docs.stowpoint.example/hardware/specifications
version: "Stowpoint Duo (SP-D2) and Quad (SP-Q4), StowOS 5.3"
---

# Hardware specifications

| | Duo (SP-D2) | Quad (SP-Q4) |
|---|---|---|
| Drive bays | 2 x 3.5"/2.5" SATA | 4 x 3.5"/2.5" SATA |
| Largest supported drive (StowOS 5.3) | 24 TB per bay | 24 TB per bay |
| Maximum raw capacity | 48 TB | 96 TB |
| M.2 NVMe cache slots | - | 2 (2280, up to 2 TB each) |
| CPU | 4-core ARM 1.8 GHz | 4-core x86 2.0 GHz |
| Memory | 2 GB (fixed) | 8 GB, expandable to 32 GB |
| Network | 1 x 1GbE | 2 x 2.5GbE |
| USB | 2 x USB 3.2 Gen 1 | 3 x USB 3.2 Gen 1 |
| Power adapter | 65 W | 120 W |
| Power draw, access | 24 W | 42 W |
| Power draw, idle | 12 W | 21 W |
| Power draw, drives hibernated | 5 W | 9 W |
| Noise (idle) | 18 dB(A) | 21 dB(A) |

Power figures were measured with 4 TB (Duo) or 8 TB (Quad) CMR drives in every bay at 230 V.

Drives larger than the listed maximum may be detected but are not supported. See the
compatibility list for tested models.

Default web interface ports: 5080 (HTTP) and 5443 (HTTPS). The Stowpoint Home app also uses
UDP 5353 for discovery on the local network.
"""

F["docs/power_settings.md"] = """---
title: "Power settings (Control Panel > Hardware & Power)"
source_url: https://docs.stowpoint.example/stowos/power-settings
version: "StowOS 5.3 (current)"
---

# Power settings

## HDD hibernation

Spins the hard drives down when no data has been read or written for the set time.

Default: 20 minutes
Options: 10, 20, 30 minutes, 1, 2, 3 hours, Never

Drives in a volume that hosts running apps (for example the media server) may wake often.
Use the hibernation log (Support Center > Logs > Hibernation) to see what woke them.

## Fan mode

Default: Quiet
Options: Quiet, Cool, Full speed. In Quiet mode the fan steps down after the system has been
idle for 5 minutes.

## Wake on LAN

Default: Enabled (LAN 1 only)

## Power schedule

Default: Off. Up to 10 power-on / power-off entries.

## Power recovery

Default: Restore the previous state after a power failure.

## UPS

Default: Safe shutdown after 5 minutes on battery, or at 15% battery, whichever comes first.

## LED brightness

Default: 60%
"""

F["docs/snapshots.md"] = """---
title: "Snapshots: default schedule and retention"
source_url: https://docs.stowpoint.example/stowos/snapshots
version: "StowOS 5.3 (current)"
---

# Snapshots

Snapshots are read-only, point-in-time copies of a shared folder. They need a Btrfs volume.

## Default schedule

New shared folders get the **Standard** protection schedule unless you turn it off:

Default: one snapshot every hour, retain 24 hourly snapshots and 14 daily snapshots (a fortnight)

The daily snapshot is the one taken at 00:00. Older snapshots are deleted automatically at
the next run.

## Limits

* Maximum snapshots per shared folder: 256
* Maximum snapshots per system: 4,096
* Snapshot reserve: Default: 10% of the volume. When the reserve is full, the oldest
  scheduled snapshots are removed first; manual snapshots are never removed automatically.

## Restoring

Users can browse snapshots from File Station (**Previous versions**) or from Windows
(**Restore previous versions**, SMB). Restoring a whole folder is done from
**Storage > Snapshots > Restore** and takes a new snapshot first.
"""

F["docs/recycle_bin.md"] = """---
title: "Recycle bin for shared folders"
source_url: https://docs.stowpoint.example/stowos/recycle-bin
version: "StowOS 5.3 (current)"
---

# Recycle bin

Files deleted over SMB, AFP, File Station or the Stowpoint Home app are moved to the
`#recycle` folder of their shared folder.

## Automatic emptying

Default: files are removed from the recycle bin 30 days after they were deleted

Options: 7, 14, 30, 60, 90 days, or Never (empty manually).

## Size limit

Default: no size limit. You can cap the recycle bin at a percentage of the shared folder
(5% - 50%); when the cap is reached, the oldest files go first.

## Who can see it

Default: administrators only. Owners of a shared folder can be given access.

Note: files deleted over NFS or rsync do not go to the recycle bin.
"""

F["docs/account_security.md"] = """---
title: "Account security: sign-in protection, 2FA and sessions"
source_url: https://docs.stowpoint.example/stowos/account-security
version: "StowOS 5.3 (current)"
---

# Account security

## Auto block (sign-in protection)

Default: an IP address is blocked for 15 minutes after 5 failed sign-in attempts within
10 minutes.

Blocked addresses are listed under **Security > Auto block**. Addresses on the allow list
(by default the local subnet is not on it) are never blocked.

## Two-factor authentication

Default: required for the admin account created during setup; optional for other users.

## Web session timeout

Default: 30 minutes of inactivity. The Stowpoint Home app uses a separate token valid for
90 days.

## Accounts

Up to 64 user accounts on Duo and 1,024 on Quad.
"""

F["docs/firmware_updates.md"] = """---
title: "StowOS updates: automatic installation and release channels"
source_url: https://docs.stowpoint.example/stowos/updates
version: "StowOS 5.3 (current)"
---

# StowOS updates

## Automatic updates

Default: Install important updates automatically; notify me about all other updates

The device checks for updates once a day. Automatic installs happen only inside the
maintenance window.

## Maintenance window

Default: 02:00 - 04:00 (device local time)

If an update needs a restart, the device restarts inside the window. Running backups are
allowed to finish first (up to 60 minutes).

## Release channels

* Stable (default)
* Early access (opt-in, receives releases about 14 days before Stable)

New Stable releases are rolled out in stages over 7 days.

## Manual update

Download the `.spx` file (about 380 MB) from the download centre and upload it in
**Control Panel > Update**.
"""

F["docs/stowos_5_release_notes.md"] = """---
title: "StowOS 5 release notes"
source_url: https://docs.stowpoint.example/release-notes/stowos-5
version: "StowOS 5.0 - 5.3"
---

# StowOS 5 release notes

## 5.3 (February 2026)

* Snapshot reserve now defaults to 10% of the volume (was 15%).
* Fixed: HDD hibernation log did not list Stowpoint Home thumbnail jobs.

## 5.2 (September 2025)

* Auto block now allows 5 failed sign-in attempts (previously 3) before blocking an IP
  address; block time unchanged at 15 minutes.
* 5.2.1 was withdrawn on 2025-10-03 (see the status page) and replaced by 5.2.2.

## 5.1 (May 2025)

* Largest supported drive raised from 18 TB to 24 TB per bay on Duo and Quad.

## 5.0 (January 2025)

* New Standard snapshot schedule for new shared folders: hourly, keeping 24 hourly and 14
  daily snapshots. StowOS 4.x took one snapshot a day and kept 7.
* HDD hibernation default changed from 10 minutes to 20 minutes to reduce spin-up cycles.
* Web interface moved from ports 8080/8443 to 5080/5443.
"""

# ---------------- forums ----------------
F["forums/forum_drives_keep_spinning_down.txt"] = """Title: Quad drives spin down and up all evening - normal??
User: Hi everyone, first NAS ever, so be gentle :) I have a Quad with four 8 TB drives in the hall closet and in the evening I can hear the drives spin down, then a few minutes later spin up again, over and over. It's driving my partner mad. How long are they supposed to wait before spinning down, and what can I change? We mostly use it for photos and a Plex-like media app.
Reply: Drives spin down after 10 minutes idle by default. Your media app's library scan is probably waking them. Set hibernation to 1 hour or Never if it bothers you.
Reply: Also check Support Center > Logs > Hibernation, it tells you exactly which process woke the disks. For me it was the thumbnail indexer at 21:40 every night.
Reply: Thank you both!! It was the thumbnail thing. Moved it to 3am.
Source: https://forum.stowpoint.example/t/quad-drives-spin-down-and-up-all-evening/33190
"""

F["forums/forum_hibernation_default_changed.txt"] = """Title: Hibernation timer default - 10 or 20 min?
User: Setting up a second unit for my parents. Old box says 10 min hibernation, new box says 20. Which is the actual default? Both on auto settings.
Reply: 10.
Reply: Not quite - 10 minutes was the StowOS 4.x default, and a lot of guides still quote it. 5.0 changed it to 20 minutes to cut down spin-up cycles. Your old box is probably still on 4.x, or was upgraded and kept its old setting (upgrades don't touch settings you already had).
Reply: Yep, old one is 4.6.2. Thanks.
Source: https://forum.stowpoint.example/t/hibernation-timer-default-10-or-20-min/35021
"""

F["forums/forum_locked_out_of_web_ui.txt"] = """Title: Locked myself out of the web UI
User: Typed the admin password wrong a few times from my laptop, now https://nas.local:5443 just says "Your IP is blocked". How long does this last?
Reply: You get locked after 3 failed attempts and the block lasts 15 minutes. Wait it out or log in from another device and remove the IP under Security > Auto block.
Reply: worked from my phone. removed the block.
Source: https://forum.stowpoint.example/t/locked-myself-out-of-the-web-ui/34477
"""

F["forums/forum_how_far_back_snapshots.txt"] = """Title: How far back can I restore with the default snapshot schedule?
User: My kid deleted a school project folder "some time last week". Never set up snapshots myself, just used the defaults on a Duo (StowOS 5.3). How far back can I go?
Reply: The default Standard schedule keeps a day of hourlies plus two weeks of dailies, so last week is covered. Right-click the folder in File Station > Previous versions.
Reply: Found it in the daily from Thursday. Lifesaver.
Source: https://forum.stowpoint.example/t/how-far-back-can-i-restore/35540
"""

F["forums/forum_update_restarted_overnight.txt"] = """Title: NAS restarted by itself overnight?
User: Woke up to "System restarted" notification, uptime 5 h. Nobody touched it. Quad, 5.3.
Reply: That's the automatic update. Important updates install between 2 and 4 am local time by default, and it restarts if needed. Check Control Panel > Update > History.
Reply: History shows 5.3.1 installed at 02:14. Mystery solved.
Source: https://forum.stowpoint.example/t/nas-restarted-by-itself-overnight/35812
"""

F["forums/forum_22tb_drives_in_quad.txt"] = """Title: 22 TB drives in a Quad?
User: Planning 4 x 22 TB in RAID 5 (well, SHR-1). Will the Quad take them?
Reply: On 5.1 and later the Quad takes drives up to 24 TB per bay, so 22 TB is fine. Budget for a long rebuild though - my 20 TB rebuild took about 31 hours.
Reply: Make sure you're actually on 5.1+, on 4.x it refused anything above 18 TB.
Source: https://forum.stowpoint.example/t/22-tb-drives-in-a-quad/32716
"""

F["forums/forum_power_draw_measured.txt"] = """Title: Measured power draw of my Duo vs spec
User: Measured with a plug meter: Duo with 2 x 6 TB, idle 13.5 W, drives hibernated 5.8 W, during a big copy 23 W. Spec says 12 W idle. Close enough?
Reply: Yes, the spec was measured with 4 TB drives at 230 V. Bigger drives draw a bit more. The 65 W adapter has plenty of headroom.
Reply: Mine (Quad, 4 x 8 TB) shows 22 W idle, spec says 21 W. Plug meters are +/- 1 W anyway.
Source: https://forum.stowpoint.example/t/measured-power-draw-of-my-duo-vs-spec/31988
"""

# ---------------- blogs ----------------
F["blogs/nasbench_stowpoint_quad_review.md"] = """---
title: "Stowpoint Quad review: quiet, frugal, and a little cautious on drives"
source_url: https://nasbench.example/reviews/stowpoint-quad
published_date: 2025-10-21
---

The Stowpoint Quad (SP-Q4) is a four-bay home NAS with two 2.5GbE ports, two M.2 cache slots
and 8 GB of RAM that you can take to 32 GB.

**Drives.** The Quad officially supports drives up to 18 TB, which feels conservative in a
year when 24 TB drives are in every shop. Our 20 TB test drives worked but showed a
"not on compatibility list" warning.

**Throughput.** 282 MB/s reads over one 2.5GbE port, 560 MB/s with SMB multichannel.

**Noise.** 21 dB(A) idle in our lab, fan in Quiet mode.

**Software.** StowOS 5.2 was current during testing. The default snapshot schedule
(hourly) is a nice touch for a home product.

**Score:** 8.5/10.
"""

F["blogs/stowpoint_news_stowos_5_1.md"] = """---
title: "StowOS 5.1 is out: 24 TB drives and faster RAID rebuilds"
source_url: https://blog.stowpoint.example/news/stowos-5-1
published_date: 2025-05-20
---

StowOS 5.1 is rolling out to Duo and Quad owners over the next 7 days.

**Bigger drives.** Before StowOS 5.1, the largest supported drive was 18 TB. 5.1 supports
drives of up to 24 TB in every bay, for a maximum of 48 TB raw on Duo and 96 TB on Quad.

**Faster rebuilds.** RAID rebuilds now use up to 70% of the drive bandwidth when the NAS is
idle (50% before), which cut a 16 TB rebuild in our lab from 26 to 19 hours.

**Other changes.** New hibernation log, and the Stowpoint Home app 3.8 adds snapshot
browsing.
"""

F["blogs/stowpoint_postmortem_5_2_1.md"] = """---
title: "Postmortem: why we withdrew StowOS 5.2.1"
source_url: https://status.stowpoint.example/incidents/2025-10-03-stowos-5-2-1
published_date: 2025-10-06
---

## Summary

StowOS 5.2.1 shipped on 29 September 2025 to the first stage of the staged rollout (about
3% of devices). On affected devices, drives never entered hibernation, raising idle power
draw on a Quad from 9 W to around 21 W. We withdrew 5.2.1 on 3 October and released 5.2.2.

## Cause

A new health-check job read SMART data from every drive every 2 minutes. Each read reset
the hibernation timer (default 20 minutes), so the drives never reached it.

## Impact

About 11,800 devices installed 5.2.1 during the maintenance window (02:00 - 04:00 local).
No data was affected. Extra energy use was about 0.3 kWh per device per day.

## Fix

5.2.2 reads SMART data once every 6 hours and only when the drives are already awake.
"""

F["blogs/homelabhints_stowpoint_settings.md"] = """---
title: "5 Stowpoint settings I change on every new NAS"
source_url: https://homelabhints.example/posts/stowpoint-settings
published_date: 2026-01-09
---

I've set up about twenty Stowpoint boxes for friends and family. These are the five
settings I always touch.

1. **Turn on the recycle bin everywhere.** It's on for new shared folders, but not for the
   ones migrated from old units. The recycle bin empties itself after two weeks, so tell
   people to shout quickly if they delete something.
2. **Hibernation to 30 minutes** for boxes that run the media server; the default wakes too
   often on library scans.
3. **Move the maintenance window** if the household works night shifts.
4. **2FA for every admin account**, not just the first one.
5. **Change the web ports** from 5080/5443 if you port-forward (better: don't port-forward,
   use the relay).
"""

F["blogs/wattwise_nas_running_costs.md"] = """---
title: "What does a home NAS cost to run? Stowpoint Duo and Quad on the meter"
source_url: https://wattwise.example/2026/02/home-nas-running-costs
published_date: 2026-02-03
---

I measured both Stowpoint boxes for a month with a logging smart plug.

| | Duo | Quad |
|---|---|---|
| Idle (drives spinning) | 12 W | about 21 watts |
| Drives hibernated | 5 W | 9 W |
| Heavy copy | 24 W | 41 W |

At 0.32 per kWh a Quad that idles 16 hours and hibernates 8 hours a day costs about 45
a year. The 120 W power brick never got warm.

Tip: hibernation matters more than anything else. With the StowOS 5 default of 20 minutes
my Quad spent 9 hours a day hibernated.
"""

tickets = {"support_tickets": [
    {"id": "SP-220871", "title": "How many days of snapshots does the default schedule keep?",
     "status": "solved", "created_date": "2026-03-02",
     "source_url": "https://support.stowpoint.example/tickets/SP-220871",
     "content": "Customer: Quad on StowOS 5.3. I need a file from 10 days ago. I never changed the snapshot settings. Is it still there?\n\nAgent (tier 1): Hello, thanks for contacting Stowpoint Support. The default schedule only keeps 7 days of snapshots, so unfortunately a file from 10 days ago will not be in a snapshot. You could check the recycle bin.\n\nCustomer: I looked under Previous versions anyway and there is a daily snapshot from 10 days ago. ??\n\nAgent (tier 1): Glad you found it! Closing this ticket."},
    {"id": "SP-221304", "title": "Largest drive for Duo",
     "status": "solved", "created_date": "2026-03-09",
     "source_url": "https://support.stowpoint.example/tickets/SP-221304",
     "content": "Customer: Which is the biggest hard drive I can put in my Duo? Firmware 5.3.\n\nAgent (tier 1): On StowOS 5.3 the Duo supports drives up to 24 TB per bay, so 48 TB raw in total. Please pick a model from the compatibility list.\n\nCustomer: Thanks."},
    {"id": "SP-221950", "title": "IP blocked after wrong password",
     "status": "solved", "created_date": "2026-03-18",
     "source_url": "https://support.stowpoint.example/tickets/SP-221950",
     "content": "Customer: My son tried to log in to the NAS with the wrong password, now his laptop is blocked.\n\nAgent (tier 1): The block is lifted automatically after 15 minutes. An admin can also remove it under Security > Auto block.\n\nCustomer: Ok, it works now."},
    {"id": "SP-222416", "title": "Replacement power adapter for Quad",
     "status": "solved", "created_date": "2026-03-27",
     "source_url": "https://support.stowpoint.example/tickets/SP-222416",
     "content": "Customer: The power brick of my Quad died. Can I use a 90 W laptop adapter with the same plug?\n\nAgent (tier 1): Please don't - the Quad needs the 120 W adapter (12 V, 10 A). A smaller one can shut down under load during a RAID rebuild. Replacement part SP-PA120 is on its way under warranty.\n\nCustomer: Thank you."},
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
