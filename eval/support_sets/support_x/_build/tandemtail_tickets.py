import json
t = [
 {"id": "TT-118204", "title": "App won't let me add a 7th meal", "status": "closed", "created_date": "2026-09-08",
  "source_url": "https://help.tandemtail.example/tickets/118204",
  "content": "Customer: My vet wants 8 small meals a day for my cat. The app stops me after 6 meals, the + button is greyed out. Feeder shows firmware 3.4.0, app 5.3.\n\nAgent (Tier 1, Bryce): Thank you for contacting Tandemtail Support! The TF-2 supports a maximum of 6 meals per day. As a workaround you can increase the number of portions per meal (up to 15). Is there anything else I can help you with today?\n\n[ticket closed automatically after 72 hours without reply]"},
 {"id": "TT-118377", "title": "Feeding history only shows since spring?", "status": "solved", "created_date": "2026-09-19",
  "source_url": "https://help.tandemtail.example/tickets/118377",
  "content": "Customer (US account): I wanted to compare this September with last September but the history stops in mid-March. I've had the feeder since 2024.\n\nAgent (Tier 2, Yusuf): US accounts keep a full year of feeding history; anything older than that is deleted on a rolling basis. Your history started in mid-March because your feeder was re-added to the app on 2026-03-14 (after a factory reset), which starts a new history. Tip: Feeder > History > Export saves a CSV you can keep. For reference, EU and UK accounts keep 90 days.\n\nCustomer: Ah, the factory reset. Makes sense, thanks."},
 {"id": "TT-118455", "title": "Low food notification never arrives", "status": "solved", "created_date": "2026-10-02",
  "source_url": "https://help.tandemtail.example/tickets/118455",
  "content": "Customer: The hopper ran completely empty and I got no low food alert.\n\nAgent (Tier 1, Ines): Sorry about that! The low food alert fires when the hopper level drops below the threshold, which is 20% by default (you can set 10-50%). The level is only measured after a meal, and the sensor needs a clean window - please wipe the small dark lens at the top inside of the hopper with a dry cloth. Also check that Notifications > Low food is on and that the app is allowed to send notifications in your phone settings.\n\nCustomer: The lens was covered in kibble dust. Alert works now."},
 {"id": "TT-118590", "title": "Plus clips disappearing after 2 weeks", "status": "open", "created_date": "2026-10-27",
  "source_url": "https://help.tandemtail.example/tickets/118590",
  "content": "Customer (Tail+ Plus): Clips older than 2 weeks vanish from my timeline. I'm paying for Plus.\n\nAgent (Tier 1, Bryce): Thanks for reaching out! Tail+ Plus stores clips for 14 days, after which they are deleted automatically. If you need to keep a clip longer, please download it.\n\nCustomer: Your website says 30 days for Plus??\n\n[awaiting agent reply]"},
]
json.dump({"support_tickets": t}, open("tickets.json", "w"), indent=2, ensure_ascii=False)
