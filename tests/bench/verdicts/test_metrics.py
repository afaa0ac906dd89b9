"""Verdict-quality metrics against hand-counted figures."""

from __future__ import annotations

import math

import pytest
from sklearn.metrics import average_precision_score

from medhal.bench.verdicts import AnswerVerdicts, verdict_report


def answer(label: int, flagged: bool, score: float, verdicts: str, susp: list[float], err: str) -> AnswerVerdicts:
    names = {"S": "supported", "C": "contradicted", "U": "unsupported"}
    return AnswerVerdicts(
        label=label,
        flagged=flagged,
        score=score,
        verdicts=tuple(names[v] for v in verdicts),  # type: ignore[misc]
        suspicions=tuple(susp),
        erroneous=tuple(e == "1" for e in err),
        has_gold=label == 1,
    )


def test_report_against_hand_counts() -> None:
    answers = [
        answer(0, False, 0.1, "SSC", [0.1, 0.2, 0.3], "000"),
        answer(0, True, 0.7, "SU", [0.2, 0.7], "00"),
        answer(1, True, 0.9, "SC", [0.1, 0.9], "01"),
        answer(1, False, 0.4, "SS", [0.6, 0.2], "01"),
    ]
    r = verdict_report(answers)
    assert (r.n_faithful_units, r.n_erroneous_units) == (5, 2)
    assert r.faithful_contradicted == pytest.approx(1 / 5) and r.faithful_supported == pytest.approx(3 / 5)
    assert r.erroneous_contradicted == 0.5 and r.erroneous_supported == 0.5
    assert r.faithful_flagged == 0.5 and r.hallucinated_flagged == 0.5
    assert r.hit1 == 0.5  # first answer's top unit is erroneous, the second's is not
    assert r.auc_pr == pytest.approx(average_precision_score([0, 0, 1, 1], [0.1, 0.7, 0.9, 0.4]))
    # unit ROC-AUC: erroneous (0.9, 0.2) vs faithful (0.1, 0.2, 0.3, 0.2, 0.7): pairs won / total, ties half
    wins = sum((e > f) + 0.5 * (e == f) for e in (0.9, 0.2) for f in (0.1, 0.2, 0.3, 0.2, 0.7))
    assert r.unit_roc_auc == pytest.approx(wins / 10)
    assert r.precision_contradicted == pytest.approx(1 / 2) and r.precision_supported == pytest.approx(3 / 4)


def test_empty_denominators_are_nan() -> None:
    r = verdict_report([answer(0, False, 0.1, "S", [0.1], "0")])
    assert math.isnan(r.erroneous_supported) and math.isnan(r.auc_pr) and math.isnan(r.hit1)
