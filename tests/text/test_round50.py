"""Round 50 (30 texts written after round 49's rules; read blind they gave 4 faithful clauses contradicted and 4 of
30 faithful answers flagged): each faithful clause's false cue mended at its cause, and three kinds of wrong twin the
encoder read as entailed (a difference turned round with its size kept, a lettered or qualified variant swapped)."""

from __future__ import annotations

import pytest

from medhal.text.associations import association_reversed
from medhal.text.comparisons import unit_comparison
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.lexical import direction_conflict, numbers
from medhal.text.names import unstated_names
from medhal.text.negation import negation_targets
from medhal.text.quantities import quantities
from medhal.text.signed_differences import signed_difference_conflict
from medhal.text.synonyms import canonical_stems
from medhal.text.variants import lettered_swaps, qualifier_swaps

KITS = "Between 1 April 2023 and 31 March 2024, 1,284,600 people aged 56 to 74 were sent a FIT kit."


@pytest.mark.parametrize(
    ("written", "value"),
    [("1,284,600", 1284600.0), ("12,345,678.5", 12345678.5), ("1,204", 1204.0), ("0,125", 0.125), ("3,5", 3.5)],
)
def test_a_number_in_groups_of_three_is_read_whole(written: str, value: float) -> None:
    # "1,284,600" had been read as 1.28 (a decimal comma) and "0,125 mg" as 125 mg
    assert [q.value for q in quantities(f"{written} people")] == [value]
    assert numbers(f"{written} people") == {str(value).removesuffix(".0")}


def test_about_one_point_two_eight_million_is_the_count_of_one_million_two_hundred_thousand() -> None:
    unit = "In 2023/24 the hub sent FIT kits to about 1.28 million people aged 56 to 74,"
    assert number_conflicts(unit, KITS, KITS) == []
    assert unstated_quantities(unit, KITS) == []


def test_a_letter_joined_to_a_word_is_not_a_name() -> None:
    evidence = "Sudden changes in how much you eat of foods high in vitamin K, such as spinach, can change your INR."
    assert unstated_names("Keep the amount of vitamin K-rich greens such as spinach steady,", evidence) == ()
    assert unstated_names("Keep the amount of K-rich greens steady,", "Foods with potassium") == ()


def test_a_level_named_by_its_figures_is_no_more_of_the_exposure() -> None:
    sentence = "Use on 1-3 nights per week was associated with a smaller reduction in sleep time (12 minutes)."
    unit = "Less frequent use (one to three nights a week) was linked to a smaller loss of sleep,"
    assert not association_reversed(unit, sentence)
    lead = "Lead exposure is widespread and is associated with lower cognitive scores."
    assert association_reversed("Higher blood lead was linked to higher IQ scores.", lead)
    # a threshold or a time frame is no range of levels: these wrong twins stay reversed (rounds 32, 44)
    contrast = (
        "Diabetes and contrast volume above 150 mL (OR 1.94) were associated with a higher risk of kidney injury."
    )
    assert association_reversed(
        "Diabetes and a contrast dose of more than 150 mL were linked to a lower risk", contrast
    )
    milk = "Exclusive feeding with donor milk during the first 14 days was associated with lower LOS risk (OR 0.61)."
    assert association_reversed("Feeding only donor milk in the first two weeks was linked to a higher risk,", milk)
    doses = "High doses given every 1 to 12 months were associated with an increased risk of falls."
    assert association_reversed("Very large doses given every one to twelve months were linked to fewer falls,", doses)


def test_a_pulse_oximetry_abbreviation_is_the_oxygen_saturation() -> None:
    assert canonical_stems("SpO2 <85% for 1 h") == canonical_stems("oxygen saturation")
    assert canonical_stems("transferrin saturation") != canonical_stems("oxygen saturation")


def test_an_age_bound_that_says_older_compares_the_same_groups() -> None:
    sentence = "Orthostatic hypotension occurred in 6% of patients aged 65 years or older versus 2% of younger adults."
    assert not direction_conflict("as orthostatic hypotension was more common in older patients (6% vs 2%).", sentence)
    assert direction_conflict("it was more common in younger patients", "It was more common in older patients.")


