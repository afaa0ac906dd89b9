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


def test_round_215_216_half_of_equal_arms_and_lay_causes() -> None:
    """Rounds 215-216: 'Half were given dabigatran tablets' (3 of 93 and 4 of 93) was a share the evidence never
    states; 'because of repeated throat infections' (recurrent tonsillitis) and 'because her womb wasn't tightening
    properly' (uterine atony) were causes it never gives."""
    from medhal.text.explanations import unstated_cause
    from medhal.text.synonyms import alignment_tokens

    arms = "Recurrence occurred in 3 of 93 (3.2%) patients on dabigatran and 4 of 93 (4.3%) on warfarin."
    assert unstated_quantities("Half were given dabigatran tablets,", arms) == []
    assert unstated_quantities("Half were given dabigatran tablets,", "3 of 93 on dabigatran and 4 of 80 on warfarin.")
    letter = "She underwent tonsillectomy for recurrent tonsillitis. She developed haemorrhage from uterine atony."
    named = alignment_tokens(letter)
    assert unstated_cause("because of repeated throat infections,", named, letter) is None
    assert unstated_cause("because her womb wasn't tightening properly,", named, letter) is None
    assert unstated_cause("because of a tear in her womb,", named, letter) is not None


def test_a_length_for_a_number_written_in_m() -> None:
    """Once metres were a unit, 'about 60 metres further in six minutes' (rounds 161-198, faithful) was no longer
    stated by 'improved by 58 m', whose 'm' is no unit of its own (minutes and months too)."""
    evidence = "Six-minute walk distance improved by 58 m (95% CI 31 to 85)."
    assert unstated_quantities("people could walk about 60 metres further in six minutes,", evidence) == []
    assert unstated_quantities("people could walk about 160 metres further in six minutes,", evidence)
