"""Round 78 (24 texts written blind after round 77's rules: endometriosis letters, pulmonary hypertension letters,
uveitis letters, isotretinoin monitoring notes, balance clinic letters, nerve conduction reports, weight management
letters and home parenteral nutrition letters): two of its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.intervals import interval_conflicts
from medhal.text.quantities import quantities


def test_an_interval_written_after_q_is_an_interval() -> None:
    plan = "2. Continue MTX 15 mg weekly and adalimumab 20 mg q2wk; if still active, consider adalimumab weekly."
    assert interval_conflicts("and adalimumab 20 mg every two weeks,", plan, plan) == []
    found = interval_conflicts("and adalimumab 20 mg every four weeks,", plan, plan)
    assert [(a.text, b.text) for a, b in found] == [("every four weeks", "q2wk")]


def test_a_bags_contents_are_an_amount() -> None:
    bags = "- 2.8 L/bag incl. 500 ml extra saline. Increase Mg in PN to 10 mmol/bag; 2.0 L/day"
    assert [(q.kind, q.text) for q in quantities(bags)] == [
        ("volume", "2.8 L"),
        ("volume", "500 ml"),
        ("substance", "10 mmol"),
        ("volume/day", "2.0 L"),
    ]
