"""A unit reporting no difference where the evidence reports one (text/null_denied.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.null_denied import denied_null, reports_no_difference

LOWER = (
    "Performance of the application was lower on images of lesions from patients with darker skin types "
    "(sensitivity 71.2%), which made up only 6% of the dataset."
)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("It performed equally well on darker skin.", LOWER),
        (
            "Hypotension did not differ between groups.",
            "Hypotension was less frequent with EEG guidance (16.0% vs 23.3%).",
        ),
    ],
)
def test_no_difference_where_the_evidence_reports_one(unit: str, sentence: str) -> None:
    assert denied_null(unit, sentence)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("It performed equally well on darker skin.", "Performance was similar on darker skin types."),
        ("Mortality did not differ.", "Mortality was lower at 30 days but did not differ at 90 days."),  # a time point
        ("Mortality did not differ.", "Stroke was less frequent with apixaban."),  # another subject
        ("It performed worse on darker skin.", LOWER),  # no null finding
        ("Hypotension did not differ in women.", "Hypotension was less frequent with EEG guidance."),  # a population
    ],
)
def test_other_pairs_do_not(unit: str, sentence: str) -> None:
    assert not denied_null(unit, sentence)


def test_equally_well_is_no_difference() -> None:
    assert reports_no_difference("A lower dose worked as well as a higher dose.")
    assert not reports_no_difference("A lower dose worked better.")
