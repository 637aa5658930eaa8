import json
t = {"support_tickets": [
 {"id": "AW-58102", "title": "CO2 alert going off too early?", "status": "closed", "created_date": "2025-10-14",
  "source_url": "https://help.aerwyn.example/tickets/AW-58102",
  "content": "Customer: I set up a brand-new Pulse 2 yesterday (firmware 3.4.0 after the update in the app). It sent me a CO2 alert at 1010 ppm. I thought these things only alert at much higher levels? Did I change something by accident?\n\nAgent (Tier 1, Hollis): Thanks for reaching out! The default alert is 1200 ppm, so an alert at 1010 ppm means the threshold on your monitor was probably lowered during setup. You can check it under (monitor) > Alerts and move the slider back up to 1200 ppm. Let me know if there's anything else I can help with!\n\n[closed - no reply from customer within 7 days]"},
 {"id": "AW-58377", "title": "How many monitors can one Home have? Office install", "status": "solved", "created_date": "2025-10-29",
  "source_url": "https://help.aerwyn.example/tickets/AW-58377",
  "content": "Customer: We plan to install 14 Pulse 2 monitors in our office (one per meeting room). Will they fit in one Home or do we need Plus?\n\nAgent (Tier 1, Priya): On app 5.2 and later you can have up to sixteen monitors per Home, on both the Free plan and Plus, so 14 fits. Members per Home are limited to 4 on Free and 8 on Plus, so if more than four colleagues need access, Plus is the one to look at. Order ref 40-1187 is already linked to your account.\n\n[solved]"},
 {"id": "AW-58610", "title": "CSV export stops after a month", "status": "solved", "created_date": "2025-11-12",
  "source_url": "https://help.aerwyn.example/tickets/AW-58610",
  "content": "Customer: When I export CSV for Jan 1 to Mar 31 I only get January.\n\nAgent (Tier 2, Ferreira): On the Free plan one export file covers at most 31 days; the app silently trims longer ranges (we've filed a bug so it warns instead). Please export in three runs. With Plus the limit is 366 days per file. Your history is kept for 90 days on Free, so January data will be deleted at the start of April - export it soon.\n\n[solved]"},
 {"id": "AW-58844", "title": "PM2.5 alert threshold different from my sister's", "status": "solved", "created_date": "2025-12-02",
  "source_url": "https://help.aerwyn.example/tickets/AW-58844",
  "content": "Customer (account region: Canada): My monitor's PM2.5 alert was set to 35 when I got it. My sister in Belgium has the same monitor and hers was 25. Is one of them wrong?\n\nAgent (Tier 1, Hollis): Both are correct. The default PM2.5 alert depends on the account region: accounts in the US and Canada start at 35 µg/m³, accounts in the EU and UK at 25 µg/m³. Both use a one-hour rolling average. You can change yours in (monitor) > Alerts anywhere between 5 and 250.\n\n[solved]"}
]}
json.dump(t, open("/tmp/heldout16/support_u/aerwyn_pulse/data/tickets/tickets.json","w"), indent=2, ensure_ascii=False)
