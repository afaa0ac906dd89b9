"""Round 67 (24 texts written blind after round 66's rules: memory-clinic letters, fertility cycle summaries,
occupational-health reports, sickle-cell plans, prostate surveillance letters, tube-feeding regimens, children's
asthma plans and hand-therapy notes; read with round 66's rules, 3 faithful clauses of 521 were contradicted and 6
of the 24 faithful answers flagged), and our own COPD clinic letter: the faithful clauses' false cues mended at their
cause."""

from __future__ import annotations

from medhal.text.drug_doses import dose_conflict
from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.intervals import interval_conflicts
from medhal.text.negation import flips_negation, negated_stems
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_a_denied_verb_denies_each_object_joined_by_or() -> None:
    assert negated_stems("She has not had hallucinations or falls and still manages her own care.") >= {
        "hallu",
        "falls",
    }
    assert negated_stems("She did not have fever, rash or headache.") == {"fever", "rash", "heada"}
    assert negated_stems("He has not had chest pain but reports breathlessness or fatigue.") == {"chest"}
    review = "No hallucinations, no falls, no REM sleep behaviour features."
    assert flips_negation("She has not had hallucinations or falls", review) is None
    assert flips_negation("She has had falls", review) == "falls"


def test_annual_is_yearly() -> None:
    plan = "Continue 6-weekly exchanges (next 25/03/2025). Continue penicillin V and annual flu vaccine."
    sentence = "Continue 6-weekly exchanges (next 25/03/2025)."
    assert interval_conflicts("and continue penicillin V and his yearly flu jab.", sentence, plan) == []


def test_a_rate_per_year_and_a_day_of_fluid() -> None:
    mri = "No further routine MRI unless PSA > 12 ng/mL or PSA velocity > 1.5 ng/mL/yr."
    assert _unstated("Another MRI is only needed if his PSA rises faster than 1.5 ng/mL a year.", mri) == []
    assert _unstated("Another MRI is only needed if his PSA rises faster than 2 ng/mL a year.", mri) == ["2 ng"]
    needs = ["Estimated requirements: protein 70 g/day (1.2 g/kg); fluid 1700 mL/day (~29 mL/kg)"]
    assert dose_conflict("70 g of protein and 1.7 litres of fluid each day.", needs) is None
    assert _unstated("and 1.7 litres of fluid each day.", needs[0]) == []
    assert _unstated("and 1.9 litres of fluid each day.", needs[0]) == ["1.9 litres"]


def test_hours_and_minutes_without_and() -> None:
    assert _unstated("averaging about six hours forty minutes a night,", "Mean usage: 6 h 42 min/night") == []


def test_a_table_row_whose_label_gives_the_unit() -> None:
    table = "Test | 2024 | 2025\nDelayed recall (/5) | 2 | 2\nTrail Making B (s) | 118 | 124\n"
    assert _unstated("while he was six seconds slower on Trail Making B than last year.", table) == []
    assert _unstated("while he was nine seconds slower on Trail Making B than last year.", table) == ["nine seconds"]


def test_evenly_spread_is_homogeneous_and_flare_ups_are_exacerbations() -> None:
    letter = alignment_tokens("5. Not a candidate for LVR at present (homogeneous emphysema on CT).")
    assert unstated_cause("because his emphysema is evenly spread on CT.", letter) is None
    assert alignment_tokens("two flare-ups") == alignment_tokens("2 exacerbations")
