"""Round 88 (24 texts written blind after round 87's rules: Addison's disease letters, colonoscopy surveillance
letters, oral medicine letters, knee ligament surgery letters, infant reflux and milk allergy letters, tremor clinic
letters, male fertility letters and carotid surgery letters): its false cues mended at their cause."""

from __future__ import annotations

from medhal.text.instructions import instruction, reversed_instruction
from medhal.text.negation import flips_negation, negated_stems
from medhal.text.quantities import quantities

_PLAN = "• Return to running ~4 months; return to contact sport not before 9 months, subject to functional testing."


def test_a_grade_before_a_side_letter_is_no_volume() -> None:
    assert [(q.kind, q.text) for q in quantities("Grade 2 L varicocele, palpable standing")] == [("label:grade", "2")]
    assert [q.kind for q in quantities("We drained 2 L over 4 hours.")] == ["volume", "time"]


def test_not_before_a_time_is_a_bound_not_a_denial() -> None:
    unit = "but he should not return to contact sport before 9 months,"
    assert flips_negation(unit, _PLAN) is None
    assert negated_stems(unit) == frozenset() and negated_stems("He should not drive for 6 weeks.")


def test_an_instruction_not_before_a_time_is_against_doing_it_sooner() -> None:
    assert instruction("return to contact sport not before 9 months").against
    assert reversed_instruction("but he should not return to contact sport before 9 months,", [_PLAN]) is None
    assert reversed_instruction("and he can return to contact sport before 9 months,", [_PLAN]) == 0
