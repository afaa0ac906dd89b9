"""Round 47 (30 texts written after rounds 44-46's rules; read blind they gave 5 faithful clauses contradicted and 9
of 30 faithful answers flagged): each faithful clause's false cue mended at its cause, in general terms."""

from __future__ import annotations

from medhal.detect.alignment import restates
from medhal.text.composites import within_either
from medhal.text.effects import changed_outcome
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.negation import flips_negation, negation_targets
from medhal.text.subgroup_claims import unreported_subgroup


def test_a_time_between_two_dates_of_the_evidence_is_stated() -> None:
    report = "Date: 14 May 2024. Comparison: chest radiograph of 12 February 2024. The blunting has resolved."
    assert unstated_quantities("The blunting seen three months ago has cleared,", report) == []
    assert [q.text for q in unstated_quantities("The blunting seen five months ago has cleared,", report)] == [
        "five months"
    ]


def test_a_difference_in_percentage_points_restates_the_same_percentage() -> None:
    evidence = "HbA1c fell by 1.2% with orvaglutide 25 mg and 1.5% with orvaglutide 50 mg."
    assert unstated_quantities("and 1.5 percentage points with the 50 mg dose", evidence) == []
    assert unstated_quantities("and 1.9 percentage points with the 50 mg dose", evidence) != []


def test_an_amount_under_a_per_litre_heading_is_the_rate_per_litre() -> None:
    protocol = "Potassium per litre of fluid: K+ above 5.5 mmol/L - none; K+ 3.5-5.5 mmol/L - 40 mmol."
    assert unstated_quantities("Potassium is added at 40 mmol per litre when it is 3.5-5.5 mmol/L,", protocol) == []
    assert unstated_quantities("Potassium is added at 20 mmol per litre when it is 3.5-5.5 mmol/L,", protocol) != []
    assert unstated_quantities("give 15 mg/kg", "give 15 mg") != []  # per kilogram is no flat dose


def test_a_small_count_in_words_is_rivalled_only_by_a_count_of_the_same_thing() -> None:
    sentence = "We included 7,842 procedures; 61% of patients returned the 2-year questionnaire."
    unit = "One caveat is that only 61% of patients returned their two-year questionnaire."
    assert number_conflicts(unit, sentence, sentence) == []
    assert number_conflicts("Two patients died.", "Three patients died.", "Three patients died.") != []


def test_a_negation_that_denies_another_finding_of_the_sentence_denies_nothing_the_unit_says() -> None:
    sentence = (
        "Delaying cord clamping did not significantly reduce death or major brain injury, although it raised "
        "haematocrit without increasing maternal haemorrhage."
    )
    assert not negation_targets(sentence, "Babies whose cord clamping was delayed had higher peak haematocrit")
    assert negation_targets("Delaying cord clamping did not reduce death.", "Delayed clamping lowered deaths.")
    assert negation_targets("Mortality did not differ between groups.", "Mortality was higher with delay.")


def test_none_of_denies_what_it_says_of_them_not_that_they_were_there() -> None:
    sentence = (
        "Of 13 false-negative scans, 9 were ulnar styloid fractures, and none of the missed fractures required surgery."
    )
    assert flips_negation("Of the 13 fractures it missed,", sentence) is None
    assert flips_negation("Some patients had a bleed.", "None of the patients had a bleed.") == "patients"


def test_a_composite_with_the_treatment_named_before_it_is_no_component() -> None:
    assert within_either(
        "vitamin C was linked to a higher risk of death or ongoing organ dysfunction", frozenset({"vitam", "morta"})
    )
    assert not within_either("vitamin C was linked to a higher risk of death", frozenset({"vitam", "morta"}))


def test_not_advised_without_risk_factors_restates_not_recommended_without_stroke_risk_factors() -> None:
    sentence = "3. Screening is not recommended for people under 65 without stroke risk factors (agreement 91%)."
    assert restates(sentence, "but screening is not advised under 65 without risk factors.")
    assert not restates(sentence, "but screening is advised under 65 without risk factors.")


def test_an_excess_risk_confined_to_a_subgroup_is_a_subgroup_claim() -> None:
    sentences = [
        "Later hip replacement was more common in older patients (14.3% vs 1.9%).",
        "Models were adjusted for sex.",
    ]
    unit = "14.3% of those aged 45-59 compared with 1.9% of those under 30, with the excess risk confined to women."
    assert unreported_subgroup(unit, sentences) == "women"


def test_an_emphatic_did_states_what_changed() -> None:
    assert changed_outcome("though it did reduce hospital admissions for heart failure.") == "hospital admissions"
    assert changed_outcome("though it did not reduce hospital admissions.") is None
