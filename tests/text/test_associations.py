"""An association stated the same way or turned around (text/associations.py, issue 14 round 35)."""

from __future__ import annotations

import pytest

from medhal.text.associations import association_reversed, same_association

LEAD = "Conclusions: Lead exposure is widespread among young children and is associated with lower cognitive scores."
STATIN = "Discontinuing a statin taken before admission was associated with a higher risk of delirium (OR 1.43)."


@pytest.mark.parametrize(
    ("unit", "sentence", "same", "reversed_"),
    [
        # round 35: the encoder read this inverse association against the conclusion as a contradiction (P(C) 0.89)
        ("Higher blood lead was linked to lower IQ scores,", LEAD, True, False),
        ("Higher blood lead was linked to higher IQ scores,", LEAD, False, True),
        ("Lower blood lead was linked to lower IQ scores,", LEAD, False, True),
        # a cause said by its absence turns the association around
        ("receiving a statin was associated with less delirium the next day.", STATIN, False, False),
        ("receiving a statin was associated with more delirium the next day.", STATIN, False, True),
        # other things on either side, or a negated association: neither
        ("Higher income was linked to higher IQ scores.", LEAD, False, False),
        ("Higher blood lead was linked to higher blood pressure.", LEAD, False, False),
        ("Higher blood lead was not linked to lower IQ scores.", LEAD, False, False),
    ],
)
def test_an_association_the_same_way_or_turned_around(unit: str, sentence: str, same: bool, reversed_: bool) -> None:
    assert same_association(unit, sentence) is same
    assert association_reversed(unit, sentence) is reversed_


def test_deaths_of_one_cause_are_not_deaths_from_any() -> None:
    # round 42: "clozapine use was associated with a higher risk of death from pneumonia" was contradicted by "clozapine
    # was associated with lower mortality (HR 0.69)"
    sentence = "In a direct comparison with olanzapine, clozapine was associated with lower mortality (HR 0.69)."
    assert not association_reversed(
        "However, clozapine use was associated with a higher risk of death from pneumonia.", sentence
    )
    assert association_reversed("However, clozapine use was associated with a higher risk of death.", sentence)
    pneumonia = "Clozapine was associated with lower mortality from pneumonia."
    assert association_reversed("Clozapine use was associated with a higher risk of death from pneumonia.", pneumonia)
