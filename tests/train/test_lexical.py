"""Fitting the lexical head: the offset fit recovers known weights; the dev report is cross-fitted."""

from __future__ import annotations

import numpy as np
import pytest

from fakes import RuleVerifier
from medhal.data.nli import NLIPair
from medhal.train.lexical import fit_lexical_head, fit_on_dev
from medhal.verify.lexical import head_inputs


def _simulate(n: int, lex: np.ndarray, seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    base = np.log(rng.dirichlet([2, 2, 2], size=n))
    feats = np.column_stack(
        [rng.random(n), rng.random(n) < 0.3, rng.random(n) < 0.2, rng.random(n) < 0.25, rng.random(n) < 0.2]
    )
    x = np.hstack([base, feats.astype(float)])
    z = base + feats @ lex.T
    p = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    y = np.array([rng.choice(3, p=row) for row in p])
    return x, y


def test_offset_fit_recovers_the_generating_weights() -> None:
    lex = np.array([[-1.0, -2.0, -1.5, 2.5, -1.0], [1.0, 0.5, 0.0, -1.0, 0.0], [0.0, 1.5, 1.5, -1.5, 1.0]])
    x, y = _simulate(20000, lex)
    head = fit_lexical_head(x, y, np.ones(len(y)), c=100.0)
    got = np.array(head.coef)
    assert np.allclose(got[:, :3], np.eye(3)) and head.intercept == (0.0, 0.0, 0.0)
    # softmax is invariant to a per-feature shift shared by the three rows: compare centred columns
    fitted = got[:, 3:] - got[:, 3:].mean(axis=0)
    truth = lex - lex.mean(axis=0)
    assert np.abs(fitted - truth).max() < 0.2


def test_free_fit_and_label_check() -> None:
    lex = np.zeros((3, 5))
    x, y = _simulate(3000, lex, seed=1)
    head = fit_lexical_head(x, y, np.ones(len(y)), offset=False)
    assert len(head.coef) == 3 and np.array(head.coef)[0, 0] > 0.5  # log P(E) still drives entailment
    with pytest.raises(ValueError, match="three labels"):
        fit_lexical_head(x[y != 1], y[y != 1], np.ones(int((y != 1).sum())))


def _dev() -> dict[str, list[NLIPair]]:
    rng = np.random.default_rng(3)
    out: dict[str, list[NLIPair]] = {"synth_heldout_docs": [], "contrast_heldout": [], "rte_dev": []}
    for i in range(60):
        n = int(rng.integers(20, 900))
        premise = f"The trial number {i} enrolled {n} adults with diabetes. Metformin slowed the decline."
        out["contrast_heldout"].append(
            NLIPair(premise, f"The trial number {i} enrolled {n} adults.", "entailment", "t")
        )
        out["contrast_heldout"].append(
            NLIPair(premise, f"The trial number {i} enrolled {n + 7} adults.", "contradiction", "t")
        )
        out["synth_heldout_docs"].append(NLIPair(premise, "Aspirin cured the headache of a dog.", "neutral", "t"))
        out["synth_heldout_docs"].append(NLIPair(premise, "Metformin slowed the decline.", "entailment", "t"))
        out["rte_dev"].append(NLIPair(premise, "Metformin slowed the decline.", "entailment", "t"))
    return out


def test_fit_on_dev_learns_the_number_cue_and_reports_out_of_fold() -> None:
    dev = _dev()
    head = fit_on_dev(RuleVerifier(), dev, log=lambda _: None)
    report = head.report
    assert set(report["cross_fit"]) == {"synth_heldout_docs", "contrast_heldout"}
    contrast = report["cross_fit"]["contrast_heldout"]
    # the rule verifier cannot see a changed number; with the head the pairs separate out of fold
    assert contrast["with_head"]["macro_f1"] > contrast["model"]["macro_f1"] + 0.3
    assert report["not_fitted"]["rte_dev"]["metric"] == "entailment-vs-not accuracy"
    number = head.features.index("novel_number")
    coef = np.array(head.coef)
    assert coef[2, 3 + number] - coef[0, 3 + number] > 1.0  # a novel number pushes C over E
    pairs = [(p.premise, p.hypothesis) for p in dev["contrast_heldout"][:2]]
    probs = head.apply(RuleVerifier().predict(pairs), pairs)
    assert probs[0].argmax() == 0 and probs[1].argmax() == 2
    assert "dev only" in head.fitted_on and head_inputs(probs, pairs).shape[1] == 8
