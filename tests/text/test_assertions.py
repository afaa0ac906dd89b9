"""Sentences that assert no finding: aims, open questions, hypotheses (issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.assertions import (
    asserts_nothing,
    calls_for_research,
    denies_proof,
    describes_measurement,
    elides_predicate,
    opens_relative,
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Does early rhythm control reduce stroke in older adults?",
        "To investigate whether vitamin D prevents falls in nursing-home residents.",
        "Objective: To compare two antibiotic durations for community-acquired pneumonia.",
        "The purpose of the present study was to evaluate a nurse-led discharge programme.",
        "The aims of this randomised trial were to assess pain and function after surgery.",
        "This trial was designed to test whether a shorter course is non-inferior.",
        "We sought to identify predictors of readmission after heart failure.",
        "We examined whether the dressing shortened healing time.",
        "We hypothesized that early mobilisation would shorten the hospital stay.",
        "We tested the hypothesis that a weight programme does not predict outcomes after banding.",
        "Little is known about the safety of ketamine in older adults.",
        "It remains unclear whether statins benefit patients over 75 years.",
        "Whether a shorter course of radiotherapy is as safe as the standard course is uncertain.",
        "The benefit of screening in this group remains controversial.",
    ],
)
def test_aims_questions_and_hypotheses_assert_nothing(sentence: str) -> None:
    assert asserts_nothing(sentence)


@pytest.mark.parametrize(
    "sentence",
    [
        "Early rhythm control reduced stroke in older adults.",
        "Knee strength did not differ between the two operations.",
        "Patients were asked to report pain scores daily.",
        "We randomly assigned 412 adults to metformin or placebo.",
        "The dressing was applied to the wound twice daily.",
        "Results: Mortality was 12% with the drug and 15% with placebo.",
        "Conclusions: Vitamin D did not prevent falls.",
        "Adherence was assessed to ensure that the dose was taken.",
    ],
)
def test_findings_and_methods_are_assertions(sentence: str) -> None:
    assert not asserts_nothing(sentence)


def test_describes_measurement_reads_outcome_definitions_and_data_collection_not_findings() -> None:
    from medhal.text.assertions import describes_measurement

    assert describes_measurement("The primary end point was a composite of cardiovascular death or hospitalization.")
    assert describes_measurement("Secondary outcomes included the rate of readmission.")
    assert describes_measurement("Data on postoperative morbidity were collected and analyzed.")
    assert not describes_measurement("The primary outcome was lower with metformin.")
    assert not describes_measurement("Data from 412 patients showed that mortality was lower.")


def test_a_unit_saying_a_study_cannot_show_a_cause_is_no_claim_an_association_denies() -> None:
    unit = "As an observational study, it cannot show that ultra-processed food causes heart disease."
    association = "Higher consumption of ultra-processed food was associated with higher cardiovascular risks."
    assert denies_proof(unit, association)
    assert not denies_proof(unit, "Ultra-processed food causes heart disease.")
    assert not denies_proof("Ultra-processed food does not cause heart disease.", association)


def test_a_call_for_more_research_is_read_unless_negated() -> None:
    # round 19: "larger studies are needed to tell whether infections fall" (P(C) 0.71 against the conclusion's call)
    assert calls_for_research("Larger studies are needed to tell whether infections fall.")
    assert calls_for_research("Whether raising bicarbonate slows decline still needs to be tested in trials.")
    assert calls_for_research("The fall was not significant, and larger studies are needed to assess the effect.")
    assert not calls_for_research("No further trials are needed.")
    assert not calls_for_research("Larger studies are not needed.")
    assert not calls_for_research("Larger studies found fewer infections.")


def test_a_clause_whose_verb_stands_for_the_one_before() -> None:
    """Round 32: "whereas no stented patient did." was contradicted by the conclusion (P(C) 0.65) and, turned round
    ("whereas many stented patients did."), restated."""
    assert elides_predicate("whereas no stented patient did.") and elides_predicate("but it was not.")
    assert opens_relative("whereas no stented patient did.")
    assert not elides_predicate("whereas no stented patient died.")
    assert not elides_predicate("and bloating more than the sham diet did.")  # a comparison names what it says


def test_an_endpoint_defined_at_a_time_point_is_a_measurement() -> None:
    # round 35: "without worsening of fibrosis" in this definition was read as a null finding contradicting a result
    assert describes_measurement(
        "The two primary endpoints at week 52 were MASH resolution without worsening of fibrosis and improvement in "
        "fibrosis by at least one stage."
    )
    assert not describes_measurement("The primary endpoint at week 52 was met in 25% of patients.")


def test_a_negated_predicate_cut_from_its_subject() -> None:
    # round 38: "Sleeve gastrectomy, | by contrast, did not raise fracture risk," was read against the RYGB interval
    from medhal.text.assertions import opens_negated_predicate

    assert opens_negated_predicate("by contrast, did not raise fracture risk,")
    assert opens_negated_predicate("and was not associated with dementia.")
    assert not opens_negated_predicate("Sleeve gastrectomy did not raise fracture risk.")
    assert not opens_negated_predicate("and reduced mortality.")
