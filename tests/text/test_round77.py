"""Round 77 (24 texts written blind after round 76's rules: spasticity injection letters, heart valve clinic
letters, urticaria clinic letters, pessary clinic notes, osteoarthritis injection letters, tracheostomy care plans,
children's constipation letters and transfusion clinic letters; read with round 76's rules, 1 faithful clause was
contradicted and 8 of the 24 faithful answers flagged): the faithful clauses' false cues mended at their cause."""

from __future__ import annotations

from medhal.text.explanations import unstated_cause
from medhal.text.figures import unstated_quantities
from medhal.text.harmonize import harmonized
from medhal.text.implied import implied_figures
from medhal.text.quantities import quantities
from medhal.text.synonyms import alignment_tokens


def test_units_of_a_drug_or_of_blood_are_a_unit() -> None:
    assert [(q.kind, q.value) for q in quantities("both long finger flexors (50 units each), | FDS | 50 u |")] == [
        ("units", 50.0),
        ("units", 50.0),
    ]
    assert [q.kind for q in quantities("- Finger flexors 3")] == ["count"]


def test_causes_in_the_words_of_a_clinic() -> None:
    cases = [
        ("3. Ankle not injected today - MAS 1+ not limiting gait.", "because its tone is not limiting his walking,"),
        ("4. BP above target; suggest increasing ramipril to 5 mg od.", "because her blood pressure is above target."),
        (
            "- Montelukast 10 mg on - STOPPED Aug 2024 (no added benefit, vivid dreams)",
            "because it gave no extra benefit",
        ),
    ]
    for evidence, unit in cases:
        assert unstated_cause(unit, alignment_tokens(evidence)) is None, unit
    assert unstated_cause("because her heart rate is above target.", alignment_tokens(cases[1][0])) is not None
    # a route is no mechanism
    assert unstated_cause("and has been listed for the procedure via the right femoral artery,", frozenset()) is None
    assert unstated_cause("It lowered pressure via reduced sympathetic tone.", frozenset()) is not None


def test_the_same_bound_is_left_as_written() -> None:
    letter = "BP rose appropriately 128/80 -> 186/84. 3. Keep BP <130/80 - continue losartan 50 mg od."
    unit = "He should keep his blood pressure below 130/80 on losartan 50 mg daily."
    assert harmonized(unit, letter) == unit


def test_short_dates_of_a_text_that_writes_them_month_first() -> None:
    note = "Admitted 10/21/2024. * Sputum cx 10/15: normal flora, no treatment. Review 11/20/2024."
    figures = [*quantities(note), *implied_figures(note)]
    assert [q.text for q in unstated_quantities("His sputum culture on 15 October showed normal flora", figures)] == []
    assert [q.text for q in unstated_quantities("His sputum culture on 17 October showed normal flora", figures)] == [
        "17 October"
    ]
