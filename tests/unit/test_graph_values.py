"""Value normalisation: exact canonical forms and comparisons."""

import pytest

from src.graph.value_compare import compare, within
from src.graph.values import configured_value, parse_value


@pytest.mark.parametrize("text,canonical", [
    ("30 days", "P30D"), ("31-40 days", "P31D..P40D"), ("60 minutes", "PT1H"), ("1 hour", "PT1H"),
    ("one week", "P7D"), ("7 days", "P7D"), ("30 s", "PT30S"), ("500 ms", "PT0.5S"), ("72 hours", "P3D"),
    ("12 months", "P12M"), ("1 GB", "1 GiB"), ("1024 MB", "1 GiB"), ("5TB", "5 TiB"), ("512 KB", "512 KiB"),
    ("600 requests per minute", "10/s"), ("10 per second", "10/s"), ("600/min", "10/s"),
    ("1000 RPM", "1000/min"), ("10,000 events per month", "10000/month"), ("99.9%", "99.9%"),
    ("32", "32"), ("3e-5", "3e-05"), ("v2.1", "v2.1"), ("Sundays 02:00-04:00 UTC", "sun 02:00-04:00 utc"),
    ("not available", "false"), ("yes", "true"), ("only:mobile,desktop", "only:desktop,mobile"),
    # the oldest release that has something, never 6 things called "and later"
    ("6.0 and later", "v6.0+"), ("2.1+", "v2.1+"), ("v3.4 or newer", "v3.4+"),
])
def test_canonical_forms(text, canonical):
    norm = parse_value(text)
    assert norm is not None and norm.canonical == canonical
    assert parse_value(norm.canonical) == norm  # idempotent


@pytest.mark.parametrize("a,b,verdict", [
    ("60 minutes", "1 hour", "equal"), ("1 GB", "1024 MB", "equal"), ("600 requests per minute", "10 per second", "equal"),
    ("one week", "7 days", "equal"), ("30 days", "31-40 days", "differ"), ("1000 MB", "1 GB", "differ"),
    ("30 days", "30 MB", "incomparable"), ("30 days", "30", "incomparable"),
    # a release named without its trailing zeros is the same release
    ("v1.8", "v1.8.0", "equal"), ("v2", "v2.0.0", "equal"), ("v1.8", "v1.8.1", "differ"), ("v1.10", "v1.1", "differ"),
])
def test_compare(a, b, verdict):
    assert compare(parse_value(a), parse_value(b)) == verdict


def test_a_range_holds_the_values_inside_it():
    # a range states bounds: a value inside them keeps to it; one outside them, or an equal value, does not
    assert within(parse_value("2-10 minutes"), parse_value("five minutes"))
    assert within(parse_value("120 seconds"), parse_value("120-900 seconds"))
    assert within(parse_value("9-32 °C"), parse_value("59°F"))  # 15 °C
    assert not within(parse_value("31-40 days"), parse_value("30 days"))
    assert not within(parse_value("5 minutes"), parse_value("300 seconds"))  # equal values: no range
    assert not within(parse_value("2-10 minutes"), parse_value("5 MB"))


def test_not_values():
    assert parse_value("cosine") is None
    assert parse_value("") is None
    assert parse_value("1E1234567890") is None  # overflows to infinity (a manual's example literal)


def test_english_words_pint_reads_as_units_are_no_units():
    from src.graph.mentions import find_mentions

    # "a" is the article, not the annum; "as" is no attosecond; a rate "a minute" stays a rate
    assert [(m.text, m.norm.canonical) for m in find_mentions("Attribute 194 or 190 as Temperature, 0 a day")] == [
        ("194", "194"), ("190", "190"), ("0 a day", "0/s")]
    assert parse_value("600 a minute").canonical == "10/s"
    assert parse_value("100 us").canonical == "PT0.0001S" and parse_value("1 ns").kind == "duration"


@pytest.mark.parametrize("text,canonical", [
    # a number in words is one number, not a range of its parts ("forty-five" was 5-40)
    ("forty-five days", "P45D"), ("twenty-one days", "P21D"), ("five to ten days", "P5D..P10D"),
    ("one hundred and twenty seconds", "PT2M"), ("31-40 days", "P31D..P40D"),
    # thousands and millions are one number with what they multiply ("fifteen thousand" was 15)
    ("fifteen thousand", "15000"), ("two hundred thousand rows", "200000"), ("one million", "1000000"),
])
def test_numbers_in_words(text, canonical):
    assert parse_value(text).canonical == canonical


def test_numbers_in_words_in_running_text():
    from src.graph.mentions import find_mentions

    def found(text: str) -> list[tuple[str, str]]:
        return [(m.text, m.norm.canonical) for m in find_mentions(text)]

    # a support-forum wording: a compound with a unit is one duration, not "five" or 5-40 days
    assert found("Support told me old versions are kept for forty-five days.") == [("forty-five days", "P45D")]
    assert found("Our trial lasted twenty-one days, then the plan changed.") == [("twenty-one days", "P21D")]
    # RAMDocs dev: a count in words is no value, compound or not (as "one endpoint" is not)
    assert found("Rush Township is one of the twenty-two townships of Tuscarawas County.") == []
    assert found("The building measured twenty-four by fifty feet.") == []


