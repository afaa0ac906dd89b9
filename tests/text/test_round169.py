"""Readings of session 29: comparisons whose own figures, or the evidence's figures by group, order the groups the
other way (wrong twins of blind rounds 157-168 read `supported`), each checked against the faithful twin."""

from __future__ import annotations

from medhal.text.bracket_order import bracket_conflict
from medhal.text.comparisons import group_figures, reverses, unit_comparison


def test_a_count_out_of_a_group_with_its_share() -> None:
    part = (
        "PPCS at 30 days occurred in 6 of 61 (9.8%) exercise participants and 13 of 57 (22.8%) stretching participants"
    )
    assert [(f.value, f.group) for f in group_figures(part)] == [(9.8, "exercise"), (22.8, "stretching")]
    sentence = "Persistent post-concussive symptoms (PPCS) " + part.removeprefix("PPCS ") + " (P = .07)."
    wrong = unit_comparison(
        "Persistent post-concussive symptoms at 30 days were more common with exercise (9.8% vs 22.8%),"
    )
    right = unit_comparison(
        "Persistent post-concussive symptoms at 30 days were less common with exercise (9.8% vs 22.8%),"
    )
    assert wrong is not None and right is not None
    assert reverses(wrong, sentence) and not reverses(right, sentence)
    # a count out of a number of people is no group ("5% of 20 participants")
    assert group_figures("Nausea occurred in 5% of 20 participants and 9% of 21 participants.") == []


def test_figures_after_a_comma_and_a_group_named_before_them() -> None:
    said = [
        "Any early reaction, including urticaria alone, occurred in 29% of patients given adrenaline versus 43% "
        "given placebo (p<0.001)."
    ]
    assert bracket_conflict("were more common with adrenaline, at about 29% compared with 43%.", said) == 0
    assert bracket_conflict("were less common with adrenaline, at about 29% compared with 43%.", said) is None
    # the named group's figure is the one the evidence gives it, wherever the unit writes it
    assert bracket_conflict("were more common with placebo, at about 29% compared with 43%.", said) is None
    assert bracket_conflict("were less common with placebo, at 43% compared with 29%.", said) == 0
    transfer = ["Hospital transfer was required in 6% of the CWI group and 21% of the towel group (OR 0.24)."]
    assert (
        bracket_conflict(
            "Runners cooled in a bath were much more likely to need transfer, about 6% versus 21%.", transfer
        )
        == 0
    )
    assert (
        bracket_conflict(
            "Runners cooled in a bath were much less likely to need transfer, about 6% versus 21%.", transfer
        )
        is None
    )


def test_more_common_with_a_group_than_with_another() -> None:
    said = ["Adverse events were reported by 3.4% of the one-dose arm and 5.2% of the two-dose arm."]
    wrong = "Side effects were slightly more common with one dose (about 3%) than with two doses (about 5%)."
    assert bracket_conflict(wrong, said) == 0
    assert bracket_conflict(wrong.replace("more", "less"), said) is None
    # "more limited (50 degrees) than ... (65 degrees)": the word after "more" says which way
    assert (
        bracket_conflict(
            "Flexion was more limited (50 degrees) than before (65 degrees).",
            ["Flexion was 50 degrees, against 65 degrees before."],
        )
        is None
    )


def test_people_of_an_arm_who_rated_it() -> None:
    claim = unit_comparison("More people on 1HP rated the pill burden as acceptable.")
    assert claim is not None and claim.group == "1HP" and claim.up
    part = "Pill burden was rated acceptable by 71% of 1HP and 84% of 3HP participants."
    assert [(f.value, f.group) for f in group_figures(part)] == [(71.0, "1HP"), (84.0, "3HP")]
    assert reverses(claim, part)
    fewer = unit_comparison("Fewer people on 1HP rated the pill burden as acceptable.")
    assert fewer is not None and not reverses(fewer, part)
