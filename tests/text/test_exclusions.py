"""A finding claimed for people the study excluded (text/exclusions.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.exclusions import excluded_items, excluded_population

EVIDENCE = [
    "Methods: Adults with severe community-acquired pneumonia were randomly assigned to hydrocortisone or placebo.",
    "Patients with influenza or septic shock were excluded.",
    "Results: Death by day 28 occurred in 6.2% and 11.9%, respectively.",
]


@pytest.mark.parametrize(
    ("sentence", "items"),
    [
        (EVIDENCE[1], [{"influ"}, {"septi", "shock"}]),
        ("We excluded patients with cirrhosis, dialysis, or pregnancy.", [{"cirrh"}, {"dialy"}, {"pregn"}]),
        ("Children who had received antibiotics were not eligible.", [{"recei", "antib"}]),
        ("Patients with septic shock were treated first.", []),
    ],
)
def test_excluded_items(sentence: str, items: list[set[str]]) -> None:
    assert [set(i) for i in excluded_items(sentence)] == items


@pytest.mark.parametrize(
    "unit",
    [
        "The benefit was greatest in patients with septic shock.",
        "Hydrocortisone also reduced mortality in patients with influenza.",
    ],
)
def test_a_finding_for_an_excluded_population_is_contradicted_by_the_exclusion(unit: str) -> None:
    assert excluded_population(unit, EVIDENCE) == 1


@pytest.mark.parametrize(
    "unit",
    [
        "People with influenza or septic shock were not included.",  # says they were left out
        "Hydrocortisone reduced mortality in patients with severe pneumonia.",  # the enrolled population
        "Patients with septic shock often need steroids.",  # asserts no finding of the study's
    ],
)
def test_other_units_are_not(unit: str) -> None:
    assert excluded_population(unit, EVIDENCE) is None


def test_a_population_the_evidence_reports_on_elsewhere_is_not_left_out() -> None:
    reported = [*EVIDENCE, "In a separate registry, patients with septic shock had higher mortality."]
    assert excluded_population("Mortality was higher in patients with septic shock.", reported) is None


def test_a_treatment_called_the_preferred_one_for_excluded_patients() -> None:
    evidence = ["Patients were assigned to apixaban or warfarin.", "Patients with a mechanical valve were excluded."]
    unit = "which makes it the preferred anticoagulant for patients with mechanical valves on dialysis."
    assert excluded_population(unit, evidence) == 1


def test_two_words_of_a_long_excluded_item_name_it() -> None:
    evidence = [
        "Adults were assigned to early or usual mobilisation.",
        "Patients with dementia severe enough to prevent participation were excluded.",
    ]
    assert excluded_population("It was also effective in patients with severe dementia.", evidence) == 1
    assert excluded_population("It was also effective in patients with dementia.", evidence) is None  # one word


def test_an_age_bound_the_study_left_out() -> None:
    evidence = [
        "General practices offered CRP testing or usual care.",
        "Children younger than 12 years were not included.",
    ]
    assert excluded_population("The test worked best in children younger than 12 years.", evidence) == 1
    assert excluded_population("The test worked best in children older than 12 years.", evidence) is None
    assert excluded_population("Children younger than 12 years were not studied.", evidence) is None
