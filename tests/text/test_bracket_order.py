"""A comparison its own bracketed figures deny (round 44)."""

from __future__ import annotations

from medhal.text.bracket_order import bracket_conflict

RESULTS = [
    "Median time to walking 50 m unassisted was 5 days versus 8 days (p<0.001).",
    "Pneumonia occurred in 17 patients (5.5%) versus 32 (10.3%) (p=0.03).",
]


def test_a_comparative_its_bracketed_figures_deny_is_found_against_the_sentence_stating_them() -> None:
    assert bracket_conflict("and had more cases of pneumonia (5.5% vs 10.3%).", RESULTS) == 1
    assert bracket_conflict("and had a longer time to walking (median 5 vs 8 days)", RESULTS) == 0
    assert bracket_conflict("and had fewer cases of pneumonia (5.5% vs 10.3%).", RESULTS) is None
    assert bracket_conflict("and walked unaided sooner (median 5 vs 8 days)", RESULTS) is None


def test_figures_of_another_group_or_in_another_order_are_not_read() -> None:
    # the group of the second figure may be the one spoken of; figures the evidence orders otherwise are not its own
    assert bracket_conflict("Pneumonia was more common with usual care (5.5% vs 10.3%).", RESULTS) is None
    assert bracket_conflict("The control group had more pneumonia (5.5% vs 10.3%).", RESULTS) is None
    assert bracket_conflict("and had more cases of pneumonia than usual care (5.5% vs 10.3%).", RESULTS) is None
    assert bracket_conflict("and had fewer cases of pneumonia (10.3% vs 5.5%).", RESULTS) is None
    assert bracket_conflict("and had more cases of pneumonia (6.5% vs 11.3%).", RESULTS) is None


def test_a_bound_or_a_group_name_is_no_comparative() -> None:
    # round 38's "Blood loss of a litre or more (5.1% vs 6.0%)" and round 39's "the conventional higher dose (84% vs
    # 88%)" fired before these were set aside (0 of 7,452 faithful round clauses fire now)
    results = ["Blood loss of 1000 mL or more occurred in 5.1% and 6.0%, respectively.", "Clearance: 84% vs 88%."]
    assert bracket_conflict("- Blood loss of a litre or more (5.1% vs 6.0%)", results) is None
    assert (
        bracket_conflict("cleared the skin almost as often as the conventional higher dose (84% vs 88%)", results)
        is None
    )
