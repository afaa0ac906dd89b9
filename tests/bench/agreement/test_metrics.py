from __future__ import annotations

import math

import pytest

from medhal.bench.agreement.metrics import (
    fleiss_agreement,
    fleiss_kappa_from_counts,
    fleiss_kappa_score,
    fleiss_table,
    span_f1_score,
)

# Fleiss (1971) worked example as given on Wikipedia ("Fleiss' kappa"): 10 subjects, 14 raters, 5 categories;
# P̄ = 0.378, P̄e = 0.213, kappa = 0.210.
WIKIPEDIA = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
]


def test_fleiss_textbook_example() -> None:
    p_bar, p_e = fleiss_agreement(WIKIPEDIA)
    assert round(p_bar, 3) == 0.378
    assert round(p_e, 3) == 0.213
    assert round(fleiss_kappa_from_counts(WIKIPEDIA), 3) == 0.210
    assert fleiss_kappa_from_counts(WIKIPEDIA) == pytest.approx(0.20993, abs=1e-5)


def test_fleiss_from_ratings_matches_counts() -> None:
    labels = ["c1", "c2", "c3", "c4", "c5"]
    ratings = [[labels[j] for j, c in enumerate(row) for _ in range(c)] for row in WIKIPEDIA]
    assert fleiss_kappa_score(ratings, labels=labels) == pytest.approx(fleiss_kappa_from_counts(WIKIPEDIA))
    assert fleiss_kappa_score(ratings) == pytest.approx(fleiss_kappa_from_counts(WIKIPEDIA))
    cats, table = fleiss_table(ratings, labels=labels)
    assert cats == labels and table == WIKIPEDIA


def test_fleiss_perfect_chance_and_undefined() -> None:
    assert fleiss_kappa_score([["a", "a", "a"], ["b", "b", "b"]]) == pytest.approx(1.0)
    assert fleiss_kappa_from_counts([[3, 0], [0, 3], [2, 1]]) == pytest.approx(0.55)
    assert math.isnan(fleiss_kappa_score([["a", "a", "a"], ["a", "a", "a"]]))  # P̄e = 1
    assert math.isnan(fleiss_kappa_score([]))
    # systematic disagreement is below zero
    assert fleiss_kappa_score([["a", "b"], ["b", "a"]]) < 0


def test_fleiss_rejects_bad_input() -> None:
    with pytest.raises(ValueError, match="same number"):
        fleiss_kappa_score([["a", "b"], ["a"]])
    with pytest.raises(ValueError, match="same number"):
        fleiss_kappa_from_counts([[2, 0], [1, 0]])
    with pytest.raises(ValueError, match="two raters"):
        fleiss_kappa_from_counts([[1, 0], [0, 1]])
    with pytest.raises(ValueError, match="not among labels"):
        fleiss_kappa_score([["a", "z"]], labels=["a", "b"])


def test_span_f1_score() -> None:
    assert span_f1_score({0, 1, 2, 3}, {2, 3}) == pytest.approx(2 / 3)
    assert span_f1_score({2, 3}, {0, 1, 2, 3}) == span_f1_score({0, 1, 2, 3}, {2, 3})
    assert span_f1_score({1}, {1}) == 1.0
    assert span_f1_score({1}, {2}) == 0.0
    assert span_f1_score(set(), set()) == 1.0
    assert span_f1_score(set(), set(), empty_score=0.0) == 0.0
    assert span_f1_score({1}, set()) == 0.0
    assert span_f1_score([1, 1, 2], (2,)) == pytest.approx(2 / 3)  # taken as sets