def test_what_a_sentence_sets_as_its_condition_it_does_not_assert() -> None:
    sentence = "If NEVRALEX is used for an approved indication (schizophrenia), the starting dose is 2 mg once daily."
    assert not negation_targets("and carvotiline (Nevralex) is not approved for that use.", sentence)
    # the main clause is still read: "should not be used" denies "metformin should be used"
    assert negation_targets("Metformin should not be used.", "If eGFR falls below 30, metformin should be used.")


def test_a_difference_turned_round_with_its_size_kept() -> None:
    sentence = "Use on 4 or more nights was associated with 38 minutes shorter sleep and a 24-minute later sleep onset."
    assert signed_difference_conflict("Frequent users also fell asleep about 24 minutes earlier", [sentence]) == 0
    assert signed_difference_conflict("Frequent users also fell asleep about 24 minutes later", [sentence]) is None
    assert signed_difference_conflict("They slept 38 minutes less", [sentence]) is None
    audit = "Those taking a sulfonylurea had 2.4 times the rate of call-outs compared with those on metformin alone."
    wrong = "people taking a sulfonylurea had a 2.4-fold lower rate of call-outs than those on metformin alone."
    assert signed_difference_conflict(wrong, [audit]) == 0
    # the same finding told from the other group
    converse = "people on metformin alone had a 2.4-fold lower rate of call-outs than those taking a sulfonylurea."
    assert signed_difference_conflict(converse, [audit]) is None
    # a year is no size of a difference
    assert (
        signed_difference_conflict("In 2019 more patients were screened", ["In 2019 fewer patients were screened"])
        is None
    )


def test_a_comparison_is_the_comparative_next_to_its_groups() -> None:
    claim = unit_comparison("and at the higher dose it was smaller in women than in men.")
    assert claim is not None and (claim.group, claim.rival, claim.up) == ("women", "men", False)


def test_a_variant_swapped_for_one_the_evidence_names() -> None:
    troponin = "High-sensitivity cardiac troponin T (hs-cTnT) was measured at presentation and at 1 hour."
    assert lettered_swaps("in which high-sensitivity troponin I is measured on arrival", troponin) == ("troponin I",)
    assert unstated_names("in which high-sensitivity troponin I is measured on arrival", troponin) == ("troponin I",)
    assert lettered_swaps("in which high-sensitivity troponin T is measured on arrival", troponin) == ()
    echo = "Severe aortic stenosis (peak velocity 4.3 m/s, up from 3.7 m/s); mild mitral regurgitation; aortic valve."
    assert qualifier_swaps("his mitral stenosis has progressed from moderate to severe", echo) == ("mitral stenosis",)
    assert qualifier_swaps("his aortic stenosis has progressed from moderate to severe", echo) == ()
    assert qualifier_swaps("the leak through his mitral valve is mild", echo) == ()


def test_a_difference_turned_round_against_a_ratio_or_a_fold_change() -> None:
    # round 51: the size of a relative difference may be stated as a ratio, and a "-fold" change by the verb before it
    coffee = (
        "Drinking 1-3 cups per day was associated with a lower risk of AF (hazard ratio [HR] 0.88, 95% CI 0.79-0.97)."
    )
    assert signed_difference_conflict("People drinking 1-3 cups a day had roughly 12% higher risk of AF", [coffee]) == 0
    assert (
        signed_difference_conflict("People drinking 1-3 cups a day had roughly 12% lower risk of AF", [coffee]) is None
    )
    auc = (
        "Mean AUC was increased 1.2-fold (90% CI 0.98 to 1.47) in mild impairment and 2.3-fold in moderate impairment."
    )
    assert signed_difference_conflict("but roughly 2.3 times lower in moderate impairment,", [auc]) == 0
    assert signed_difference_conflict("but roughly 2.3 times higher in moderate impairment,", [auc]) is None
