"""A unit saying two things did equally well where the evidence reports a difference (text/null_denied.py)."""

from __future__ import annotations

import pytest

from medhal.text.null_denied import denied_in_numbers, denied_null, says_equally

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


HF_READMISSIONS = (
    "Heart failure readmissions were less frequent with the programme (14.2% vs 19.0%; hazard ratio 0.73, 95% CI 0.57 "
    "to 0.93)."
)


@pytest.mark.parametrize(
    ("unit", "sentence", "expected"),
    [
        ("but it had no effect on heart failure readmissions.", HF_READMISSIONS, True),
        ("The programme did not reduce heart failure readmissions.", HF_READMISSIONS, True),
        # the effect said, not shown by an interval; or an interval that holds no effect
        ("It had no effect on heart failure readmissions.", "Heart failure readmissions were less frequent.", False),
        (
            "It did not reduce readmission.",
            "Readmission was 29.1% vs 33.8% (hazard ratio 0.84, 95% CI 0.70 to 1.01).",
            False,
        ),
        # another subject, or a unit that asserts an effect
        ("It had no effect on mortality.", HF_READMISSIONS, False),
        ("It reduced heart failure readmissions.", HF_READMISSIONS, False),
        # a significant P value alone is not read (subgroups and strata have theirs)
        (
            "There is no increase in testicular atrophy.",
            "Atrophy was highest at 13-24 months (12% vs 5%; p=0.0024).",
            False,
        ),
    ],
)
def test_no_effect_where_an_interval_shows_one(unit: str, sentence: str, expected: bool) -> None:
    assert denied_in_numbers(unit, sentence) is expected


DOSE_STRATA = (
    "Risk increased with cumulative dose: users with more than 1,825 defined daily doses had an HR of 1.34 (95% CI "
    "1.15-1.56), whereas those with fewer than 365 defined daily doses had no elevated risk (HR 0.98, 95% CI "
    "0.84-1.14)."
)
SUBGROUPS = (
    "In a prespecified subgroup analysis, the rate ratio was 0.76 (95% CI 0.59-0.98) in patients with LVEF of 57% or "
    "less and 1.02 (95% CI 0.79-1.32) in those above 57% (p for interaction 0.07)."
)


@pytest.mark.parametrize(
    ("unit", "sentence", "expected"),
    [
        # round 34: the sentence shows the effect for some and not for others, so it denies neither's null finding
        ("while those with fewer than 365 defined daily doses showed no increase.", DOSE_STRATA, False),
        ("although the difference between the subgroups was not statistically significant.", SUBGROUPS, False),
        # an interval holding no effect about another subject leaves the denial standing
        (
            "It had no effect on heart failure readmissions.",
            HF_READMISSIONS[:-1] + ", but mortality did not differ (hazard ratio 0.98, 95% CI 0.80 to 1.20).",
            True,
        ),
    ],
)
def test_an_interval_holding_no_effect_about_the_same_subject_denies_nothing(
    unit: str, sentence: str, expected: bool
) -> None:
    assert denied_in_numbers(unit, sentence) is expected


@pytest.mark.parametrize(
    ("unit", "sentence", "expected"),
    [
        # "equally common" against a difference in words, or against two figures far apart
        (
            "Stent thrombosis was equally frequent.",
            "Stent thrombosis was more than twice as frequent in carriers (1.8% vs 0.7%).",
            True,
        ),
        (
            "Acute kidney injury was equally common in both groups.",
            "Acute kidney injury occurred in 18% of obese and 7% of normal-weight patients.",
            True,
        ),
        # figures close together, or a difference only inside brackets
        ("Acute kidney injury was equally common.", "Acute kidney injury occurred in 18% and 17% of patients.", False),
        ("Rash was about as common in both groups.", "Rash occurred in 12% of the drug group and 4% of placebo.", True),
        (
            "Rash was about as common in both groups.",
            "Rash occurred in 12% of the drug group and 11% of placebo.",
            False,
        ),
        # an association in words is no figure ("equally common across other syndromes", PubMedQA)
        (
            "They are equally common across other syndromes.",
            "They were also associated with other syndromes (OR 1.8).",
            False,
        ),
        ("Cure was equally common.", "Cure occurred in 93% and 92% (95% CI of the difference -4 to 60%).", False),
    ],
)
def test_equally_common_where_the_evidence_reports_a_difference(unit: str, sentence: str, expected: bool) -> None:
    assert says_equally(unit)
    assert denied_null(unit, sentence) is expected
