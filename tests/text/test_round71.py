"""Round 71 (24 texts written blind after round 70's rules: gout letters, children's emergency discharge letters,
hepatitis C letters, hip-fracture ward reviews, contraception notes, optometry reports, asthma biologic letters and
fatigue rehabilitation letters; read with round 70's rules, 3 faithful clauses of 493 were contradicted and 9 of the
24 faithful answers flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.laterality import side_conflict
from medhal.text.negation import flips_negation, negated_stems
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_a_denied_noun_denies_what_it_is_illustrated_by() -> None:
    assert {"sympt", "pain"} <= negated_stems(
        "and reported no symptoms such as eye pain, headaches or flashing lights."
    )
    review = "He reports no symptoms; no eye pain, no headaches, no flashing lights."
    assert flips_negation("and reported no symptoms such as eye pain,", review) is None
    assert flips_negation("and reported eye pain,", review) == "pain"


def test_a_unit_that_names_both_sides_tells_them_apart() -> None:
    note = ["Presenting complaint: New floaters L eye, onset ~2 days ago."]
    assert side_conflict("With her glasses she saw 6/5 in the right eye and 6/6 in the left.", note) is None
    assert side_conflict("She has new floaters in her right eye.", note) is not None


def test_figures_in_scientific_notation_and_fortnights() -> None:
    table = "Feb 2023 (baseline) | 3.4 × 10^6 IU/mL | 112 | 21.3"
    assert _unstated("His viral load had been about 3.4 million IU/mL before treatment,", table) == []
    plan = "1. Continue pacing; may increase step target by no more than 10% per fortnight if no PESE."
    assert _unstated("raise her step target by no more than a tenth every two weeks", plan) == []
    assert _unstated("raise her step target by no more than a tenth every three weeks", plan) == ["three weeks"]


def test_causes_in_lay_words() -> None:
    cases = [
        ("Oral alendronate not chosen - reflux oesophagitis.", "because he has reflux inflammation of the gullet"),
        ("Prophylactic antibiotics not given - low risk, asymptomatic.", "because she had no symptoms"),
    ]
    for evidence, unit in cases:
        assert unstated_cause(unit, alignment_tokens(evidence)) is None, unit
    assert unstated_cause("because he has a stomach ulcer", alignment_tokens(cases[0][0])) is not None
