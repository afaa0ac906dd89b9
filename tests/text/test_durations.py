"""A duration compared between two groups against the durations the evidence gives each (text/durations.py)."""

from __future__ import annotations

import pytest

from medhal.text.durations import duration_conflict, group_durations

COUGH = "Cough lasted a median of 10 days with 3-day treatment and 8 days with 7-day treatment."
DIARRHOEA = "The median duration of diarrhoea was 49 hours with probiotic and 50 hours with placebo."
STAY = (
    "Catheter complications were more common with intravenous therapy (9.4% vs 1.0%), and the median hospital stay "
    "was 14 days with intravenous and 11 days with oral therapy."
)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("Cough cleared two days faster with the 3-day course.", COUGH),  # the 3-day course took longer
        ("Patients left hospital about three days later with oral therapy.", STAY),
        ("Diarrhoea resolved a day sooner with the probiotic.", DIARRHOEA),  # an hour, not a day
        ("Cough lasted a week longer with the 3-day course.", COUGH),  # two days, not seven
    ],
)
def test_a_duration_turned_around_or_far_from_the_difference_conflicts(unit: str, sentence: str) -> None:
    assert duration_conflict(unit, sentence)


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("Cough lasted about two days longer with the 3-day course.", COUGH),
        ("Patients left hospital about three days earlier with oral therapy.", STAY),
        ("Diarrhoea resolved slightly sooner with the probiotic.", DIARRHOEA),  # no amount, the right way
        ("Fever lasted longer with the 3-day course.", COUGH),  # another measure
        ("Cough did not clear faster with the 3-day course.", COUGH),  # negated
        ("Cough cleared faster with the higher dose.", COUGH),  # a group the sentence does not give a duration
        # two comparisons in one unit: which the figures answer is not read
        ("Diarrhoea lasted longer with placebo and shorter with the probiotic than expected.", DIARRHOEA),
        ("Hospital stays were shorter with oral therapy.", "Hospital stays were 11 days with oral therapy."),
    ],
)
def test_other_pairs_do_not(unit: str, sentence: str) -> None:
    assert not duration_conflict(unit, sentence)


def test_durations_are_read_per_group_in_days() -> None:
    assert group_durations(STAY) == [("intravenous", 14.0), ("oral therapy", 11.0)]
    assert group_durations("Stays were 14 days overall.") == []


def test_a_comparison_naming_the_other_group_after_than() -> None:
    sentence = "Median recovery time was 21 minutes with ketamine and 13 minutes with propofol."
    faster = "Patients given ketamine recovered 8 minutes faster than those given propofol."
    longer = "Ketamine patients took 8 minutes longer to recover than those given propofol."
    assert duration_conflict(faster, sentence)
    assert not duration_conflict(longer, sentence)
