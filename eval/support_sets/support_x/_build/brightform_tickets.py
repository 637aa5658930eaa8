import json
t = [
 {"id": "BF-40211", "title": "80 MB screen recording fails to upload on Pro", "status": "closed", "created_date": "2026-09-29",
  "source_url": "https://support.brightform.example/hc/requests/40211",
  "content": "Customer (Pro plan, US region): We ask bug reporters to attach a screen recording. A user's 80 MB .mov upload fails at about 60% every time. Smaller files work.\n\nAgent (Tier 1, Dylan): Hi, thanks for reaching out! The Pro plan allows files up to 50 MB per file, so an 80 MB recording is over the limit. You can ask the user to compress the video or upgrade to Business for larger files. Let me know if there is anything else I can help with!\n\nCustomer: Ok, we'll ask them to compress it.\n\n[status set to closed]"},
 {"id": "BF-40388", "title": "429 errors from API on Free plan", "status": "solved", "created_date": "2026-10-06",
  "source_url": "https://support.brightform.example/hc/requests/40388",
  "content": "Customer (Free plan): Our prototype polls GET /v3/forms/{id}/responses every second and gets 429s after a bit. Is the API broken?\n\nAgent (Tier 2, Amara): The API is working as designed. Free and Starter keys have a sustained limit of 30 requests per minute, so on average you can make one request every two seconds, plus a short burst of up to 5 requests per second. Polling once a second uses up the minute allowance in 30 seconds. We'd recommend polling every 10 seconds, or better, subscribing to the response.created event instead of polling.\n\nCustomer: Switched to the event subscription, works great."},
 {"id": "BF-40502", "title": "How long do respondents have to come back to a saved form?", "status": "solved", "created_date": "2026-10-14",
  "source_url": "https://support.brightform.example/hc/requests/40502",
  "content": "Customer (Starter plan): We turned on save and resume on a blank form. How long is the resume link valid and when does the reminder go out?\n\nAgent (Tier 1, Ines): For forms you create from scratch the resume link stays valid for 30 days after the respondent last saved; the reminder email goes out 3 days before the link expires (you can change both under Form settings > Save and resume, expiry up to 90 days). Forms made from templates can have different values, e.g. Event registration uses 7 days.\n\nCustomer: Great, thanks."},
 {"id": "BF-40617", "title": "Export link already expired the next morning (EU workspace)", "status": "closed", "created_date": "2026-10-21",
  "source_url": "https://support.brightform.example/hc/requests/40617",
  "content": "Customer (Pro plan, EU region workspace eu.brightform.example): Our scheduled export email arrived Monday 06:00 CET and the link was dead by Tuesday 09:00. Is something wrong?\n\nAgent (Tier 1, Dylan): Hi! Export download links are valid for 72 hours, so a link from Monday morning should still work until Thursday morning. It might be a temporary glitch - could you try again with the next export and let us know if it happens again?\n\n[no reply from customer; status set to closed after 7 days]"},
]
json.dump({"support_tickets": t}, open("tickets.json", "w"), indent=2, ensure_ascii=False)
