"""Lexical cues: numbers, negation, normalised containment."""

from __future__ import annotations

import pytest

from medhal.text.lexical import directions, has_negation, normalized, numbers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The trial enrolled 412 adults.", {"412"}),
        ("a dose of 3.5 mg, or 3,5 mg", {"3.5"}),
        ("47 % and 12% of patients", {"47%", "12%"}),
        ("HbA1c and IL6 levels", set()),
        ("no numbers here", set()),
        ("1.5-fold in 2010", {"1.5", "2010"}),
        # a comma before three digits separates thousands, as quantities() reads it; 0,125 stays a decimal
        ("73,679 participants and 73679 people", {"73679"}),
        ("a dose of 0,125 mg", {"0.125"}),
        ("in 1,204 (12,5%)", {"1204", "12.5%"}),
    ],
)
def test_numbers(text: str, expected: set[str]) -> None:
    assert numbers(text) == expected


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Metformin did not slow the decline.", True),
        ("There was no difference.", True),
        ("Patients without diabetes", True),
        ("The drug isn't effective", True),
        ("Nobody is playing a guitar.", True),
        ("It failed to reach significance", True),
        ("Notably, the knot was tied.", False),
        ("Metformin slowed the decline.", False),
    ],
)
def test_has_negation(text: str, negated: bool) -> None:
    assert has_negation(text) is negated


def test_normalized_is_casefolded_collapsed_and_stripped() -> None:
    assert normalized("  The  Trial\nenrolled 412 adults. ") == "the trial enrolled 412 adults"
    assert normalized("(Stra\u00dfe)") == "strasse"
    assert normalized("...") == ""


def test_a_bound_after_a_figure_goes_no_way() -> None:
    # round 44: the methods' "adults with an AUDIT score of 8 or more" read as going up, so the encoder's P(C) 0.65
    # on "randomised 1,856 adults ..." (the figure stated in the results) was not set aside
    assert directions("adults with an AUDIT score of 8 or more were recruited") == frozenset()
    assert directions("patients aged 65 or older had more falls") == {"up"}
