"""Rounds 96-97 (48 texts written blind after round 95's rules: vasectomy, pyloric stenosis, fracture clinic,
Sjögren's, shunt, early puberty, thyroid nodule and pilonidal letters; croup, restless legs, ME/CFS, osteomyelitis,
Cushing's, club foot, tennis elbow and Down syndrome letters): their false cues mended at their cause."""

from __future__ import annotations

from medhal.text.effects import changed_outcome
from medhal.text.explanations import unstated_cause
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.rates import rate_restated
from medhal.text.synonyms import alignment_tokens
from medhal.text.term_figures import figure_in_term
from medhal.text.variants import qualifier_swaps


def test_accents_do_not_make_a_new_name() -> None:
    evidence = "Diagnosis: Primary Sjogren's syndrome (meets 2016 ACR/EULAR classification criteria)"
    assert unstated_names("The rheumatologist diagnosed primary Sjögren's syndrome,", evidence) == ()
    assert alignment_tokens("Sjögren") == alignment_tokens("Sjogren")


def test_half_of_an_organ_is_a_hemi_operation_and_a_tanner_stage_is_a_figure() -> None:
    assert quantities("which means removing the left half of the thyroid.") == []  # a side's half: no share (131)
    unit = "which means removing half of the thyroid."
    (half,) = quantities(unit)
    assert figure_in_term(unit, half, "diagnostic L hemithyroidectomy recommended")
    assert not figure_in_term(unit, half, "diagnostic L lobectomy recommended")
    unit = "If she reaches breast stage 3 within those 6 months,"
    stage, months = quantities(unit)
    assert figure_in_term(unit, stage, "If B3 within 6 months, refer.")
    assert not figure_in_term(unit, stage, "If B4 within 6 months, refer.")
    assert not figure_in_term(unit, months, "If B3 within 6 months, refer.")


def test_the_volume_of_a_strength_is_written_inside_it() -> None:
    unit = "which is 10 ml of the 120 mg in 5 ml liquid"
    five = quantities(unit)[-1]
    assert figure_in_term(unit, five, "Paracetamol 240 mg (10 ml of 120 mg/5 ml) up to 4 times in 24 h")
    assert not figure_in_term(unit, five, "Paracetamol 240 mg (10 ml of 250 mg/5 ml) up to 4 times in 24 h")


def test_tubes_rejoining_is_recanalisation() -> None:
    named = alignment_tokens("Early failure approx 1 in 250; late recanalisation approx 1 in 2,000 after clearance.")
    assert unstated_cause("after clearance, because the tubes rejoin.", named) is None


def test_a_small_cut_is_no_effect_verb() -> None:
    unit = "Amelia had an open pyloromyotomy through a small cut above the belly button on 5 March 2025"
    assert changed_outcome(unit) is None
    assert changed_outcome("The new dressing cut wound infections by half.") == "wound infections"


def test_a_rate_restated_over_the_day_said_before_it_or_to_a_decimal() -> None:
    stated = quantities("24h UFC 210 nmol/24h (ref <146); CPAP download: average 6.1 h/night, AHI 3.2")
    unit = "and a raised 24-hour urine cortisol of 210 nmol."
    assert rate_restated(unit, quantities(unit)[-1], stated)
    unit = "for an average of 6.1 hours."
    assert rate_restated(unit, quantities(unit)[0], stated)
    unit = "for an average of 6 hours."
    assert not rate_restated(unit, quantities(unit)[0], quantities("average 6 h/night"))


def test_an_overnight_dexamethasone_suppression_test_is_named_by_its_acronym() -> None:
    evidence = "1 mg ODST: 9am cortisol 188 nmol/L (<50)"
    assert unstated_names("a morning cortisol of 188 nmol/L after the 1 mg dexamethasone test,", evidence) == ()


def test_a_qualifier_said_of_the_next_word_is_no_swap() -> None:
    evidence = "Distal bone: MSSA. Proximal margin: no growth at 5 days."
    assert qualifier_swaps("but the proximal bone margin showed no growth", evidence) == ()
    assert qualifier_swaps("the proximal bone grew MSSA", evidence) == ("proximal bone",)
