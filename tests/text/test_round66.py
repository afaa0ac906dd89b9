"""Round 66 (24 texts written blind after round 65's rules: anticoagulation letters, breast-clinic results,
infant-feeding notes, cystic-fibrosis reviews, virtual-ward notes, transplant letters, stoma reviews and vascular
surveillance letters; read with round 65's rules, 3 faithful clauses of 460 were contradicted and 13 of the 24
faithful answers flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figure_trends import direction_against_figures
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.negation import flips_negation
from medhal.text.number_forms import dimension_unit
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_a_position_relative_to_what_is_denied_asserts_nothing() -> None:
    note = "Not yet at estimated dry weight (~87 kg)."
    assert flips_negation("although he is still above his estimated dry weight of roughly 87 kg.", note) is None
    assert flips_negation("he is now at his estimated dry weight of 87 kg.", note) == "estimated"


def test_a_day_of_a_course_by_its_letter() -> None:
    plan = "Continue IV ceftriaxone 2 g OD; review D5 (20/06) for oral switch to complete 7 days total."
    stated = [*quantities(plan), *implied_figures(plan)]
    assert number_conflicts("and review on day five for a likely oral switch,", stated, plan) == []
    assert [q.text for q, _ in number_conflicts("and review on day six for a likely switch,", stated, plan)] == [
        "day six"
    ]
    assert implied_figures("vitamin D3 1000 units daily") == []


def test_a_target_before_a_change_is_not_the_level_reached() -> None:
    table = ["Tacrolimus    11.9     7.2           target 5-7 ug/L"]
    assert direction_against_figures("well above his 5-7 target and up from 7.2 in early January.", table) is None
    assert direction_against_figures("Tacrolimus is 7.2, up from 11.9.", table) == 0


def test_sizes_of_two_or_three_dimensions_share_their_unit() -> None:
    report = "a well-defined oval solid lesion measuring 19 x 11 x 9 mm"
    assert [q.kind for q in quantities(report)] == ["length"] * 3
    assert _unstated("an oval lump of roughly 1.9 by 1.1 by 0.9 cm", report) == []
    assert _unstated("an oval lump of 1.9 by 1.4 by 0.9 cm", report) == ["1.4"]
    assert dimension_unit("2 x 500 mg tablets", 1) is None  # two tablets, not a size


def test_the_twenty_ninth_of_february() -> None:
    log = "15/02/2024 | 2.6 | 31.5 mg\n29/02/2024 | 2.9 | 31.5 mg"
    assert _unstated("2.6 on 15 February and 2.9 on 29 February", log) == []
    assert _unstated("2.9 on 1 March", log) == ["1 March"]


def test_a_days_total_and_a_word_after_a_unit() -> None:
    log = "06:00 70 mL | 09:00 55 mL\nTotal 390 mL/24 h - meeting baby's full requirement."
    assert _unstated("Jade expressed 390 mL in the last 24 hours", log) == []
    assert [q.kind for q in quantities("Thirsty, drinking ~3 L water/squash.")] == ["volume"]
    assert (
        _unstated("and he has been drinking about three litres of water and squash.", "drinking ~3 L water/squash")
        == []
    )


def test_a_date_with_leading_zeros_read_either_way() -> None:
    note = "Anticipated discharge from VW: 05/11 if off O2."
    assert _unstated("discharge from the virtual ward is expected on 5 November.", note) == []
    assert _unstated("discharge is expected on 6 November.", note) == ["6 November"]


def test_causes_the_evidence_states_in_other_words() -> None:
    cases = [
        (
            "Stop valganciclovir on 14/07/2025 provided CMV PCR remains negative.",
            "Valganciclovir is due to stop in July.",
        ),
        ("MMF 250 mg BD (reduced from 500 mg BD 07/2024 because of BK)", "It was cut in July because of the virus."),
        ("Appliance changing daily due to leaks.", "He was seen because his bag has been leaking."),
        ("or if she vomits, as these can indicate obstruction.", "because these can be signs of a blockage."),
        (
            "U3 (indeterminate) due to a slightly lobulated margin.",
            "graded uncertain because one edge looked lobulated.",
        ),
        (
            "Not yet meeting referral criteria (FEV1 >30%), but trajectory of concern.",
            "because her FEV1 is still above 30%, but the team is concerned about the trend,",
        ),
    ]
    for evidence, unit in cases:
        assert unstated_cause(unit, alignment_tokens(evidence)) is None, unit
    assert unstated_cause("It was cut because of kidney rejection.", alignment_tokens(cases[1][0])) is not None
