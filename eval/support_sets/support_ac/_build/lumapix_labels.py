import json, os
P = "/tmp/heldout24/support_ac/lumapix"
D = "data/docs/"; F = "data/forums/"; B = "data/blogs/"; T = "data/tickets/tickets.json"
cases = [
 # contradictions
 dict(q="Our backend signs image links with the SDK and never sets an expiry. How long do those links keep working?",
      expect="contradiction",
      sides=[[D+"signed_urls.md", ["Default: 900 (15 minutes)"]], [F+"community_signed_links_expire_quickly.txt", ["good for an hour by default"]]],
      authoritative=["900 seconds", "900", "15 minutes"],
      note="Signed URLs (4.3): 'signed_url_ttl ... Default: 900 (15 minutes)'. First forum reply: 'Signed URLs are good for an hour by default' (the pre-4.1 value, no version named; a later reply in the thread corrects it).",
      a0="900 seconds (15 minutes)", a1="one hour (3600 seconds)"),
 dict(q="If I never touched any cache settings, how long will browsers hang on to a resized image before asking again?",
      expect="contradiction",
      sides=[[D+"delivery_caching.md", ["Default: 604800"]], [B+"shopwright_storefront_speed_lumapix.md", ["max-age=86400 on transformed images by default"]]],
      authoritative=["604800", "604800 seconds", "7 days", "seven days"],
      note="Delivery and caching: 'cache_max_age ... Default: 604800' (seven days). The Shopwright post (2025) says 'Lumapix sets max-age=86400 on transformed images by default' - the 3.x default, and also what the lumapix init starter file writes; not the platform default.",
      a0="604800 seconds (7 days)", a1="86400 seconds (1 day)"),
 dict(q="Support told me files over 25 MB are rejected on Pro. Is that really the cap?",
      expect="contradiction",
      sides=[[D+"limits_and_quotas.md", ["50 MB"]], [T, ["The Pro plan limit is 25 MB per file"]]],
      authoritative=["50 MB", "50 MB per original"],
      note="Limits and quotas: Pro 'Maximum size of one original' 50 MB. Tier-1 answer in LPX-20931: 'The Pro plan limit is 25 MB per file' (corrected later in the same ticket by tier 2).",
      a0="50 MB", a1="25 MB"),
 dict(q="When I leave q off the URL, what JPEG quality do I get?",
      expect="contradiction",
      sides=[[D+"transformation_parameters.md", ["Default: 80 for JPEG and WebP output"]], [F+"community_default_quality.txt", ["default quality is 75"]]],
      authoritative=["80", "q=80"],
      note="Transformation parameters: 'q Default: 80 for JPEG and WebP output'. Forum reply: 'default quality is 75, same as thumbor/libvips' (the pre-4.0 default, stated as current).",
      a0="80", a1="75"),
 dict(q="How many Management API calls a minute can a Pro project make before it starts getting 429s?",
      expect="contradiction",
      sides=[[D+"limits_and_quotas.md", ["600 requests per minute"]], [F+"community_429_management_api.txt", ["Pro accounts get 300 req/min"]]],
      authoritative=["600", "600 requests per minute"],
      note="Limits and quotas: Pro '600 requests per minute'. Forum reply: 'Pro accounts get 300 req/min on the management API' (value before 4.2, no version named).",
      a0="600 requests per minute", a1="300 requests per minute"),
 # consistent
 dict(q="Can Lumapix give me a 8000-pixel-wide rendition, or is that over the limit?",
      expect="consistent",
      sides=[[D+"limits_and_quotas.md", ["8192 px"]], [B+"frontendnotes_lumapix_vs_diy.md", ["capped at 8192 px on each side"]]],
      authoritative=["8192 px", "8192"],
      note="Limits and quotas: 'Derived images are capped at 8192 px on either side'. Blog: 'Output is capped at 8192 px on each side'. 8000 px is within the limit.",
      a0="8192 px per side (8000 px is allowed)", a1="8192 px per side"),
 dict(q="What's the longest I can make a signed link valid for?",
      expect="consistent",
      sides=[[D+"signed_urls.md", ["604800 (7 days)"]], [B+"pixelcraft_signed_urls_explained.md", ["up to 7 days"]]],
      authoritative=["604800 seconds", "604800", "7 days"],
      note="Signed URLs: 'signed_url_max_ttl ... 604800 (7 days)'. Blog: 'You can go as long as you like up to 7 days'.",
      a0="604800 seconds (7 days)", a1="7 days"),
 dict(q="How long does the edge wait on our own origin server before giving up with a 504?",
      expect="consistent",
      sides=[[D+"origins_and_storage.md", ["Default: 15 seconds"]], [F+"community_origin_timeout_504.txt", ["15000 ms"]]],
      authoritative=["15 seconds", "15 s", "15000 ms"],
      note="Origins: 'origin_timeout ... Default: 15 seconds (max 60)'. Forum: 'The edge gives the origin 15000 ms to deliver the whole original'. Same value in milliseconds.",
      a0="15 seconds", a1="15000 ms"),
 dict(q="We deleted a batch of originals by mistake about two weeks ago. Is it too late to get them back?",
      expect="consistent",
      sides=[[D+"origins_and_storage.md", ["Default: 30 days (all plans)"]], [T, ["recoverable for 30 days"]]],
      authoritative=["30 days"],
      note="Origins and storage: 'trash_retention ... Default: 30 days (all plans)'. Ticket LPX-21477: 'Deleted originals are recoverable for 30 days after deletion on all plans'. Two weeks is within the window (the old 14-day value would make it borderline).",
      a0="30 days (not too late)", a1="30 days"),
 # version scoped
 dict(q="Did SDK-signed URLs use to stay valid longer than they do now?",
      expect="version_scoped",
      sides=[[D+"signed_urls.md", ["Default: 900"]], [B+"pixelcraft_signed_urls_explained.md", ["In 4.0 and earlier, signed URLs defaulted to 3600 seconds"]]],
      authoritative=["900 seconds", "900", "15 minutes"],
      note="Signed URLs (4.3): 'Default: 900 (15 minutes)'; 'Changed in 4.1'. Blog: 'In 4.0 and earlier, signed URLs defaulted to 3600 seconds' - correct for those versions.",
      a0="900 seconds (15 minutes)", a1="3600 seconds", scope="Lumapix 4.0 and earlier"),
 dict(q="Our Pro trial last year refused 38 MB scans. Would the same files be rejected today?",
      expect="version_scoped",
      sides=[[D+"limits_and_quotas.md", ["50 MB"]], [F+"community_upload_limit_history.txt", ["on 3.x the Pro cap was 25 MB per original"]]],
      authoritative=["50 MB", "50 MB per original"],
      note="Limits and quotas: Pro 50 MB per original. Forum: 'on 3.x the Pro cap was 25 MB per original ... 4.0 doubled it to 50 MB'.",
      a0="50 MB (38 MB files are accepted)", a1="25 MB", scope="Lumapix 3.x"),
]
gold = [
 ("How long is an SDK-minted signed URL valid if I don't pass expires_in?", [D+"signed_urls.md", D+"release_notes.md", D+"cli_config_reference.md", F+"community_signed_links_expire_quickly.txt", B+"pixelcraft_signed_urls_explained.md", T]),
 ("What max-age does Lumapix put on transformed images out of the box?", [D+"delivery_caching.md", D+"release_notes.md", D+"cli_config_reference.md", B+"shopwright_storefront_speed_lumapix.md", F+"community_purge_ap_south.txt", T]),
 ("Biggest single file I can upload on a Pro project?", [D+"limits_and_quotas.md", D+"release_notes.md", F+"community_upload_limit_history.txt", T]),
 ("Which quality setting is used for JPEGs when the URL has no q parameter?", [D+"transformation_parameters.md", D+"release_notes.md", F+"community_default_quality.txt", B+"agencyloft_image_quality_settings.md"]),
 ("Is the Pro Management API still limited to 300 requests a minute?", [D+"limits_and_quotas.md", D+"release_notes.md", F+"community_429_management_api.txt", B+"frontendnotes_lumapix_vs_diy.md", B+"lumapix_blog_whats_new_42.md"]),
 ("How wide can a derived image get before Lumapix clamps it?", [D+"limits_and_quotas.md", D+"transformation_parameters.md", D+"release_notes.md", B+"frontendnotes_lumapix_vs_diy.md"]),
 ("How far in the future can a signed link's expiry be before the edge refuses it?", [D+"signed_urls.md", D+"cli_config_reference.md", F+"community_signed_links_expire_quickly.txt", B+"pixelcraft_signed_urls_explained.md", T]),
 ("How many seconds does Lumapix wait for a slow origin before returning 504?", [D+"origins_and_storage.md", D+"release_notes.md", F+"community_origin_timeout_504.txt"]),
 ("How long do deleted originals sit in the trash before they're gone for good?", [D+"origins_and_storage.md", D+"release_notes.md", D+"cli_config_reference.md", F+"community_deleted_originals_restore.txt", B+"lumapix_blog_whats_new_42.md", T]),
 ("After a purge, how long until edges in India stop serving the old image?", [D+"delivery_caching.md", F+"community_purge_ap_south.txt", T]),
 ("What's the upload size limit on the free tier?", [D+"limits_and_quotas.md", B+"frontendnotes_lumapix_vs_diy.md"]),
 ("How many API requests per minute does a Free project get?", [D+"limits_and_quotas.md", F+"community_429_management_api.txt", F+"community_deleted_originals_restore.txt"]),
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