def test_a_part_of_one_unit_in_words_is_that_amount():
    from src.graph.mentions import find_mentions

    def found(text: str) -> list[tuple[str, str]]:
        return [(m.text, m.norm.canonical) for m in find_mentions(text)]

    # a thread's "half an hour" is the docs' "30 minutes"; "half a dozen" counts nothing
    assert found("It signs you out after half an hour of doing nothing.") == [("half an hour", "PT30M")]
    assert found("Wait a quarter of an hour, then three quarters of a day.") == [
        ("a quarter of an hour", "PT15M"), ("three quarters of a day", "PT18H")]
    assert found("Attachments of up to half a gigabyte, so 380 MB is fine.") == [
        ("half a gigabyte", "512 MiB"), ("380 MB", "380 MiB")]
    assert found("I tried half a dozen times.") == []


def test_one_unit_of_time_written_with_an_article_is_that_duration():
    from src.graph.mentions import find_mentions

    def found(text: str) -> list[tuple[str, str]]:
        return [(m.text, m.norm.canonical) for m in find_mentions(text)]

    # a thread's "for a year" is the docs' "12 months"; a count with an article is no value
    assert compare(parse_value("a year"), parse_value("12 months")) == "equal"
    assert found("Growth keeps audit logs for a year, so March is there.") == [("a year", "P1Y")]
    assert found("Deleted runs stay in the bin for a fortnight.") == [("a fortnight", "P14D")]
    assert found("An hour after the outage it retried.") == [("An hour", "PT1H")]
    assert found("A delivery is retried.") == []
    # how often, or a moment: not a duration of anything
    assert found("The scale weighs the hive once an hour.") == []
    assert found("It syncs three times a day.") == [("three times a day", "3/day")]
    assert found("I changed it a year ago, and an hour later it was back.") == []


def test_a_size_in_words_is_in_the_binary_multiples_its_abbreviation_is():
    # "64 MB" and "64 megabytes" are one size however a source writes the unit
    assert compare(parse_value("64 MB"), parse_value("64 megabytes")) == "equal"
    assert parse_value("2 gigabytes").canonical == "2 GiB" and parse_value("10 kilobytes").canonical == "10 KiB"


def test_minimum_versions_and_counted_nouns_in_running_text():
    from src.graph.mentions import find_mentions

    def found(text: str) -> list[tuple[str, str]]:
        return [(m.text, m.norm.canonical) for m in find_mentions(text)]

    # OpenEMR wiki and a LumenVault (samples/) ticket: "since X", "from version X ... onwards" mean X or later
    assert found("HOWTO: Locate A Specific Insurance Claim's Batch File - for all versions since 4.0") == \
        [("since 4.0", "v4.0+")]
    assert found("Motion photo backup is supported from version 5.0 of the mobile app onwards.") == \
        [("from version 5.0", "v5.0+")]
    # AstraML blog: "from v2.1" alone is a comparison, not a minimum
    assert found("We call out divergences from v2.1 docs where applicable.") == []
    # AstraML forum: a modal verb after a number is not what it counts
    assert found("Concurrency=1 can happen on legacy clusters; file a ticket.") == [("1", "1")]


@pytest.mark.parametrize("a, b, canonical", [
    # CloudSync tickets and the LumenVault forum: a bandwidth in bits or bytes per second, decimal prefixes
    ("10Mbps", "1.25 MB/s", "10 Mbit/s"), ("5 MB/s", "40 Mb/s", "40 Mbit/s"),
    ("500 Mbps", "0.5 gigabits per second", "500 Mbit/s"), ("100 kbps", "100 kbit/s", "100 kbit/s"),
])
def test_data_rates_in_bits_per_second(a, b, canonical):
    assert parse_value(a).canonical == parse_value(b).canonical == canonical
    assert parse_value(a).kind == "data_rate"
    assert parse_value(canonical) == parse_value(a)  # idempotent
    # an amount of data is no data rate, nor a count of requests per second
    assert compare(parse_value("5 MB/s"), parse_value("5 MB")) == "incomparable"
    assert compare(parse_value("10Mbps"), parse_value("10 requests per second")) == "incomparable"


def test_a_named_release_in_running_text_is_no_amount():
    from src.graph.mentions import find_mentions

    def found(text: str) -> list[tuple[str, str]]:
        return [(m.text, m.norm.canonical) for m in find_mentions(text)]

    # manuals_f (a NetBSD mailing-list thread): a product's release is not a count of anything
    assert found("It was removed in r1.14 when OpenSSH 6.8 was imported.") == []
    # configs_h (PostgreSQL blogs): a whole number after a product's name too, in prose or a list item
    assert found("set it to 0.9 (the default from PostgreSQL 14) rather than 0.5") == [("0.9", "0.9"), ("0.5", "0.5")]
    assert found("- PostgreSQL 14: default value changed to 0.9") == [("0.9", "0.9")]
    # a whole number after an acronym is a code a question may ask for; a change keeps its old value
    assert found("The API returns HTTP 429 when you go over the limit.") == [("429", "429")]
    assert found("Data retention: Hobby 3 -> 6 months") == [("3", "3"), ("6 months", "P6M")]
    # manuals_h (a curl blog): a numbered list's item number is no amount
    assert found("2. --retry-delay <seconds>: wait 10 seconds between attempts") == [("10 seconds", "PT10S")]
    # a decimal that opens the sentence, or carries its unit, is still an amount
    assert found("Between 1.5 and 2 seconds.") == [("1.5", "1.5"), ("2 seconds", "PT2S")]
    assert found("The Pro 2.5 GB limit applies.") == [("2.5 GB", "2560 MiB")]
    assert found("Set it to 0.5 on every broker.") == [("0.5", "0.5")]


