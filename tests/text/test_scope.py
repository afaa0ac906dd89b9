"""The scope of a finding: disjoint populations and a composite's component (issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.scope import component_of_composite, composite_items, disjoint_populations, population_terms

SUBGROUP = (
    "Among participants with type 2 diabetes aged 75 to 84 years, statin use was associated with a 24% lower risk "
    "of cardiovascular disease."
)
COMPOSITE = "Dapagliflozin reduced the combined risk of worsening heart failure or cardiovascular death."


def test_population_terms_read_with_without_and_non() -> None:
    assert population_terms("adults without known diabetes and non-smokers") == (frozenset(), {"diabe", "smoke"})
    assert population_terms("patients with chronic kidney disease") == ({"chron", "kidne", "disea"}, frozenset())
    # nonsignificant, noninferior, non-randomised name no population
    assert population_terms("a nonsignificant, noninferior and non-randomised result") == (frozenset(), frozenset())


@pytest.mark.parametrize(
    ("unit", "sentence", "expected"),
    [
        ("Statins did not lower cardiovascular disease in those without diabetes.", SUBGROUP, True),
        ("In nondiabetic adults, statins did not lower risk.", SUBGROUP, True),
        # the unit is about the subgroup the sentence reports on
        ("In diabetic patients aged 75 to 84, statin users had fewer events.", SUBGROUP, False),
        # the sentence names both sides
        ("Statins did not help those without diabetes.", "In patients with and without diabetes, no benefit.", False),
        # no population named on either side
        ("Statins lowered cardiovascular disease.", SUBGROUP, False),
    ],
)
def test_disjoint_populations(unit: str, sentence: str, expected: bool) -> None:
    assert disjoint_populations(unit, sentence) is expected
    assert disjoint_populations(sentence, unit) is expected  # symmetric


def test_a_population_the_evidence_never_names_is_a_change_not_another_subgroup() -> None:
    evidence = "Adults with treatment-resistant depression without psychosis were assigned to ketamine or ECT."
    unit = "The trial enrolled adults with depression with psychotic features."
    assert disjoint_populations(unit, evidence)
    assert not disjoint_populations(unit, evidence, evidence)  # the evidence reports on no one with psychosis
    evidence_both = evidence + " Patients with psychosis were excluded."
    assert disjoint_populations(unit, evidence, evidence_both)


def test_a_component_is_not_its_composite() -> None:
    assert composite_items(COMPOSITE) == ({"worse", "heart", "failu"}, {"cardi", "death"})
    assert composite_items("A composite of death and stroke in the first year was lower.") == (
        {"death"},
        {"strok"},
    )
    assert composite_items("Dapagliflozin reduced heart failure or cardiovascular death.") is None
    assert component_of_composite("Cardiovascular death on its own was not significantly reduced.", COMPOSITE)
    assert component_of_composite("Worsening heart failure was not reduced.", COMPOSITE)
    # the unit names the whole composite, or says composite itself
    assert not component_of_composite("It did not reduce worsening heart failure or cardiovascular death.", COMPOSITE)
    assert not component_of_composite("The combined risk of cardiovascular death was not reduced.", COMPOSITE)
    # no composite in the sentence
    assert not component_of_composite("Cardiovascular death was not reduced.", "Cardiovascular death fell by 10%.")


def test_a_component_of_a_composite_of_three_items_or_more_is_not_its_composite() -> None:
    # round 45: "Stroke was reduced by about a quarter (RR 0.74)" was contradicted (P(C) 0.82) by the composite's
    # null finding, whose interval happens to end at 0.74
    sentence = (
        "Colchicine did not significantly reduce the primary composite of cardiovascular death, recurrent MI, stroke "
        "or urgent coronary revascularisation (RR 0.88, 95% CI 0.74-1.05)."
    )
    assert component_of_composite("Stroke was reduced by about a quarter (RR 0.74),", sentence)
    assert not component_of_composite("The composite of death, MI or stroke was not reduced.", sentence)
    assert not component_of_composite("Stroke and recurrent MI were reduced.", sentence)  # more than one item
