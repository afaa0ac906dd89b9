"""Faithful clauses of blind rounds 211-212 (session 33) that the cues contradicted or flagged when first read, each
beside a wrong twin or a figure the same reading must still catch."""

from __future__ import annotations

import medhal
from medhal.text.advice_forms import same_guidance
from medhal.text.figures import number_conflicts, unstated_quantities
from medhal.text.quantifiers import share_conflicts
from medhal.text.quantities import quantities


def test_the_same_advice_in_its_other_form_restates_it() -> None:
    """Round 212: 'Giving it routinely to babies younger than six months is advised against,' was contradicted (P(C)
    0.76) by 'Routine supplementation of infants under 6 months is not recommended'."""
    said = (
        "2. Infants under 6 months (recommendation against): Routine supplementation of infants under 6 months is "
        "not recommended."
    )
    assert same_guidance("Giving it routinely to babies younger than six months is advised against,", said)
    assert not same_guidance("Giving it routinely to babies younger than six months is recommended,", said)
    result = medhal.check(said, "Giving it routinely to babies younger than six months is advised against.")
    assert result.units[0].verdict == "supported"


def test_a_concentration_is_no_share_of_people() -> None:
    """Round 212: 'which affected roughly one in seven people having oxygen' was set against '100% oxygen'."""
    sentence = "Participants received 40 daily sessions of HBOT (100% oxygen at 2.4 ATA for 90 minutes, n=114)."
    assert share_conflicts("which affected roughly one in seven people having oxygen", sentence) == []
    assert share_conflicts("which affected roughly one in seven people", "It affected 41% of people.")


def test_poorly_controlled_is_uncontrolled() -> None:
    """Round 212: 'poorly controlled epilepsy' was read as denied by 'uncontrolled epilepsy'."""
    evidence = "Assess for claustrophobia, uncontrolled epilepsy and middle-ear disease before starting."
    result = medhal.check(evidence, "People should be checked for poorly controlled epilepsy beforehand.")
    assert not result.units[0].cues.get("denied")
    result = medhal.check(evidence, "People should be checked for well controlled epilepsy beforehand.")
    assert result.units[0].cues.get("denied")


def test_totals_differences_and_rates_a_lay_answer_works_out() -> None:
    """Rounds 211-212: 'about 820 patients' (418 + 402), 'a rise of 16 points' (52 to 68) and '0.2 mg for every
    kilogram' (200 micrograms/kg) were figures the evidence never states."""
    methods = "Practices were randomised to the intervention (12 practices, 418 patients) or usual care (402 patients)."
    assert number_conflicts("with about 820 patients on these tablets", methods, methods) == []
    assert unstated_quantities("with about 820 patients on these tablets", methods) == []
    assert unstated_quantities("a rise of 16 points.", "WAB-AQ (0-100): 52 on day 3, 68 on day 19.") == []
    assert [q.text for q in unstated_quantities("a rise of 26 points.", "WAB-AQ: 52 on day 3, 68 on day 19.")] == [
        "26 points"
    ]
    (dose,) = quantities("at 0.2 mg for every kilogram")
    assert dose.kind == "mass/kg"
    assert unstated_quantities("at 0.2 mg for every kilogram.", "ivermectin 200 micrograms/kg on day 1") == []
