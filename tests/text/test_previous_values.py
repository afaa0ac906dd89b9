"""A change told with one figure against the evidence's earlier figure (:mod:`medhal.text.previous_values`): the
wrong twins of rounds 66-110 it catches, written with the letters' own shorthand, and the faithful forms it must
leave alone."""

from __future__ import annotations

import pytest

from medhal.text.previous_values import direction_against_previous, earlier_figures


@pytest.mark.parametrize(
    ("sentence", "pairs"),
    [
        ("Hb 128 g/L (115-165), previously 109 g/L", [(128.0, 109.0)]),
        ("Plt 98 x10^9/L (prev 112) ↓", [(98.0, 112.0)]),
        ("Descending Ao peak gradient 38 mmHg with diastolic tail (01/2024: 22 mmHg, no tail).", [(38.0, 22.0)]),
        ("TWSTRS severity 19 (17 at last visit).", [(19.0, 17.0)]),
        ("- Weight: 71 kg (74 kg at last review, May 2023)", [(71.0, 74.0)]),
        ("Hb 121 → 116 g/L over 24h.", [(116.0, 121.0)]),
        ("FBC: Plt 62 on adm -> 88 at D/C.", [(88.0, 62.0)]),
        # neither sizes nor reference ranges nor two unrelated levels are a level and its earlier one
        ("Nodule 21 × 14 × 13 mm, previously 15 × 11 × 10 mm", []),
        ("Creat 33 µmol/L (20-45), Alb 34 g/L (35-50)", []),
        ("Na 138, K 3.4 mmol/L", []),
    ],
)
def test_earlier_figures(sentence: str, pairs: list[tuple[float, float]]) -> None:
    assert [(a.number, b.number) for a, b in earlier_figures(sentence)] == pairs


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        ("Your haemoglobin (blood count) has fallen to 128,", "Hb 128 g/L (115-165), previously 109 g/L"),
        (
            "the pressure difference across the narrowed area has fallen to 38 mmHg,",
            "Ao gradient 38 mmHg (01/2024: 22 mmHg)",
        ),
        ("a little higher than last year's 112,", "Plt 98 x10^9/L (prev 112) ↓"),
        ("and his weight has risen by 3 kg to 71 kg.", "- Weight: 71 kg (74 kg at last review, May 2023)"),
        (
            "Your weight has gone down by 1.8 kg over the past four weeks",
            "Since review 4/52 ago wt up 1.8 kg -> 44.1 kg",
        ),
        ("His weight has gone down by 4 kg", "His weight has increased by 4 kg with worsening ankle swelling."),
        ("Average body weight rose by 14.6% with semaglutide", "Mean body weight decreased by 14.6% with semaglutide."),
    ],
)
def test_a_change_told_the_other_way(unit: str, sentence: str) -> None:
    assert direction_against_previous(unit, ["Seen in clinic today.", sentence]) == 1


@pytest.mark.parametrize(
    ("unit", "sentence"),
    [
        # the same changes told the way the figures go
        ("Your haemoglobin (blood count) has risen to 128,", "Hb 128 g/L (115-165), previously 109 g/L"),
        ("a little lower than last year's 112,", "Plt 98 x10^9/L (prev 112) ↓"),
        ("and his weight has dropped by 3 kg to 71 kg.", "- Weight: 71 kg (74 kg at last review, May 2023)"),
        ("Your weight has gone up by 1.8 kg", "wt up 1.8 kg -> 44.1 kg"),
        # negated, a bound ("up to"), both figures (read by figure_trends), a size
        ("Your haemoglobin has not fallen to 128,", "Hb 128 g/L (115-165), previously 109 g/L"),
        ("Your heart rate went up to 190 beats a minute", "HR 190 (prev 120)"),
        ("Your weight fell from 74 kg to 71 kg.", "- Weight: 71 kg (74 kg at last review, May 2023)"),
        ("The nodule has grown to 21 mm", "Nodule 21 × 14 × 13 mm, previously 15 × 11 × 10 mm"),
        # a bound compared with, not an earlier level
        ("compared with more than 10 times before,", "Vomiting 3-4x/day (was 10+)."),
    ],
)
def test_a_change_told_the_way_its_figures_go_or_not_a_change(unit: str, sentence: str) -> None:
    assert direction_against_previous(unit, [sentence]) is None
