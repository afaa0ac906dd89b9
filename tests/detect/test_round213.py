"""Faithful clauses of blind rounds 213-214 (session 33) that the cues flagged when first read, each beside a figure
or a name the same reading must still catch."""

from __future__ import annotations

import medhal
from medhal.text.figures import unstated_quantities
from medhal.text.implied import implied_figures
from medhal.text.quantities import quantities


def test_units_of_length_and_micromoles() -> None:
    """Rounds 213-214: 'roughly 0.8 km' for 'about 800 metres' and 'just over 0.5 mmol/L' for 'Serum urate 512
    micromol/L' were figures the evidence never states (neither 'km', 'metres' nor 'micromol' was a unit)."""
    assert [(q.kind, q.value) for q in quantities("roughly 0.8 km, about 800 metres")] == [
        ("length", 800000.0),
        ("length", 800000.0),
    ]
    assert (
        unstated_quantities("He can now walk roughly 0.8 km to the shops", "walk to the shops (about 800 metres)") == []
    )
    assert unstated_quantities("urate was high at just over 0.5 mmol/L,", "Serum urate 512 micromol/L.") == []
    assert unstated_quantities("urate was high at just over 0.9 mmol/L,", "Serum urate 512 micromol/L.")


def test_a_level_and_its_earlier_one_in_brackets() -> None:
    """Round 213: 'a kidney reading about 70% above her usual level' for 'creatinine 162 umol/L (baseline 95)' and
    'peak oxygen use rising by roughly 18%' for 'peak VO2 17.8 mL/kg/min (baseline 15.1)'."""
    said = "Creatinine 162 umol/L (baseline 95). Peak VO2 17.8 mL/kg/min (baseline 15.1)."
    shares = sorted(round(q.value, 1) for q in implied_figures(said) if q.kind == "percent")
    assert 70.5 in shares and 17.9 in shares


def test_a_drug_of_the_class_and_broken_bones() -> None:
    """Rounds 213-214: 'the antidepressant fluvoxamine' named a class the evidence names a drug of; 'broken bones
    were more common with the drug' named a measure the evidence calls fractures."""
    result = medhal.check(
        "Avoid with fluvoxamine. Bone fractures were more frequent with fluoxetine (3.0% vs 1.3%).",
        "It should be avoided with the antidepressant fluvoxamine. Broken bones were more common with the drug.",
    )
    for unit in result.units:
        assert not unit.cues.get("unstated_names"), unit.text
        assert not unit.cues.get("unnamed_subject"), unit.text
