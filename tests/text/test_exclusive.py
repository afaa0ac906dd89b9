"""Something that happened in one group only, against a unit that says it happened in both (text/exclusive.py)."""

from __future__ import annotations

import pytest

from medhal.text.exclusive import absence_denied, exclusive_conflict, exclusive_subject, qualified_absence

ONLY = "Severe hypoglycaemia occurred only in the intensive-treatment group (2.6%)."


@pytest.mark.parametrize(
    "sentence",
    [
        ONLY,
        "Severe hypoglycaemia was seen exclusively with intensive treatment.",
        "Severe hypoglycaemia was confined to the intensive arm.",
    ],
)
def test_one_group_only_is_read(sentence: str) -> None:
    assert exclusive_subject(sentence) == frozenset({"sever", "hypo-glyc"})


@pytest.mark.parametrize(
    "unit",
    [
        "Severe low blood sugar occurred in both groups, in about 2.6% of patients.",
        "Severe hypoglycaemia was reported in each treatment arm.",
        "Patients had severe hypoglycaemia in the two groups.",
    ],
)
def test_both_groups_contradicts_one_group_only(unit: str) -> None:
    assert exclusive_conflict(unit, ONLY)


@pytest.mark.parametrize(
    "unit",
    [
        "Severe low blood sugar occurred only with intensive treatment.",  # the same finding
        "Hypoglycaemia occurred in both groups.",  # not the whole subject: mild episodes may have
        "Severe hypoglycaemia did not occur in both groups.",  # negated
        "Nausea occurred in both groups.",  # another subject
    ],
)
def test_other_units_do_not(unit: str) -> None:
    assert not exclusive_conflict(unit, ONLY)
    assert not exclusive_conflict("Severe hypoglycaemia occurred in both groups.", "Hypoglycaemia was rare.")


def test_an_absence_the_evidence_says_happened() -> None:
    assert absence_denied("No serious adverse events occurred.", "Serious adverse events occurred in 3% of patients.")
    # another subject, an aim, or a sentence reporting the absence too
    assert not absence_denied("No serious adverse events occurred.", "Adverse events occurred in 3% of patients.")
    assert not absence_denied(
        "No alteration in practice was detected.",
        "The design was used to assess changes in practice and to monitor whether any changes occurred.",
    )
    assert not absence_denied(
        "No serious adverse events occurred.", "No serious adverse events occurred in either group."
    )


def test_an_absence_up_to_a_dose_is_denied_where_it_happened_at_that_dose() -> None:
    sentence = "Dose-limiting toxicities occurred in 2 of 6 patients at 1,200 mg; the maximum tolerated dose was 900 mg"
    assert absence_denied("No dose-limiting toxicities were seen up to 1,200 mg.", sentence)
    assert not absence_denied("No dose-limiting toxicities were seen up to 1,200 mg.", "Nausea occurred in 45%.")


def test_an_event_the_evidence_says_never_happened_in_the_people_the_unit_names_is_denied() -> None:
    # round 44 (cp_400): the null-finding cue reads only absences said of everyone, so "Three men under surveillance
    # had a rupture" was supported against "No ruptures occurred among men under surveillance"
    sentence = "No ruptures occurred among men under surveillance."
    assert qualified_absence("Three men under surveillance had a rupture.", sentence)
    assert not qualified_absence("None of the men under surveillance had a rupture.", sentence)
    assert not qualified_absence("Two men awaiting repair had a rupture.", sentence)  # other people
    assert not qualified_absence("A leak occurred in group A.", "No leak was seen in group B.")  # no one named
