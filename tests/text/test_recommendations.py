"""A recommendation turned the other way (text/recommendations.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.recommendations import Advice, advice, premature_use, reversed_advice, unadvised

EVIDENCE = [
    "Objective: To determine whether oral prednisolone should be used for acute cough.",
    "Results: Median duration of cough was 5 days in both groups.",
    "Conclusions: Oral corticosteroids should not be used for acute lower respiratory tract infection in adults "
    "without asthma because they do not reduce symptom duration or severity.",
]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Antibiotics should be avoided in viral bronchiolitis.", Advice("antibiotics", False)),
        ("Antibiotics should not be withheld from these infants.", Advice("antibiotics", True)),
        ("We conclude that aspirin should be offered to women at high risk.", Advice("aspirin", True)),
        # qualified, hedged or asked: no advice to reverse
        ("Steroids should not be used routinely.", None),
        ("Steroids should be used only in selected patients.", None),
        ("Steroids may be considered in severe cases.", None),
        ("It is unclear whether steroids should be used.", None),
    ],
)
def test_advice(text: str, expected: Advice | None) -> None:
    assert advice(text) == expected


def test_advice_the_other_way_about_the_same_treatment_is_reversed() -> None:
    assert reversed_advice("Steroids should therefore be prescribed for this condition.", EVIDENCE) == 2
    assert reversed_advice("Corticosteroids should be given to these adults.", EVIDENCE) == 2
    # the same advice, advice about another treatment, or the question of the objective: nothing reversed
    assert reversed_advice("Steroids should therefore not be prescribed for this condition.", EVIDENCE) is None
    assert reversed_advice("Antibiotics should be prescribed for this condition.", EVIDENCE) is None
    assert reversed_advice("Prednisolone should not be used.", EVIDENCE[:2]) is None


COFFEE = [
    "In this prospective cohort study, we followed 386,258 adults.",
    "Each additional daily cup of coffee was associated with a 3% lower risk of incident arrhythmia.",
]


@pytest.mark.parametrize(
    "unit",
    [
        "Adults with arrhythmias should therefore be advised to drink more coffee.",
        "Coffee is recommended for patients with atrial fibrillation.",
        "We recommend coffee for everyone.",
    ],
)
def test_advice_the_evidence_never_gives_is_the_answers_own(unit: str) -> None:
    assert unadvised(unit, COFFEE)


@pytest.mark.parametrize(
    "unit",
    [
        "Adults with arrhythmias might consider drinking coffee.",  # hedged
        "Randomized trials should test whether coffee prevents arrhythmias.",  # research, not care
        "Each cup of coffee was linked to a 3% lower risk.",  # no advice
    ],
)
def test_hedged_research_or_no_advice_is_not(unit: str) -> None:
    assert not unadvised(unit, COFFEE)


def test_evidence_that_says_anything_of_what_to_do_leaves_the_advice_to_the_encoder() -> None:
    assert not unadvised("Coffee should be encouraged.", [*COFFEE, "Coffee need not be discouraged."])
    assert not unadvised("Coffee should be encouraged.", [*COFFEE, "These findings support moderate intake."])


APP = [
    "The application had a sensitivity of 86.3% and a specificity of 78.4%.",
    "Conclusions: Its performance on darker skin types requires further evaluation before clinical use.",
]


@pytest.mark.parametrize(
    "unit",
    ["so it is ready to be used in clinics.", "The app can now be used routinely.", "It can replace dermatologists."],
)
def test_a_tool_called_ready_for_care_the_evidence_says_needs_more_study_first(unit: str) -> None:
    assert premature_use(unit, APP) == 1


@pytest.mark.parametrize(
    "unit",
    [
        "so it needs more testing before being used in clinics.",  # says what the evidence says
        "It may be ready for clinical use.",  # hedged
        "It is not ready for routine use.",
    ],
)
def test_hedged_or_agreeing_units_are_not(unit: str) -> None:
    assert premature_use(unit, APP) is None
    assert premature_use("It is ready to be used in clinics.", APP[:1]) is None  # the evidence says nothing of it


def test_a_protocol_advises_in_the_imperative() -> None:
    # round 43: "all patients should be reviewed at 48 hours" was advice the evidence never gives against a protocol's
    # "Review all patients at 48 hours." (26 faithful clauses of the clinical-document rounds flagged so)
    protocol = [
        "4. Review, switch and duration",
        "Review all patients at 48 hours.",
        "For moderate and high severity, send pneumococcal and Legionella urinary antigen tests.",
    ]
    assert not unadvised("and all patients should be reviewed at 48 hours,", protocol)
    abstract = ["Use of statins was associated with a 12% lower risk of delirium.", "Review of records found no harm."]
    assert unadvised("Statins should therefore be given to all older patients.", abstract)


def test_instructions_and_a_plan_are_advice() -> None:
    # cp_362: "He should take paracetamol 1 g four times a day ..." against an operation note's "Post-operative
    # instructions: - Paracetamol 1 g four times daily ..." (a list of nouns, no verb of advice)
    note = ["Post-operative instructions:", "- Paracetamol 1 g four times daily, for 5 days."]
    assert not unadvised("He should take paracetamol 1 g four times a day", note)
    assert not unadvised("He should take paracetamol 1 g four times a day", ["Plan: paracetamol 1 g four times daily."])
    assert unadvised("He should take paracetamol 1 g four times a day", ["The plan was feasible in 90%."])
