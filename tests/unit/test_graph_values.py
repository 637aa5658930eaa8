"""Value normalisation: exact canonical forms and comparisons."""

import pytest

from src.graph.values import compare, parse_value


@pytest.mark.parametrize("text,canonical", [
    ("30 days", "P30D"), ("31-40 days", "P31D..P40D"), ("60 minutes", "PT1H"), ("1 hour", "PT1H"),
    ("one week", "P7D"), ("7 days", "P7D"), ("30 s", "PT30S"), ("500 ms", "PT0.5S"), ("72 hours", "P3D"),
    ("12 months", "P12M"), ("1 GB", "1 GiB"), ("1024 MB", "1 GiB"), ("5TB", "5 TiB"), ("512 KB", "512 KiB"),
    ("600 requests per minute", "10/s"), ("10 per second", "10/s"), ("600/min", "10/s"),
    ("1000 RPM", "1000/min"), ("10,000 events per month", "10000/month"), ("99.9%", "99.9%"),
    ("32", "32"), ("3e-5", "3e-05"), ("v2.1", "v2.1"), ("Sundays 02:00-04:00 UTC", "sun 02:00-04:00 utc"),
    ("not available", "false"), ("yes", "true"), ("only:mobile,desktop", "only:desktop,mobile"),
])
def test_canonical_forms(text, canonical):
    norm = parse_value(text)
    assert norm is not None and norm.canonical == canonical
    assert parse_value(norm.canonical) == norm  # idempotent


@pytest.mark.parametrize("a,b,verdict", [
    ("60 minutes", "1 hour", "equal"), ("1 GB", "1024 MB", "equal"), ("600 requests per minute", "10 per second", "equal"),
    ("one week", "7 days", "equal"), ("30 days", "31-40 days", "differ"), ("1000 MB", "1 GB", "differ"),
    ("30 days", "30 MB", "incomparable"), ("30 days", "30", "incomparable"),
])
def test_compare(a, b, verdict):
    assert compare(parse_value(a), parse_value(b)) == verdict


def test_not_values():
    assert parse_value("cosine") is None
    assert parse_value("") is None
