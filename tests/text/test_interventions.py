"""Treatments named as the groups a null finding compares (round 26: "candesartan and propranolol did not differ")."""

from __future__ import annotations

import pytest

from medhal.text._finding_subjects import stems
from medhal.text.findings import null_finding_conflict, null_findings
from medhal.text.interventions import compares_groups, is_treatment, treatment_pair

HEAD_TO_HEAD = "Candesartan and propranolol did not differ in efficacy (p = 0.61)."


@pytest.mark.parametrize("name", ["candesartan", "Propranolol 80 mg", "placebo", "usual care", "empagliflozin 10 mg"])
def test_treatments_are_recognised_by_name(name: str) -> None:
    assert is_treatment(name)


@pytest.mark.parametrize("name", ["kidney stones", "hypercalcemia", "nausea", "vomiting", "30-day mortality"])
def test_outcomes_are_not_treatments(name: str) -> None:
    assert not is_treatment(name)


def test_pair_before_a_verb_of_no_difference() -> None:
    assert treatment_pair(HEAD_TO_HEAD) == ("Candesartan", "propranolol")
    # the second part of a sentence (round 26's own: "Both active drugs were superior to placebo (...), and
    # candesartan and propranolol did not differ")
    assert treatment_pair("and candesartan and propranolol did not differ (difference 0.04 days).") == (
        "candesartan",
        "propranolol",
    )
    assert treatment_pair("Nausea and vomiting did not differ between the groups.") is None
    assert treatment_pair("Candesartan and propranolol reduced migraine days.") is None


def test_a_head_to_head_null_finding_is_one_finding_about_both_arms() -> None:
    (finding,) = null_findings(HEAD_TO_HEAD)
    assert finding.head_to_head
    assert finding.groups == stems("candesartan propranolol")


@pytest.mark.parametrize(
    "unit",
    [
        "propranolol slowed the heart rate by about 11 beats a minute",
        "Candesartan caused dizziness more often than placebo",
        "Both candesartan and propranolol reduced migraine days compared with placebo",
    ],
)
def test_an_effect_of_one_arm_is_no_contradiction(unit: str) -> None:
    assert not null_finding_conflict(unit, HEAD_TO_HEAD)


def test_setting_one_arm_against_the_other_contradicts() -> None:
    assert null_finding_conflict("candesartan was more effective than propranolol", HEAD_TO_HEAD)
    assert compares_groups("propranolol worked better than candesartan", stems("candesartan propranolol"), stems)


def test_two_outcomes_keep_their_own_findings() -> None:
    sentence = "Hypercalcemia and kidney stones did not differ."
    assert len(null_findings(sentence)) == 3
    assert null_finding_conflict("kidney stones were more common with calcium", sentence)
