"""Thresholds turned the other way and changes told backwards (round 27)."""

from __future__ import annotations

import pytest

from medhal.text.bounds import bound_conflicts, bound_holds, bound_value_conflicts, bounds, reversed_changes
from medhal.text.quantities import quantities

RAMIPRIL = "GP to recheck creatinine in 1 week; restart ramipril if creatinine is below 110 µmol/L."
POTASSIUM = "Consider spironolactone (25 mg daily) as fourth-line therapy if blood potassium is 4.5 mmol/L or lower."


@pytest.mark.parametrize(
    ("text", "side"),
    [
        ("if creatinine is over 110", "up"),
        ("potassium of at least 4.5", "up"),
        ("aged 60 or over", "up"),
        ("a score of 12 or lower", "down"),
        ("fewer than 2 wet nappies", "down"),
        ("no more than 2 days per week", "down"),
    ],
)
def test_bounds_are_read_with_their_side(text: str, side: str) -> None:
    (bound,) = bounds(text)
    assert bound.side == side


def test_a_threshold_turned_round_conflicts() -> None:
    (conflict,) = bound_conflicts("and restart ramipril if creatinine is over 110,", RAMIPRIL)
    assert (conflict[0].text, conflict[0].value) == ("over 110", 110.0)
    assert bound_conflicts("if potassium is at least 4.5,", POTASSIUM)


@pytest.mark.parametrize(
    "unit",
    [
        "and restart ramipril once creatinine is under 110,",  # the same side in other words
        "if potassium is 4.5 or below,",
        "if sodium is over 110,",  # another measure
        "if creatinine is over 150,",  # another figure
    ],
)
def test_the_same_side_or_another_threshold_does_not(unit: str) -> None:
    assert not bound_conflicts(unit, RAMIPRIL + " " + POTASSIUM)


def test_a_sentence_bounding_the_figure_both_ways_never_conflicts() -> None:
    sentence = "Adherence was lower in patients under 60 years than in patients aged 60 or over."
    assert not bound_conflicts("Adherence was lower in patients aged 60 or over", sentence)


def test_a_change_told_backwards() -> None:
    sentence = "Catheter-related bloodstream infections fell from 0.41 to 0.24 per 1,000 catheter days."
    (conflict,) = reversed_changes("Line infections rose from 0.24 to 0.41 per thousand catheter days,", sentence)
    assert conflict[0].text == "0.24"
    assert not reversed_changes("Line infections fell from 0.41 to 0.24 per thousand catheter days,", sentence)


PLAN = (
    "- Take 1 extra puff whenever you need it. Do not take more than 12 puffs in total in any one day.",
    "- Sit up and take 1 puff every 1-3 minutes, up to 6 puffs.",
)


def test_a_bound_at_another_figure_conflicts() -> None:
    (conflict,) = bound_value_conflicts(
        "take one puff every one to three minutes up to twelve puffs,", PLAN[1], " ".join(PLAN)
    )
    assert (conflict[0].text, conflict[1].text) == ("up to twelve", "up to 6")


@pytest.mark.parametrize(
    ("unit", "sentence", "evidence"),
    [
        ("take one puff every few minutes, up to six puffs,", PLAN[1], " ".join(PLAN)),
        # ages of several strata: each bound is stated somewhere
        (
            "In adults aged 50 and over,",
            "The effect was largest in those aged 75 years or older.",
            "We enrolled adults aged 50 years and older. The effect was largest in those aged 75 years or older.",
        ),
        # a figure the sentence states, unbounded ("an increase of 10°")
        (
            "progression of more than 10° changed the curve,",
            "A curve of more than 40° with an increase of 10°.",
            "A curve of more than 40° with an increase of 10°.",
        ),
        # bare counts of different things
        ("in women with two or more pregnancies,", "ALT over 40 UI/L.", "ALT over 40 UI/L."),
    ],
)
def test_a_bound_stated_elsewhere_or_of_another_thing_does_not(unit: str, sentence: str, evidence: str) -> None:
    assert not bound_value_conflicts(unit, sentence, evidence)


def test_whether_a_bound_holds() -> None:
    text = "fewer than 1 in 100 had a clot; up to 17 cycles; no more than 20 minutes"
    found = quantities(text)
    assert [bound_holds(text, q, 0.5) for q in found[:1]] == [True]
    cycles = next(q for q in found if q.text == "17")
    assert bound_holds(text, cycles, 17.0) and not bound_holds(text, cycles, 35.0)
    minutes = next(q for q in found if q.text.startswith("20"))  # "no more than" bounds from above, not below
    assert bound_holds(text, minutes, minutes.value) and not bound_holds(text, minutes, minutes.value * 2)