def test_temperatures_compare_across_scales_and_as_differences():
    from src.graph.mentions import find_mentions

    # support_b, support_d, support_f (thermostats, a keypad): docs in Celsius, threads in Fahrenheit
    assert (parse_value("17 °C").kind, parse_value("17 °C").canonical) == ("temperature", "17 °C")
    assert parse_value("62.6°F").canonical == "62.6 °F"  # the scale as written
    assert parse_value("15 degrees Celsius") == parse_value("15 °C")
    assert compare(parse_value("68 °F"), parse_value("20 °C")) == "equal"
    assert compare(parse_value("62 °F"), parse_value("17 °C")) == "differ"
    assert compare(parse_value("-13°F to 140°F"), parse_value("-25 °C to 60 °C")) == "equal"
    # a swing of 0.9 °F is one of 0.5 °C; in one scale only the numbers count
    assert compare(parse_value("0.9 °F"), parse_value("0.5 °C")) == "equal"
    assert compare(parse_value("1 °F"), parse_value("2 °F")) == "differ"
    # a temperature is no count and no duration
    assert compare(parse_value("17 °C"), parse_value("17")) == "incomparable"
    assert parse_value("20 degrees").kind == "number"  # no scale named
    assert [(m.text, m.norm.canonical) for m in find_mentions("Default: 17 °C (62.6 °F).")] == [
        ("17 °C", "17 °C"), ("62.6 °F", "62.6 °F")]


@pytest.mark.parametrize("text,canonical", [
    # a word pint does not know makes no unit of the words around it, and neither do pint's
    # readings of capitalised words as prefixed units ("US": microseconds, "AD": attodays)
    ("5 hrs", "PT5H"), ("3 fortnights", "P42D"), ("12 GiB", "12 GiB"),
    ("6 months follow-up", "6"), ("5 US", "5"), ("12 AD", "12"), ("34 patients were recruited", None),
])
def test_unit_words_are_units_pint_knows(text, canonical):
    norm = parse_value(text)
    assert (norm.canonical if norm else None) == canonical


def test_a_change_from_one_value_to_another_mentions_the_value_it_became() -> None:
    from src.graph.mentions import find_mentions

    assert [m.text for m in find_mentions("The per-node limit was raised from 64 to 128 devices.")] == ["128 devices"]
    assert [m.text for m in find_mentions("It went from 5 to 10 seconds.")] == ["10 seconds"]
    # a range that is no change stays a range
    assert [m.norm.canonical for m in find_mentions("Keep 10 to 20 devices per node.")] == ["10..20"]


@pytest.mark.parametrize("a, b, expected", [
    ("180 days", "six months", "equal"), ("730 days", "2 years", "equal"), ("365 days", "1 year", "equal"),
    ("4 weeks", "1 month", "differ"), ("6 minutes", "6 months", "differ"), ("5 days", "6 days", "differ"),
])
def test_months_and_years_are_as_long_as_the_days_that_round_to_them(a: str, b: str, expected: str) -> None:
    assert compare(parse_value(a), parse_value(b)) == expected


def test_a_configuration_file_s_suffixed_value_is_a_size_and_prose_keeps_its_number() -> None:
    # a configuration file's "256M" is 256 mebibytes, never a count of 256 things called "M";
    # in prose "5G" is a network, so only a configuration line reads it as a size
    assert compare(configured_value("256M"), parse_value("256 MB")) == "equal"
    assert compare(configured_value("1G"), parse_value("1024 MB")) == "equal"
    assert configured_value("64K").canonical == "64 KiB"
    assert configured_value("30s") == parse_value("30s") and configured_value("10KM") == parse_value("10KM")
    assert parse_value("5G").kind == "number"


def test_a_unit_pint_parses_without_dimensions_is_no_value_and_no_error() -> None:
    # a noise level in a spec table: pint reads "dB(A)" as a quantity that has no dimensionality
    assert parse_value("19 dB(A)") is None
    assert parse_value("30 hours") == parse_value("1800 minutes")


def test_a_power_written_as_arithmetic_is_no_amount() -> None:
    from src.graph.mentions import find_mentions

    assert find_mentions("The journal depth is basically infinite (2^64).") == []
    assert [m.text for m in find_mentions("Count is an integer from zero to 2^16-1 and defaults to 0.")] == ["0"]
