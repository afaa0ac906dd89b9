"""A study design misreported: a cohort called a trial, a trial called observational (text/designs.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.designs import (
    blinding_conflict,
    claimed_design,
    design_conflict,
    overstated_superiority,
    stated_design,
    timing_conflict,
)

COHORT = [
    "Purpose: Statins might protect against delirium.",
    "Methods: This prospective cohort study included 763 adults admitted to two ICUs.",
    "Conclusions: Randomised trials are needed.",
]
TRIAL = [
    "Methods: In this double-blind trial at six hospitals, 412 patients were randomly assigned to drug or placebo.",
    "Results: Transfusion was required in 23.3% and 38.3%.",
]


@pytest.mark.parametrize(
    ("unit", "design"),
    [
        ("This trial shows that statins prevent delirium.", "randomised"),
        ("In this randomised, placebo-controlled trial, the drug worked.", "randomised"),
        ("The RCT found no benefit.", "randomised"),
        ("This retrospective cohort study found an association.", "observational"),
        ("Because this was an observational study, causality is uncertain.", "observational"),
        ("Randomised trials are needed.", None),
        ("Unlike the SPRINT trial, this one enrolled older adults.", None),
    ],
)
def test_the_design_a_unit_claims(unit: str, design: str | None) -> None:
    assert claimed_design(unit) == design


def test_the_design_the_evidence_states() -> None:
    assert stated_design(COHORT) == ("observational", 1)
    assert stated_design(TRIAL) == ("randomised", 0)
    # both, or a secondary analysis of a trial: no one design
    assert stated_design([*TRIAL, "A cohort of non-randomised patients was also followed."]) is None
    assert stated_design(["This post hoc analysis of a randomised trial used cohort data."]) is None
    # a single-arm trial randomises no one: "this trial" about it never fires
    assert stated_design(["In this single-arm phase II trial, 40 patients received the drug."]) is None


def test_a_conflicting_design_names_the_sentence_that_states_the_real_one() -> None:
    assert design_conflict("This trial shows that statins prevent delirium.", COHORT) == 1
    assert design_conflict("This observational study found less transfusion.", TRIAL) == 0
    assert design_conflict("In this cohort study, statins were linked with less delirium.", COHORT) is None
    assert design_conflict("In this trial, transfusion was less common with the drug.", TRIAL) is None


def test_superiority_claimed_from_a_non_inferiority_result_is_overstated() -> None:
    evidence = [
        "Methods: In this non-inferiority trial, 1,552 adults were randomly assigned to antibiotics or appendectomy.",
        "Conclusions: Antibiotics were non-inferior to appendectomy on a standard health-status measure.",
    ]
    assert overstated_superiority("A course of antibiotics was superior to surgery for health status.", evidence) == 1
    assert overstated_superiority("Antibiotics showed superiority over surgery.", evidence) == 1
    # the result restated, a negated claim, or evidence that also reports superiority: nothing overstated
    assert overstated_superiority("Antibiotics were non-inferior to surgery.", evidence) is None
    assert overstated_superiority("Antibiotics were not superior to surgery.", evidence) is None
    both = [*evidence, "In a secondary analysis, antibiotics were superior for days off work."]
    assert overstated_superiority("Antibiotics were superior to surgery for days off work.", both) is None
    # a superiority trial: no non-inferiority to overstate
    assert overstated_superiority("A was superior to B.", ["A was compared with B in a randomised trial."]) is None


def test_mendelian_randomization_does_not_make_a_cohort_a_trial() -> None:
    evidence = [
        "Methods: In this prospective cohort study, we followed 386,258 adults from a national biobank.",
        "Mendelian randomization analyses found no evidence that caffeine intake was associated with arrhythmia.",
    ]
    assert stated_design(evidence) == ("observational", 0)
    assert design_conflict("In a randomized trial of about 386,000 adults, coffee lowered the risk.", evidence) == 0


OPEN_LABEL = ["Methods: In this open-label, noninferiority trial, 1,054 adults were randomly assigned to A or B."]
DOUBLE_BLIND = ["Methods: In this double-blind trial, 886 children were randomly assigned to a probiotic or placebo."]


@pytest.mark.parametrize(
    ("unit", "evidence", "expected"),
    [
        ("The trial was double-blind.", OPEN_LABEL, 0),
        ("In this blinded trial, oral antibiotics were noninferior.", OPEN_LABEL, 0),
        ("This was an open-label trial of a probiotic.", DOUBLE_BLIND, 0),
        ("The trial was open-label.", OPEN_LABEL, None),
        ("The trial was double-blind.", DOUBLE_BLIND, None),
        ("The trial was not double-blind.", OPEN_LABEL, None),  # says what the evidence says
        # an open-label trial may blind its outcome assessment: the evidence states both, and no conflict
        ("The trial was double-blind.", [*OPEN_LABEL, "Outcomes were adjudicated by blinded assessors."], None),
        ("Oral antibiotics were noninferior.", OPEN_LABEL, None),  # states no blinding
        ("The trial was double-blind.", ["Double-blind trials are needed."], None),  # a call, not this study
    ],
)
def test_a_trial_blinded_the_other_way(unit: str, evidence: list[str], expected: int | None) -> None:
    assert blinding_conflict(unit, evidence) == expected
    assert design_conflict(unit, evidence) == expected  # the design cue reads it


RETROSPECTIVE = ["Methods: We retrospectively reviewed 214 women who underwent pelvic MRI before surgery."]
PROSPECTIVE = ["Methods: In this prospective surveillance study, parents of 2,310 infants kept a symptom diary."]


@pytest.mark.parametrize(
    ("unit", "evidence", "expected"),
    [
        ("In this prospective study, MRI identified the lesions.", RETROSPECTIVE, 0),
        ("The study was prospective.", RETROSPECTIVE, 0),
        ("In this retrospective study, fever was common.", PROSPECTIVE, 0),
        ("Data were retrospectively collected.", PROSPECTIVE, 0),
        ("In this retrospective study, MRI identified the lesions.", RETROSPECTIVE, None),
        # both stated: prospectively collected data analysed retrospectively
        ("In this prospective study, MRI was accurate.", [*RETROSPECTIVE, "Data were collected prospectively."], None),
        # calls for, or news of, studies to come say nothing of this one's timing
        ("Prospective studies are needed.", RETROSPECTIVE, None),
        ("We recommend a prospective trial to confirm our findings.", RETROSPECTIVE, None),
        ("A prospective study is ongoing.", RETROSPECTIVE, None),
        ("The study was not prospective.", RETROSPECTIVE, None),
        ("MRI identified the lesions.", RETROSPECTIVE, None),
        # a trial registered prospectively says nothing of when its data were gathered
        (
            "The trial was prospectively registered.",
            ["In this randomised trial, records were audited retrospectively."],
            None,
        ),
    ],
)
def test_a_study_timed_the_other_way(unit: str, evidence: list[str], expected: int | None) -> None:
    assert timing_conflict(unit, evidence) == expected
    assert design_conflict(unit, evidence) == expected  # the design cue reads it
