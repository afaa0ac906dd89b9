"""Groups compared as the subject of a sentence, bounded by an age in words (text/subgroups.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.comparisons import comparison_conflict, named_groups, unit_comparison
from medhal.text.subgroups import (
    SubjectComparison,
    goes_without,
    group_tokens,
    loosely_named,
    normalise_ages,
    subject_comparison,
)
from medhal.text.unnamed import comparison_subject

SUBGROUP = "Children younger than 6 years had a lower sensitivity (85.7%) than older children (96.3%)."


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("children younger than 6 years", "children under 6"),
        ("children less than six years old", "children under 6"),
        ("patients aged under 65", "patients under 65"),
        ("adults older than 65 years of age", "adults over 65"),
        ("women above twelve", "women over 12"),
    ],
)
def test_ages_are_written_one_way(text: str, expected: str) -> None:
    assert normalise_ages(text) == expected


def test_the_subject_form_is_read() -> None:
    assert subject_comparison(SUBGROUP) == SubjectComparison("Children under 6", "older children", False, "sensitivity")
    assert subject_comparison("Women had significantly higher response rates than men.") == SubjectComparison(
        "Women", "men", True, "response rates"
    )
    # the measure as subject is the other form, left to comparisons.py
    assert subject_comparison("Mortality was higher in women than in men.") is None


@pytest.mark.parametrize(
    ("unit", "fires"),
    [
        ("It was more sensitive in children under six than in older children.", True),
        ("Children under six had a higher sensitivity than older children.", True),
        ("It was less sensitive in children under six than in older children.", False),
        ("Children under 6 had lower sensitivity than older children.", False),
    ],
)
def test_a_subgroup_comparison_said_the_other_way_round_is_contradicted(unit: str, fires: bool) -> None:
    assert comparison_conflict(unit, SUBGROUP) is fires


def test_a_comparison_in_the_subject_form_has_no_comparison_subject() -> None:
    claim = unit_comparison("Children under six had a higher sensitivity than older children.")
    assert claim is not None and claim.group == "Children under 6" and claim.measure == frozenset({"sensi"})
    assert comparison_subject("Children under six had a higher sensitivity than older children.") is None


def test_a_group_named_for_what_it_goes_without() -> None:
    # round 40: "with the statin" named the arm "no statin", and a faithful clause was contradicted
    arms = ["atorvastatin 20 mg daily", "no statin"]
    theirs = [group_tokens(a) for a in arms]
    assert goes_without("no statin") and goes_without("without prophylaxis") and goes_without("non-users")
    assert not goes_without("nonsteroidal drugs") and not goes_without("atorvastatin")
    assert loosely_named(group_tokens("the statin"), theirs) == [0]
    assert loosely_named(group_tokens("statin"), theirs) == [0]
    assert loosely_named(group_tokens("no statin"), theirs) == [1]
    assert named_groups("the statin", arms) == [0]
    # of two groups that both go without something, a name that does not is neither
    assert loosely_named(group_tokens("the statin"), [group_tokens("no statin"), group_tokens("no aspirin")]) == []
