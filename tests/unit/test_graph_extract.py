"""The offline extractor: each claim type with its exact key, scope, value and normalised value."""

from src.graph import extract_claims
from src.types import Chunk


def _claims(text, source="docs"):
    chunk = Chunk(id=f"data/{source}/x.md#c0", source=source, kind="document", text=text)
    return [(c.key, c.scope, c.value, c.normalized) for c in extract_claims(chunk)]


def test_duration_with_plan_scope():
    assert _claims("On the Team plan, events are retained for 14 days.") == [
        ("events retained", {"plan": "team"}, "14 days", "P14D")]


def test_value_of_noun_phrase_and_range():
    assert _claims("- 31-40 days of version history on the Basic plan") == [
        ("version history", {"plan": "basic"}, "31-40 days", "P31D..P40D")]


def test_size_rate_percentage():
    assert _claims("The maximum payload size for an event is 512 KB.") == [
        ("maximum payload size event", {}, "512 KB", "512 KiB")]
    assert _claims("The management API allows 600 requests per minute per API key.") == [
        ("management api allows", {}, "600 requests per minute", "10/s")]
    assert _claims("The default alert threshold is 25% of attempts.") == [
        ("alert threshold", {}, "25%", "25%")]


def test_version_and_weekday_time():
    assert _claims("The replay command requires Hooklane Agent 3.4 or later.") == [
        ("command requires hooklane agent", {}, "3.4 or later", "v3.4+")]
    assert _claims("Scheduled maintenance runs on Sundays 02:00-04:00 UTC.") == [
        ("scheduled maintenance runs", {}, "Sundays 02:00-04:00 UTC", "sun 02:00-04:00 utc")]


def test_availability_and_only():
    assert _claims("SSO is not available on the Team plan.") == [("sso", {"plan": "team"}, "not available", "false")]
    assert _claims("Static egress IPs are available on Enterprise only.") == [
        ("static egress ips", {}, "only enterprise", "only:enterprise")]
    assert _claims("Offline mode only works in the desktop and mobile apps, not in browsers.") == [
        ("offline mode", {}, "only desktop, mobile", "only:desktop,mobile")]
    # CloudSync docs and the OpenEMR wiki: "X (Name only)"
    assert _claims("- Link sharing (Pro only): Generate public links with expiration dates and password protection") \
        == [("link sharing", {}, "only pro", "only:pro")]
    assert _claims("Older releases (PDF only)") == [("older releases", {}, "only pdf", "only:pdf")]


def test_key_value_text_and_unit_in_key():
    assert _claims("Docs say v2.1 default is batch_size=32; patience=5; lr_scheduler=cosine.", "forums") == [
        ("batch size", {"version": "2.1"}, "32", "32"), ("patience", {}, "5", "5"),
        ("lr scheduler", {}, "cosine", "cosine")]
    assert _claims("- artifact_retention_days: 30") == [("artifact retention", {}, "30", "P30D")]
    assert _claims("- concurrency: 2 (legacy tenants may observe 1)") == [
        ("concurrency", {}, "2", "2"), ("concurrency", {"tenant": "legacy"}, "1", "1")]


def test_table_with_plan_columns():
    text = "# Plans\n\n| | Free | Team |\n|---|---|---|\n| Event retention | 3 days | 14 days |\n| SSO | — | yes |\n"
    assert _claims(text) == [
        ("event retention", {"plan": "free"}, "3 days", "P3D"), ("event retention", {"plan": "team"}, "14 days", "P14D"),
        ("sso", {"plan": "free"}, "not available", "false"), ("sso", {"plan": "team"}, "available", "true")]


def test_numbered_table_rows_scope_the_column_key():
    text = ("# Backoff\n\n| Attempt | Delay after previous attempt |\n|---|---|\n| 1 | immediate |\n"
            "| 2 | 30 s |\n| 3 | 2 min |\n| 7 and later | 2 h |\n")
    # "immediate" is a word among durations: a placeholder, not a value (as "custom" below).
    assert _claims(text) == [
        ("delay previous attempt", {"attempt": "2"}, "30 s", "PT30S"),
        ("delay previous attempt", {"attempt": "3"}, "2 min", "PT2M"),
        ("delay previous attempt", {"attempt": "7 and later"}, "2 h", "PT2H")]


def test_adjectival_value_and_segment_scope():
    assert _claims("Consider 60-day artifact retention in regulated environments, despite 30-day default.", "blogs") == [
        ("artifact retention", {"environment": "regulated"}, "60-day", "P60D"),
        ("artifact retention", {}, "30-day", "P30D")]


def test_questions_and_code_are_skipped():
    assert _claims("How long are events kept, 7 days?\n```\nretention: 9 days\n```\n") == []


def test_ids_are_the_same_in_every_process(in_fresh_process):
    chunk = Chunk(id="data/docs/x.md#c0", source="docs", kind="document", text="The timeout is 30 s.")
    code = ("from src.graph import extract_claims\nfrom src.types import Chunk\n"
            "c = Chunk(id='data/docs/x.md#c0', source='docs', kind='document', text='The timeout is 30 s.')\n"
            "print([(x.id, x.key, x.value) for x in extract_claims(c)])\n")
    here = str([(x.id, x.key, x.value) for x in extract_claims(chunk)]) + "\n"
    assert in_fresh_process(code, 0) == in_fresh_process(code, 4242) == here
    assert len(extract_claims(chunk)) == 1


def test_past_tense_reports_give_no_prose_values():
    assert _claims("On Tuesday, deliveries in eu-central were delayed for 47 minutes.", "blogs") == []
    assert _claims("The worst-affected deliveries waited 41 minutes for their first attempt.", "blogs") == []
    assert _claims("We posted to the status page 19 minutes after the delay began.", "blogs") == []
    # present tense stays a claim, and so does an explicit setting inside a report
    assert _claims("Events on the Team plan are retained for 14 days, counted from when they were published.") == [
        ("events retained", {"plan": "team"}, "14 days", "P14D")]
    assert [(k, n) for k, _, _, n in _claims("On some CV tasks we saw batch_size=64 perform better.", "forums")] == [
        ("batch size", "64")]


def test_an_amount_describing_one_example_object_is_no_claim():
    assert _claims("The maximum payload size is 512 KB, so a 700 KB body will be rejected.", "forums") == [
        ("maximum payload size", {}, "512 KB", "512 KiB")]


def test_word_cells_among_table_quantities_are_placeholders():
    text = "# Plans\n\n| | Free | Team | Enterprise |\n|---|---|---|---|\n| Events per month | 10,000 | 1,000,000 | custom |\n"
    assert [c[2] for c in _claims(text)] == ["10,000", "1,000,000"]


def test_labelled_sentence_is_prose_not_a_key():
    assert _claims("Answer: The Team plan keeps event history for 7 days. See alert(1).", "forums") == [
        ("keeps event history", {"plan": "team"}, "7 days", "P7D")]
    assert _claims("Authenticated requests: 1000 requests per minute per access token") == [
        ("authenticated requests", {}, "1000 requests per minute", "1000/min")]


def test_post_labels_of_thread_chunks_are_not_keys():
    claims = _claims("Answer: 10s metrics are optional and cost more; default window is 30s", "forums")
    assert [key for key, *_ in claims] == ["metrics", "window"]
    assert ("window", {}, "30s", "PT30S") in claims
