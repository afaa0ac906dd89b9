"""Round 70 (24 texts written blind after round 69's rules: thyroid letters, TIA clinic letters, haemodialysis
reviews, urgent-treatment-centre notes, pulmonary rehabilitation reports, mental capacity records, diabetic eye
screening letters and cardiac device checks; read with round 69's rules, no faithful clause of 518 was contradicted,
the first blind round without one since round 57, but 7 of the 24 faithful answers were flagged): the faithful
clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.names import unstated_names
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def _unstated(unit: str, evidence: str) -> list[str]:
    return [q.text for q in unstated_quantities(unit, [*quantities(evidence), *implied_figures(evidence)])]


def test_a_time_of_day_by_the_quarter() -> None:
    assert [q.kind for q in quantities("at about quarter to eight this morning")] == ["count"]
    assert [q.kind for q in quantities("about a quarter of patients")] == ["percent"]
    note = "Head injury approx 07:45 today: struck R forehead on corner of kitchen cupboard door."
    assert _unstated("she hit her forehead on a cupboard door at about quarter to eight this morning.", note) == []


def test_hours_and_minutes_written_as_one_duration() -> None:
    plan = "- Increase session to 4 h 30 min from next session to improve clearance."
    assert _unstated("dialysis will be lengthened by half an hour to four and a half hours.", plan) == []
    assert _unstated("dialysis will be lengthened to five and a half hours.", plan) == ["five and a half hours"]


def test_names_an_acronym_of_the_words_around_them_stands_for() -> None:
    assert unstated_names("His COPD Assessment Test score dropped by seven points", "CAT score | 24 | 17 | -7") == ()
    assert unstated_names("There is no registered Lasting Power of Attorney,", "No registered LPA.") == ()
    assert unstated_names("There is no registered Lasting Power of Attorney,", "No advance decision.") != ()
    assert (
        unstated_names("He is not on anticoagulation, only aspirin 75 mg", "Not anticoagulated - aspirin only.") == ()
    )


def test_causes_in_lay_words() -> None:
    cases = [
        (
            "no change to dialysate K - avoid 1.0 bath given arrhythmia risk.",
            "because of the risk of heart rhythm problems.",
        ),
        ("no sessions stopped early for bronchospasm.", "because of airway tightening."),
        (
            "4 L/min corrected saturations to >=88% during walking; not for LTOT (resting SpO2 95% on air)",
            "because her oxygen level at rest is 95% without it,",
        ),
    ]
    for evidence, unit in cases:
        assert unstated_cause(unit, alignment_tokens(evidence)) is None, unit
    assert unstated_cause("because of a chest infection.", alignment_tokens(cases[1][0])) is not None
