"""realkb scoring: which contradictions `ask` reports stand on the labelled other side's value."""

from src.evaluation.realkb import Case, CaseScore, summarize

CONTRA = Case("acme", "How long are audit events kept?", "contradiction", "data/docs/plans.md",
              ("14 days", "two weeks"), "data/forums/t1.txt", "7 days", "contradicted")
CONSISTENT = Case("acme", "Is the pool 32 connections?", "consistent", "data/docs/pool.md",
                  ("32",), "data/blogs/tuning.md", "32", "supported")


def test_a_contradiction_stands_only_on_the_labelled_other_value() -> None:
    stands = CaseScore(CONTRA, "contradiction", "14 days", ("14 days",), ("one week",))
    junk = CaseScore(CONTRA, "contradiction", "14 days", ("14 days",), ("30 days",))
    assert stands.contradiction_stands  # "one week" is the label's "7 days"
    assert junk.verdict_ok and not junk.contradiction_stands  # right verdict, on a value nobody contests
    assert not CaseScore(CONSISTENT, "contradiction", "32", ("32",), ("8",)).contradiction_stands
    assert not CaseScore(CONTRA, "consistent", "14 days", ("14 days", "7 days"), ()).contradiction_stands
    assert junk.to_json()["contradiction_stands"] is False


def test_the_summary_counts_contradictions_reported_and_standing() -> None:
    scores = [CaseScore(CONTRA, "contradiction", "14 days", ("14 days",), ("7 days",)),
              CaseScore(CONTRA, "contradiction", "14 days", ("14 days",), ("30 days",)),
              CaseScore(CONSISTENT, "contradiction", "32", ("32",), ("8",)),
              CaseScore(CONSISTENT, "consistent", "32", ("32",), ())]
    got = summarize(scores, None)
    assert (got["verdicts_right"], got["contradictions_reported"], got["contradictions_standing"]) == (3, 3, 1)
    assert got["verdicts_standing"] == 2  # the consistent case and the contradiction that stands
