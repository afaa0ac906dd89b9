"""An age group named on the wrong side of its bound (cp_327)."""

from __future__ import annotations

from medhal.text.age_sides import age_sides, swapped_age_side

EVIDENCE = [
    "FIB-4 <1.3 alone had a sensitivity of 82.2% and an NPV of 88.5%.",
    "Among patients aged ≥65 years (n=188), the NPV of FIB-4 <1.3 was lower, at 79.4%.",
]


def test_a_result_told_of_the_other_side_of_an_age_bound_is_found() -> None:
    unit = "FIB-4 was less reliable at ruling out advanced fibrosis in people under 65, with an NPV of only about 79%."
    assert swapped_age_side(unit, EVIDENCE) == 1
    assert swapped_age_side(unit.replace("under 65", "aged 65 and over"), EVIDENCE) is None
    assert swapped_age_side(unit.replace("under 65", "over 65"), EVIDENCE) is None


def test_a_bound_the_evidence_also_gives_on_the_units_side_or_a_figure_it_does_not_state_is_not_read() -> None:
    both = [*EVIDENCE, "In patients younger than 65 years the NPV was 91.0%."]
    unit = "In people under 65, the NPV was about 79%."
    assert swapped_age_side(unit, both) is None  # which group is meant the evidence tells, the number cues judge
    assert swapped_age_side("Patients under 65 were enrolled in 12 centres.", EVIDENCE) is None
    # a guideline's two age bands (round 43): each side is given, so neither is swapped
    bands = ["Adults aged under 80 years: clinic BP below 140/90 mmHg.", "Adults aged 80 and over: below 150/90 mmHg."]
    assert swapped_age_side("The target is under 140/90 for people younger than 80", bands) is None


def test_only_bounds_of_age_are_read() -> None:
    assert age_sides("glucose is over 11 and bicarbonate under 15, over 10 years") == frozenset()
    assert age_sides("children younger than six, adults aged ≥65 years") == {("under", 6), ("over", 65)}
