"""Round 90 (24 texts written blind after round 89's rules: hip arthroscopy letters, recurrent miscarriage letters,
denosumab letters, wheelchair service reports, vitamin B12 letters, keratoconus letters, sleep study letters and
occupational asthma letters): its one false contradiction mended at its cause."""

from __future__ import annotations

from medhal.text.negation import flips_negation, negated_stems

_PLAN = "2. No indication for aspirin or heparin, as APS screen negative."


def test_a_list_after_for_is_what_the_negation_is_about_not_what_it_denies() -> None:
    assert negated_stems(_PLAN) == frozenset({"requi"})  # "indicated" is read as "required" (round 94)
    assert flips_negation("and aspirin or heparin are not indicated", _PLAN) is None
    assert flips_negation("and aspirin or heparin are indicated", _PLAN) == "indicated"
    # a list after "of" is still denied: "no history of asthma or COPD" denies COPD
    assert "copd" in negated_stems("No history of asthma or COPD.")
