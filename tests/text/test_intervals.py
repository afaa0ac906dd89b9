"""How often something is done (round 27)."""

from __future__ import annotations

import pytest

from medhal.text.intervals import interval_conflicts, intervals

FALLS = "SAFE-STEP comprised staff training and a structured falls-risk assessment for each resident every 3 months."
TAPER = (
    "The protocol reduced the dose by 5% to 10% of the starting dose every 4 weeks, with pauses allowed at patient "
    "request, and offered weekly pharmacist phone calls."
)


@pytest.mark.parametrize(
    ("text", "days"),
    [("every 3 months", 91.3125), ("every other day", 2.0), ("fortnightly", 14.0), ("3-monthly", 91.3125)],
)
def test_intervals_in_days(text: str, days: float) -> None:
    assert [i.days for i in intervals(text)] == [pytest.approx(days)]


def test_dosing_frequencies_are_no_intervals() -> None:
    assert intervals("5 mg twice daily, then 10 mg once daily or three times weekly") == []


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("a falls-risk check for every resident every month,", FALLS),
        ("cutting 5-10% of the starting dose every week.", TAPER),  # "weekly" phone calls are another thing
    ],
)
def test_a_changed_interval_conflicts(unit: str, sentence: str) -> None:
    assert interval_conflicts(unit, sentence, sentence)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("a falls-risk check for every resident every three months,", FALLS),
        ("cutting 5-10% of the starting dose monthly.", TAPER),  # a month is four weeks
        ("pharmacist calls every week", TAPER),
    ],
)
def test_the_same_interval_does_not(unit: str, sentence: str) -> None:
    assert not interval_conflicts(unit, sentence, sentence)


def test_another_interval_word_is_not_what_an_interval_is_about() -> None:
    """Round 26: "the daily tablet ... than the weekly interferon injection" against "ozanimod 0.92 mg daily": the
    unit's "weekly" was about "daily" (a word before it), and so was the sentence's "daily"."""
    evidence = "Randomised to oral ozanimod 0.92 mg daily or interferon beta-1a 30 µg intramuscularly once weekly."
    unit = "You asked whether the daily tablet does better than the weekly interferon injection."
    assert interval_conflicts(unit, evidence, evidence) == []


def test_an_interval_of_a_list_naming_nothing_of_its_own_is_the_lists() -> None:
    # round 41: "whether emicizumab was given weekly, every two weeks or every four weeks" was read against the
    # methods' "1.5 mg/kg weekly" because "3 mg/kg every 2 weeks" names nothing the unit's interval is about
    sentence = (
        "Eligible patients switched to emicizumab maintenance dosing of 1.5 mg/kg weekly, 3 mg/kg every 2 weeks or "
        "6 mg/kg every 4 weeks."
    )
    unit = "Bleeding control was similar whether emicizumab was given weekly, every two weeks or every four weeks."
    assert interval_conflicts(unit, sentence, sentence) == []
    wrong = "Bleeding control was similar whether emicizumab was given weekly, every three weeks or every four weeks."
    assert [(a.text, b.text) for a, b in interval_conflicts(wrong, sentence, sentence)] == [
        ("every three weeks", "weekly")
    ]


def test_titrating_is_changing_the_dose() -> None:
    # round 71: "increasing the dose in 100 mg steps every four weeks" was set against "maximum dose 900 mg daily"
    # because the letter's "every 4 weeks" was about titrating, which names no dose
    sentence = (
        "Please continue to titrate by 100 mg every 4 weeks, checking urate and U&E before each increase, aiming for "
        "urate <0.36 mmol/L; maximum dose 900 mg daily."
    )
    unit = "The GP is asked to keep increasing the dose in 100 mg steps every four weeks,"
    assert interval_conflicts(unit, sentence, sentence) == []
    wrong = "The GP is asked to keep increasing the dose in 100 mg steps every two weeks,"
    assert [(a.text, b.text) for a, b in interval_conflicts(wrong, sentence, sentence)] == [
        ("every two weeks", "every 4 weeks")
    ]
