"""A unit saying two things did equally well where the evidence reports a difference (text/null_denied.py)."""

from __future__ import annotations

import pytest

from medhal.text.null_denied import denied_null, says_equally

LOWER = (
    "Performance of the application was lower on images of lesions from patients with darker skin types "
    "(sensitivity 71.2%), which made up only 6% of the dataset."
)


def test_equally_well_where_the_evidence_reports_a_difference() -> None:
    assert denied_null("It performed equally well on darker skin.", LOWER)
    assert denied_null("The app worked just as well on darker skin.", "The app worked worse on darker skin.")


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("It performed equally well on darker skin.", "Performance was similar on darker skin types."),
        ("It worked equally well at 90 days.", "It worked better at 30 days."),  # a time point the unit does not name
        ("It performed equally well on darker skin.", "Stroke was less frequent with apixaban."),  # another subject
        ("It performed worse on darker skin.", LOWER),  # no "equally"
        # null findings in other words are left alone: faithful PubMedQA conclusions were contradicted by questions
        (
            "A routinely inserted tube did not improve the clinical course.",
            "A routinely inserted tube improved the clinical course.",
        ),
        ("It performed equally well on darker skin.", "We asked whether it performed better on darker skin."),
    ],
)
def test_other_pairs_do_not(unit: str, sentence: str) -> None:
    assert not denied_null(unit, sentence)


def test_equally_well_is_read_as_no_difference() -> None:
    assert says_equally("A lower dose worked as well as a higher dose.")
    assert not says_equally("A lower dose worked better.")
    assert not says_equally("Mortality did not differ.")


def test_as_well_as_joining_two_things_is_no_comparison() -> None:
    # a PubMedQA conclusion clause the benchmark read as "equally well"
    assert not says_equally("as well as those demonstrating HGUCA.")
    assert says_equally("The lower dose worked as well as the higher dose.")
