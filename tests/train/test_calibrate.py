from __future__ import annotations

import numpy as np
import pytest

from medhal.data.nli import NLIPair
from medhal.train.calibrate import fit_response_threshold, fit_verdict_thresholds


def test_verdict_fit_finds_thresholds_that_separate_the_classes() -> None:
    # entailment rows have P(E) = 0.72, contradiction rows P(C) = 0.66, neutral rows P(E) = 0.55:
    # any entail threshold in (0.55, 0.72] and contradict threshold <= 0.66 classify all correctly
    rows, pairs = [], []
    for label, p in (
        ("entailment", (0.72, 0.2, 0.08)),
        ("neutral", (0.55, 0.3, 0.15)),
        ("contradiction", (0.1, 0.24, 0.66)),
    ):
        for k in range(10):
            rows.append(p)
            pairs.append(NLIPair(f"p{k}", f"h{k}", label, "t"))  # type: ignore[arg-type]
    pairs.append(NLIPair("p", "h", "not_entailment", "t"))
    rows.append((0.2, 0.5, 0.3))
    fit = fit_verdict_thresholds(pairs, np.array(rows))
    assert fit.macro_f1 == pytest.approx(1.0)
    assert 0.55 < fit.entail_threshold <= 0.72 and fit.contradict_threshold <= 0.66
    assert fit.pairs == 30  # the 2-way pair is left out
    assert fit.default_macro_f1 < 1.0  # at 0.5 the neutral rows would be called supported


def test_response_threshold_is_f1_optimal() -> None:
    y = [1, 1, 1, 0, 0, 0]
    s = [0.9, 0.8, 0.3, 0.35, 0.2, 0.1]
    threshold, f1 = fit_response_threshold(y, s)
    # candidates: >=0.8 -> P=1,R=2/3,F1=0.8; >=0.3 -> P=3/4,R=1,F1=0.857; best is 0.3
    assert threshold == 0.3 and f1 == pytest.approx(6 / 7)
