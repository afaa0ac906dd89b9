"""Rounds 157-160 (research abstracts) and the readings left from rounds 145-156: each reading mended at its cause,
with the wrong reading it must still make."""

from __future__ import annotations

from medhal.text.figures import unstated_quantities
from medhal.text.quantities import quantities


def test_a_unit_with_a_denominator_after_a_bracketed_spread() -> None:
    # round 153: "about 14,800 vs 24,600 U/L" restates "14,820 [SD 3,110] vs 24,560 [SD 4,270] U/L"
    evidence = "Pentoxifylline reduced serum amylase (mean 14,820 [SD 3,110] vs 24,560 [SD 4,270] U/L; p<0.001)."
    assert [q.kind for q in quantities(evidence)][2] == "units/l"
    assert unstated_quantities("serum amylase was lower (about 14,800 vs 24,600 U/L).", evidence) == []
    # a figure far from the evidence's is still unstated
    assert [q.text for q in unstated_quantities("amylase was lower (about 14,800 vs 34,600 U/L).", evidence)] == [
        "34,600 U"
    ]


def test_a_number_set_against_a_rate_takes_the_rate() -> None:
    # round 138's "about 19 versus 17 g/kg/day" against "18.9 (2.6) g/kg/day ... versus 17.1 (2.8) g/kg/day"
    evidence = (
        "Mean (SD) weight gain velocity was 18.9 (2.6) g/kg/day in the higher-protein group versus 17.1 (2.8) "
        "g/kg/day in the standard group."
    )
    assert [q.kind for q in quantities("averaging about 19 versus 17 g/kg/day")] == ["mass/kg/day"] * 2
    assert unstated_quantities("averaging about 19 versus 17 g/kg/day", evidence) == []
    assert [q.text for q in unstated_quantities("averaging 18.9 versus 27.1 g/kg/day", evidence)] == ["27.1 g"]
