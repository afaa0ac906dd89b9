"""Figures bound to a measure of accuracy or agreement, and a unit giving a measure another's figure
(text/measures.py, issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.measures import bound_figures, measure_conflicts

ACCURACY = [
    "Results: Rectosigmoid involvement was confirmed at surgery in 67 women (31%).",
    "MRI had a sensitivity of 88% (95% CI 78 to 95) and a specificity of 94% (95% CI 89 to 97).",
    "Agreement between the two radiologists was good (kappa 0.79).",
]


@pytest.mark.parametrize(
    ("text", "bound"),
    [
        (
            "MRI had a sensitivity of 88% (95% CI 78 to 95) and a specificity of 94%.",
            [("sensitivity", 88.0), ("specificity", 94.0)],
        ),
        ("The sensitivity for advanced neoplasia was 79%.", [("sensitivity", 79.0)]),
        ("NEWS2 discriminated well (area under the curve 0.86).", [("auc", 0.86)]),
        ("The negative predictive value was 99.2%.", [("npv", 99.2)]),
        ("Agreement was good (kappa 0.79).", [("kappa", 0.79)]),
        ("The C statistic was 0.71.", [("auc", 0.71)]),
        # listed measures bind nothing: which figure is whose is for "respectively" to say
        ("Sensitivity and specificity were 88% and 94%, respectively.", []),
        # a hedged figure, a figure past a clause break or past another number binds nothing
        ("Sensitivity was over 90%.", []),
        ("Sensitivity was high; 94% of scans were read.", []),
        ("Sensitivity in 67 women was 88%.", []),
    ],
)
def test_the_figures_a_text_binds_to_a_measure(text: str, bound: list[tuple[str, float]]) -> None:
    assert [(b.measure, b.figure.value) for b in bound_figures(text)] == bound


@pytest.mark.parametrize(
    ("unit", "expected"),
    [
        ("pelvic MRI identified it with a sensitivity of 94%", ("94%", "88%")),  # the specificity's figure
        ("and a specificity of 88% against surgery and histology.", ("88%", "94%")),  # the sensitivity's
        ("MRI had a sensitivity of 60%.", ("60%", "88%")),  # a figure the evidence states nowhere
        ("Agreement was moderate (kappa 0.59).", ("0.59", "0.79")),
    ],
)
def test_a_measure_given_another_figure_is_contradicted(unit: str, expected: tuple[str, str]) -> None:
    found = measure_conflicts(unit, ACCURACY)
    assert found is not None
    conflicts, sentence = found
    assert [(a.text, b.text) for a, b in conflicts] == [expected]
    assert sentence == (2 if "kappa" in unit else 1)


@pytest.mark.parametrize(
    "unit",
    [
        "MRI had a sensitivity of 88% and a specificity of 94%.",
        "The sensitivity was 87.6%.",  # more decimals than the evidence gives: 88% as the evidence rounds it
        "Sensitivity was 0.88.",  # a fraction for a percentage
        "The two radiologists agreed well (kappa 0.8).",  # 0.79 rounded as the unit writes it
        "Its sensitivity was 31% in small lesions.",  # a figure the evidence states for something else, unbound
        "The positive predictive value was 70%.",  # a measure the evidence gives no figure for
        "MRI was accurate.",
    ],
)
def test_other_units_do_not_fire(unit: str) -> None:
    assert measure_conflicts(unit, ACCURACY) is None


def test_a_hedged_figure_is_bound_to_its_measure_and_read_as_an_estimate() -> None:
    evidence = ["The system had a sensitivity of 87.2% (95% CI 81.8-91.2) and specificity of 90.7% (95% CI 88.3-92.7)."]
    swapped = measure_conflicts("It had a sensitivity of about 91% and a specificity of about 87%.", evidence)
    assert swapped is not None and [(a.text, b.text) for a, b in swapped[0]] == [("91%", "87.2%")]
    assert measure_conflicts("It had a sensitivity of about 87% and a specificity of about 91%.", evidence) is None
    assert measure_conflicts("It had a sensitivity of about 90% and a specificity of about 90%.", evidence) is None
    # a bound is no estimate
    assert bound_figures("It had a sensitivity of over 80%.") == []


def test_a_hedged_figure_near_another_measures_is_no_swap_where_the_evidence_states_it_unbound() -> None:
    evidence = [
        "FIB-4 <1.3 alone had a sensitivity of 82.2% and an NPV of 88.5%.",
        "Among patients aged 65 years or older, the NPV of FIB-4 <1.3 was lower, at 79.4%.",
    ]
    assert measure_conflicts("In people aged 65 and over the NPV was only about 79%.", evidence) is None
    # stated nowhere, or a swap of an exact figure, still conflicts
    assert measure_conflicts("In people aged 65 and over the NPV was only about 70%.", evidence) is not None
    assert measure_conflicts("The NPV was 82.2%.", evidence[:1]) is not None
