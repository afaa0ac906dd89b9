from __future__ import annotations

import math

import pytest

from medhal.bench.localization import (
    coverage_score,
    hit_at_k_score,
    localization_report,
    random_baseline_score,
    unit_hits,
)
from medhal.bench.localization.metrics import binomial_se


def test_unit_hits_use_content_tokens() -> None:
    assert unit_hits("renal calculi", ["for renal calculi", "with a high success rate", "the calculi"]) == [
        1,
        0,
        1,
    ]
    # "with" and "the" are stop words / short: no overlap through them
    assert unit_hits("with the", ["with the laser"]) == [0]


def test_report_matches_hand_computation() -> None:
    gold = ["renal calculi", "protective against growth", "of the"]  # the last has an empty gold token set
    pred = [
        ["for renal calculi", "high success rate", "low morbidity"],  # hit@1
        ["both groups lost control", "polyps differ", "appears protective"],  # hit only at rank 3
        ["anything"],
    ]
    scores = [[0.9, 0.2, 0.1], [0.8, 0.5, 0.4], [0.3]]
    r = localization_report(gold, pred, scores=scores)
    assert (r.n, r.excluded) == (2, 1)
    assert r.hit_at_1 == 0.5 and r.hit_at_3 == 1.0 and r.coverage == 1.0
    assert r.random == pytest.approx((1 / 3 + 1 / 3) / 2)
    assert r.lift == pytest.approx(0.5 - 1 / 3)
    # margin: item 1: 0.9 - mean(0.2, 0.1); item 2: 0.4 - mean(0.8, 0.5)
    assert r.margin == pytest.approx(((0.9 - 0.15) + (0.4 - 0.65)) / 2)
    assert r.se == pytest.approx(math.sqrt(0.25 / 2))
    assert hit_at_k_score(gold, pred, k=1) == 0.5
    assert hit_at_k_score(gold, pred, k=3) == 1.0
    assert coverage_score(gold, pred) == 1.0
    assert random_baseline_score(gold, pred) == pytest.approx(1 / 3)


def test_zero_units_count_as_miss_with_zero_random() -> None:
    r = localization_report(["renal calculi"], [[]])
    assert r.hit_at_1 == 0.0 and r.random == 0.0 and r.coverage == 0.0


def test_seed_000_table_3_significance_arithmetic() -> None:
    # NLI-clause: hit@1 62.0 %, lift +20.3 pp, N = 295 -> SE 2.8 pp, ~7.2 sigma (seed 000 §6.1 / Table 3)
    se = binomial_se(0.620, 295)
    assert round(100 * se, 1) == 2.8
    assert round(0.203 / se, 1) == 7.2
    # AdaTriple: hit@1 39.3 %, lift +3.3 pp -> SE 2.8 pp, not significant (3.3 < 2 x 2.8)
    assert round(100 * binomial_se(0.393, 295), 1) == 2.8 and not 2 * binomial_se(0.393, 295) < 0.033
