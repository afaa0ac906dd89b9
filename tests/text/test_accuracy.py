"""Discrimination graded in words against the stated area under the curve (issue 14)."""

from __future__ import annotations

import pytest

from medhal.text.accuracy import auc_values, discrimination_conflicts, speaks_of_discrimination

AUC_073 = (
    "The area under the receiver operating characteristic curve for distinguishing the two was 0.73 (95% CI 0.69-0.77)."
)
AUC_091 = "The AUC of the score was 0.91."


def test_stated_areas_under_the_curve_are_read() -> None:
    assert auc_values(AUC_073) == [0.73]
    assert auc_values("The C statistic was .84 and the AUROC 0.79.") == [0.84, 0.79]
    assert auc_values("Sensitivity was 80.9%.") == []


@pytest.mark.parametrize(
    ("unit", "sentence", "fires"),
    [
        ("Its ability to tell the two apart was excellent.", AUC_073, True),
        ("The score discriminated poorly.", AUC_091, True),
        ("Its ability to tell the two apart was only moderate.", AUC_073, False),  # a grade in the stated range
        ("The score's discrimination was excellent.", AUC_091, False),
        ("Its ability to tell the two apart was good.", AUC_073, False),  # grades that differ between conventions
        ("Its ability to tell the two apart was not excellent.", AUC_073, False),  # negated
        ("The nurses were excellent.", AUC_073, False),  # not about discrimination
    ],
)
def test_a_clear_cut_grade_conflicts_only_with_an_auc_outside_it(unit: str, sentence: str, fires: bool) -> None:
    assert bool(discrimination_conflicts(unit, sentence)) is fires


def test_the_conflict_names_the_grade_and_the_stated_figure() -> None:
    ((grade, figure),) = discrimination_conflicts("Its ability to tell the two apart was excellent.", AUC_073)
    assert (grade.text, figure.text, figure.value) == ("excellent", "0.73", 0.73)
    assert AUC_073[figure.start : figure.end] == "0.73"
    assert speaks_of_discrimination("It was excellent at distinguishing them.")
